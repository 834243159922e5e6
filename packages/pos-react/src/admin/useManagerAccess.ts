import { isPosError } from 'pos-sdk';
import type { TerminalEntry } from 'pos-sdk/contract';
import { useEffect, useState } from 'react';
import { usePos } from '../hooks/usePos';

/** Whether the signed-in staff member may use the back office, and the venue's terminals when they may. */
export type ManagerAccess =
  | { readonly state: 'checking' }
  | { readonly state: 'manager'; readonly terminals: readonly TerminalEntry[] }
  | { readonly state: 'not-manager' }
  | { readonly state: 'failed'; readonly message: string };

/**
 * Asks the server once whether the signed-in staff member is a manager: the terminal list is a manager's call, and a
 * staff member's 403 (`not_permitted`) leaves them signed in (only a token the server refuses signs out). The
 * terminals come back with it: the stores of the dashboard's picker are theirs. The venue's settings are loaded
 * before the screens show.
 */
export function useManagerAccess(): ManagerAccess {
  const pos = usePos();
  const [access, setAccess] = useState<ManagerAccess>({ state: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    // The venue's settings come with it: the back office's days are in the venue's time zone and its shifts are marked
    // by the venue's variance alert, even when it is opened without the till's screen having loaded them (defaults
    // stand in if they cannot be read).
    Promise.all([
      pos.api.terminalList({ signal: controller.signal }),
      pos.venue.load({ signal: controller.signal }).catch(() => undefined),
    ]).then(
      ([terminals]) => setAccess({ state: 'manager', terminals }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isPosError(error) && error.code === 'not_permitted') setAccess({ state: 'not-manager' });
        else setAccess({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [pos]);
  return access;
}
