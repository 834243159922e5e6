import { pairDevice } from 'pos-sdk';
import type { DevicePairing } from 'pos-sdk/contract';
import { checkPairingCode, checkTerminalId, describePairingCode } from 'pos-sdk/rules';
import { readCliSettings, writeCliSettings } from '../context/CliSettings';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** Options of `pos terminal pair` (the global `--store`: the store a new terminal sells for). */
export interface TerminalPairOptions {
  readonly store?: string;
}

/**
 * A terminal id as typed, by the SDK's rule: `pos terminal pair -- -cmd` is refused in the rule's words (exit 2)
 * before anything is sent.
 */
function terminalIdOf(text: string): string {
  const checked = checkTerminalId(text);
  if (!checked.ok) throw new UsageError(checked.message);
  return checked.value;
}

/** `pos terminal list`: the registered terminals, with their stores and who registered them. */
export async function terminalList(ctx: CliContext): Promise<void> {
  const terminals = await ctx.signedIn().api.terminalList();
  if (ctx.json) return ctx.printJson(terminals);
  if (terminals.length === 0) return ctx.print('No terminal is registered: pos terminal pair TICKET01');
  ctx.print(
    renderTable(
      ['TERMINAL', 'STORE', 'REGISTERED', 'BY'],
      terminals.map((entry) => [
        entry._id,
        entry.store,
        ctx.formatDate(entry.registered_at),
        entry.registered_by ?? '',
      ]),
      { color: ctx.color },
    ),
  );
}

/**
 * `pos terminal pair ID`: registers the terminal if needed (for `--store`, else the server's store) and makes a
 * one-time pairing code for a device to become it. A newer code ends the terminal's earlier unused ones.
 */
export async function terminalPair(ctx: CliContext, id: string, options: TerminalPairOptions): Promise<void> {
  const terminal = terminalIdOf(id);
  const store = options.store?.trim() || undefined;
  const made = await ctx.signedIn().api.terminalPair({ terminal, ...(store === undefined ? {} : { store }) });
  if (ctx.json) return ctx.printJson(made);
  ctx.print(describePairingCode(made));
}

/** `pos terminal remove ID`: unregisters a terminal; its device is signed out and must be paired again. */
export async function terminalRemove(ctx: CliContext, id: string): Promise<void> {
  const terminal = terminalIdOf(id);
  const removed = await ctx.signedIn().api.terminalRemove({ terminal });
  if (ctx.json) return ctx.printJson(removed);
  ctx.print(
    `Unregistered terminal ${removed.terminal}: its device is signed out and must be paired again (pos terminal pair ${removed.terminal})`,
  );
}

/**
 * `pos pair CODE`: makes this computer the terminal a manager's one-time code names (with no code, the terminal of a
 * server that pairs devices by itself, the demo). The terminal and its store are saved with the server, so the next
 * `pos login` signs in on that terminal and the commands after it use its store. A session of another terminal
 * ends: its token works only from that terminal.
 */
export async function pair(ctx: CliContext, code: string | undefined): Promise<void> {
  let typed: string | undefined;
  if (code !== undefined) {
    // The SDK checks it again; checked here, a typo is a usage error in the rule's words (exit 2).
    const checked = checkPairingCode(code);
    if (!checked.ok) throw new UsageError(checked.message);
    typed = checked.value;
  }
  const pairing: DevicePairing = await pairDevice({ baseUrl: ctx.server }, typed);
  const signedInElsewhere = ctx.pos.session.isSignedIn.value && ctx.hostId !== pairing.terminal;
  if (signedInElsewhere) await ctx.pos.session.signOut();
  writeCliSettings(ctx.storage, {
    ...readCliSettings(ctx.storage),
    server: ctx.server,
    hostId: pairing.terminal,
    store: pairing.store,
  });
  if (ctx.json) return ctx.printJson(pairing);
  ctx.print(`This computer is terminal ${pairing.terminal} of store ${pairing.store} at ${ctx.server}`);
  if (signedInElsewhere)
    ctx.print(`Signed out of ${ctx.hostId}: sign in on ${pairing.terminal} with pos login`);
  else if (!ctx.pos.session.isSignedIn.value) ctx.print('Sign in on it: pos login');
}
