import type { Db } from '../db/Database';
import type { SignedIn } from './authentication';
import { createOpaqueToken, hashToken } from './opaqueToken';

/**
 * The kiosk behind a kiosk token: its terminal and the manager who enabled it, while the token is not revoked, the
 * terminal not retired and the manager still active. Undefined otherwise.
 */
export async function findKioskHolder(db: Db, token: string): Promise<SignedIn | undefined> {
  const row = await db
    .selectFrom('kiosk_tokens')
    .innerJoin('staff', 'staff.id', 'kiosk_tokens.enabled_by')
    .innerJoin('terminals', 'terminals.id', 'kiosk_tokens.terminal_id')
    .selectAll('staff')
    .select('kiosk_tokens.terminal_id as kiosk_terminal_id')
    .where('kiosk_tokens.token_hash', '=', hashToken(token))
    .where('kiosk_tokens.revoked_at', 'is', null)
    .where('terminals.retired_at', 'is', null)
    .where('staff.active', '=', 1)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const { kiosk_terminal_id: terminalId, ...staff } = row;
  return { staff, terminalId, kiosk: true };
}

/**
 * Issues a kiosk token for a terminal, enabled by a manager; the terminal's earlier kiosk tokens are revoked (one
 * kiosk per terminal).
 */
export async function issueKioskToken(
  db: Db,
  options: { terminalId: string; enabledBy: string; now: Date },
): Promise<string> {
  const token = createOpaqueToken();
  const at = options.now.toISOString();
  await db
    .updateTable('kiosk_tokens')
    .set({ revoked_at: at })
    .where('terminal_id', '=', options.terminalId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .insertInto('kiosk_tokens')
    .values({
      token_hash: hashToken(token),
      terminal_id: options.terminalId,
      enabled_by: options.enabledBy,
      created_at: at,
    })
    .execute();
  return token;
}

/** Revokes every kiosk token of a terminal (kiosk mode ends). @returns how many were revoked. */
export async function revokeKioskTokens(db: Db, terminalId: string, now: Date): Promise<number> {
  const rows = await db
    .updateTable('kiosk_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('terminal_id', '=', terminalId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.length;
}
