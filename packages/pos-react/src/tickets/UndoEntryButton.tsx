import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Button } from '../components/Button';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';

/** How long the button stays after an entry at most, in seconds (the venue's window may be longer). */
export const UNDO_ENTRY_SHOWN_SECONDS = 15;

/** The venue's window when its settings are not loaded (the server's default). */
const DEFAULT_WINDOW_SECONDS = 60;

/**
 * 'Undo entry': shown for a few seconds after this terminal's redeem of `ticketId` (the shorter of
 * {@link UNDO_ENTRY_SHOWN_SECONDS} and the venue's `entry_undo_seconds`), for when the door did not open or the
 * member turned back. It calls `tickets.annul`; the server has the last word on the window.
 */
export function UndoEntryButton({ ticketId }: { readonly ticketId: string }) {
  useSignals();
  const pos = usePos();
  const entry = pos.tickets.lastEntry.value;
  const windowSeconds = pos.venue.settings.value?.entry_undo_seconds ?? DEFAULT_WINDOW_SECONDS;
  const [expired, setExpired] = useState<string | null>(null);
  const undo = usePosAction(() => pos.tickets.annul());
  const key = entry === null ? null : `${entry.ticketId}@${entry.usedAt}`;

  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setExpired(key), Math.min(windowSeconds, UNDO_ENTRY_SHOWN_SECONDS) * 1000);
    return () => clearTimeout(timer);
  }, [key, windowSeconds]);

  if (entry === null || entry.ticketId !== ticketId || expired === key || windowSeconds === 0) return null;
  return (
    <Button
      variant="danger"
      loading={undo.busy}
      onClick={() => void undo.run()}
      className="sm:min-w-36"
      data-testid="undo-entry"
    >
      Undo entry
    </Button>
  );
}
