import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOST_ID } from '../auth/authentication';
import { hashSecret } from '../auth/secretHash';
import {
  consumeIdToken,
  ID_TOKEN_TTL_MS,
  issueIdTokenForPassword,
  issueUserTokenForIdToken,
  revokeStaffTokens,
} from '../auth/staffTokens';
import { firstWaiterOf, withLockHeld } from './support/pgLocks';
import {
  CASHIER,
  createTestApp,
  DEMO_PASSWORD,
  describeOnEngines,
  MANAGER,
  PG_TEST_URL,
  type TestApp,
  type TestSession,
} from './support/testApp';

/**
 * A password reset (or a disable) is meant to lock the old password's holder out: it changes the staff row, then
 * revokes the member's tokens. A sign-in with the old password running at that moment read the row before the reset;
 * its token must still not outlive the reset (it used to be issued after the revocation, and nobody revoked it).
 */
describeOnEngines('tokens issued while a password is reset', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(async () => {
    await t.close();
  });

  const staffRow = (email: string) =>
    t.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('issues no identity token for a password that was changed since it was checked', async () => {
    const before = await staffRow(CASHIER);
    const now = t.clock();
    const valid = await issueIdTokenForPassword(t.db, {
      staffId: before.id,
      passwordHash: before.password_hash,
      ttlMs: ID_TOKEN_TTL_MS,
      now,
    });
    expect(valid?.token).toMatch(/\S{20,}/);

    await t.db
      .updateTable('staff')
      .set({ password_hash: await hashSecret('a-new-password-1') })
      .where('id', '=', before.id)
      .execute();
    const stale = await issueIdTokenForPassword(t.db, {
      staffId: before.id,
      passwordHash: before.password_hash,
      ttlMs: ID_TOKEN_TTL_MS,
      now,
    });
    expect(stale).toBeUndefined();
    await t.db
      .updateTable('staff')
      .set({ password_hash: before.password_hash })
      .where('id', '=', before.id)
      .execute();
  });

  it('issues no identity token to a member disabled since the password was checked', async () => {
    const manager = await staffRow(MANAGER);
    await t.db.updateTable('staff').set({ active: 0 }).where('id', '=', manager.id).execute();
    const issued = await issueIdTokenForPassword(t.db, {
      staffId: manager.id,
      passwordHash: manager.password_hash,
      ttlMs: ID_TOKEN_TTL_MS,
      now: t.clock(),
    });
    expect(issued).toBeUndefined();
    await t.db.updateTable('staff').set({ active: 1 }).where('id', '=', manager.id).execute();
  });

  it('issues no user token for an identity token revoked after it was used', async () => {
    const signIn = await t.post(undefined, '/v1/identity/sign_in', {
      email: CASHIER,
      password: DEMO_PASSWORD,
    });
    const { idToken } = signIn.json<{ idToken: string }>();
    const now = t.clock();
    const staffId = await consumeIdToken(t.db, idToken, now);
    expect(staffId).toBe((await staffRow(CASHIER)).id);
    await revokeStaffTokens(t.db, staffId ?? '', now);
    const issued = await issueUserTokenForIdToken(t.db, {
      idToken,
      ttlMs: 60 * 60_000,
      now,
      terminalId: DEFAULT_HOST_ID,
    });
    expect(issued).toBeUndefined();
  });

  it('still signs in as before', async () => {
    const session = await t.signIn(CASHIER);
    expect(session.profile.email).toBe(CASHIER);
  });
});

/**
 * On PostgreSQL the reset can commit while a sign-in with the old password is between its check and its token. The
 * sign-in is held there by a lock on an expired token that its housekeeping (deleting expired tokens) must wait for.
 */
describe.skipIf(PG_TEST_URL === undefined)(
  'a sign-in with the old password during a password reset [postgres]',
  () => {
    let t: TestApp;
    let manager: TestSession;

    beforeAll(async () => {
      t = await createTestApp({ engine: 'postgres' });
      manager = await t.signIn(MANAGER);
    });
    afterAll(async () => {
      await t.close();
    });

    it('gives no token to a sign-in whose old password was reset between its check and its token', async () => {
      const managerRow = await t.db
        .selectFrom('staff')
        .select('id')
        .where('email', '=', MANAGER)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('tokens')
        .values({
          token_hash: 'expired-token-held-by-the-test',
          kind: 'id',
          staff_id: managerRow.id,
          created_at: '2000-01-01T00:00:00.000Z',
          expires_at: '2000-01-01T00:05:00.000Z',
          used_at: null,
          terminal_id: null,
        })
        .execute();
      const { signIn, reset } = await withLockHeld(
        t.db,
        sql`select token_hash from tokens where token_hash = 'expired-token-held-by-the-test' for update`,
        async (holder) => {
          const signIn = t.post(undefined, '/v1/identity/sign_in', {
            email: CASHIER,
            password: DEMO_PASSWORD,
          });
          // The old password is checked; the sign-in waits to delete the expired tokens. The reset commits meanwhile.
          await firstWaiterOf(t.db, holder);
          const reset = await t.post(manager, '/v1/admin/staff/reset_password', {
            email: CASHIER,
            password: 'a-long-new-password',
          });
          return { signIn, reset };
        },
      );
      expect(reset.statusCode).toBe(200);
      const answer = await signIn;
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'invalid_credentials' });
      const live = await t.db
        .selectFrom('tokens')
        .innerJoin('staff', 'staff.id', 'tokens.staff_id')
        .select('tokens.kind')
        .where('staff.email', '=', CASHIER)
        .where('tokens.revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
      // The new password works.
      const session = await t.signIn(CASHIER, { password: 'a-long-new-password' });
      expect(session.profile.email).toBe(CASHIER);
    });
  },
);
