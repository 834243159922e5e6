import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DevicePairing, TerminalPairingCode } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import {
  checkPairingCode,
  formatPairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_MINUTES,
} from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import { hashToken } from '../auth';
import { isStore } from '../catalogue';
import type { Database, Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { registerTerminal, terminalStore } from './terminals';

/** A new pairing code: eight characters of the code alphabet, from the system's secure random source. */
function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

/**
 * Makes a one-time pairing code for a terminal, registering the terminal first when it is not (for `store`, else
 * `defaultStore`). A terminal belongs to one store: a code for a registered terminal names its store, and asking for
 * another store is a 409. The terminal's earlier unused codes end now, so only the newest code pairs. Run it in a
 * transaction (the registration, the older codes' end and the new code go together).
 *
 * @throws {HttpProblem} 400 for a malformed terminal id or an unknown store; 409 for a terminal of another store.
 */
export async function makePairingCode(
  db: Db,
  input: { terminal: string; store: string | undefined; defaultStore: string; by: string; now: Date },
): Promise<TerminalPairingCode> {
  const registeredStore = await terminalStore(db, input.terminal);
  if (registeredStore !== undefined && input.store !== undefined && input.store !== registeredStore) {
    throw HttpProblem.conflict(SERVER_MESSAGES.terminalOfOtherStore(input.terminal, registeredStore));
  }
  if (registeredStore === undefined && input.store !== undefined && !(await isStore(db, input.store))) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.unknownStore(input.store), [
      { path: 'store', message: SERVER_MESSAGES.unknownStore(input.store) },
    ]);
  }
  const store = registeredStore ?? input.store ?? input.defaultStore;
  const registered = await registerTerminal(db, { id: input.terminal, store, by: input.by, now: input.now });
  const at = input.now.toISOString();
  await db
    .updateTable('terminal_pairing_codes')
    .set({ expires_at: at })
    .where('terminal_id', '=', input.terminal)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
  const code = newPairingCode();
  const expiresAt = new Date(input.now.getTime() + PAIRING_CODE_MINUTES * 60_000).toISOString();
  await db
    .insertInto('terminal_pairing_codes')
    .values({
      code_hash: hashToken(code),
      terminal_id: input.terminal,
      created_at: at,
      expires_at: expiresAt,
      created_by: input.by,
    })
    .execute();
  return {
    terminal: input.terminal,
    store,
    code: formatPairingCode(code),
    expires_at: expiresAt,
    registered,
  };
}

/**
 * Uses a pairing code: the device that sent it becomes the code's terminal, of that terminal's store. A code works
 * once (one statement marks it used, so two devices sending it at the same moment cannot both pair) and only until
 * it expires.
 *
 * @throws {HttpProblem} 400 for text that is no pairing code; 404 for an unknown code; 409 for an expired or used code,
 *   or a terminal unregistered since.
 */
export async function usePairingCode(db: Db, text: string, now: Date): Promise<DevicePairing> {
  const checked = checkPairingCode(text);
  if (!checked.ok)
    throw HttpProblem.invalidRequest(checked.message, [{ path: 'code', message: checked.message }]);
  const codeHash = hashToken(checked.value);
  const at = now.toISOString();
  const used = await db
    .updateTable('terminal_pairing_codes')
    .set({ used_at: at })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('terminal_id')
    .executeTakeFirst();
  if (used === undefined) {
    const row = await db
      .selectFrom('terminal_pairing_codes')
      .select(['used_at'])
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (row === undefined) throw HttpProblem.notFound(SERVER_MESSAGES.pairingCodeUnknown);
    throw HttpProblem.conflict(
      row.used_at === null ? SERVER_MESSAGES.pairingCodeExpired : SERVER_MESSAGES.pairingCodeUsed,
    );
  }
  const store = await terminalStore(db, used.terminal_id);
  if (store === undefined) throw HttpProblem.conflict(SERVER_MESSAGES.unregisteredTerminal(used.terminal_id));
  return { terminal: used.terminal_id, store };
}

/**
 * terminals/pair: a manager's pairing code for a terminal ({@link makePairingCode}), in one transaction with the
 * `terminal.pairing_code` audit entry.
 */
export async function issuePairingCode(
  db: Kysely<Database>,
  input: {
    terminal: string;
    store: string | undefined;
    defaultStore: string;
    staff: { id: string; email: string };
    terminalId: string;
    now: Date;
  },
): Promise<TerminalPairingCode> {
  const { staff, terminalId, now } = input;
  return db.transaction().execute(async (trx) => {
    const made = await makePairingCode(trx, {
      terminal: input.terminal,
      store: input.store,
      defaultStore: input.defaultStore,
      by: staff.email,
      now,
    });
    await recordAudit(trx, {
      action: 'terminal.pairing_code',
      staffId: staff.id,
      terminalId,
      at: now,
      details: { terminal: made.terminal, store: made.store, registered: made.registered },
    });
    return made;
  });
}
