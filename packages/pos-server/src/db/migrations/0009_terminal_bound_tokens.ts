import type { Kysely } from 'kysely';

/**
 * Tokens end and are bound to a terminal:
 * - `tokens.revoked_at`: set by sign-out (`/v1/admin_logout`) and by `pos-server user revoke-tokens`; a revoked
 *   token is refused like an expired one.
 * - `tokens.terminal_id`: the registered terminal (`X-Host-Name`) a user token was issued on; every call with the
 *   token must come from that terminal. Tokens issued before this migration have none and are refused (their
 *   holders sign in again).
 * - `terminals.registered_by`: who registered the terminal (null for terminals created on first use before);
 *   `terminals.retired_at`: set when a terminal is unregistered (its row stays for the shifts and orders of it).
 */
export const terminalBoundTokens = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tokens').addColumn('terminal_id', 'text').execute();
    await db.schema.alterTable('tokens').addColumn('revoked_at', 'text').execute();
    await db.schema.createIndex('tokens_staff_id').on('tokens').column('staff_id').execute();
    await db.schema.alterTable('terminals').addColumn('registered_by', 'text').execute();
    await db.schema.alterTable('terminals').addColumn('retired_at', 'text').execute();
  },
};
