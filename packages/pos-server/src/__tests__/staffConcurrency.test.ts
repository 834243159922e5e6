import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitersOf, withLockHeld } from './support/pgLocks';
import {
  createTestApp,
  MANAGER,
  PG_TEST_URL,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

const SECOND_MANAGER = 'siti@venue.my';
const SECOND_PASSWORD = 'a-long-password';

/**
 * "The venue keeps an active manager" when two managers disable or demote each other at the same moment
 * (PostgreSQL, READ COMMITTED). A plain count of the other active managers is a write skew: both calls count one
 * other manager, each then writes a different row, and the venue is left with none. SQLite runs one write
 * transaction at a time, so there the two cannot overlap at all.
 *
 * The race is made certain: the test's own transaction locks both managers' staff rows, both calls are sent, and
 * the lock is released only once both calls wait for it (past their count on a code that counts without a lock).
 */
describe.skipIf(PG_TEST_URL === undefined)('two managers taking each other away at once [postgres]', () => {
  let t: TestApp;
  let max: TestSession;
  let siti: TestSession;
  let maxId: string;
  let sitiId: string;

  beforeEach(async () => {
    t = await createTestApp({ engine: 'postgres' });
    max = await t.signIn(MANAGER);
    const added = await t.post(max, '/v1/admin/staff/add', {
      email: SECOND_MANAGER,
      first: 'Siti',
      last: 'Aminah',
      role: 'manager',
      password: SECOND_PASSWORD,
      pin: '4821',
    });
    expect(added.statusCode).toBe(200);
    siti = await t.signIn(SECOND_MANAGER, { password: SECOND_PASSWORD });
    const ids = await t.db.selectFrom('staff').select(['id', 'email']).execute();
    maxId = ids.find((row) => row.email === MANAGER)?.id ?? '';
    sitiId = ids.find((row) => row.email === SECOND_MANAGER)?.id ?? '';
    expect(await activeManagers()).toBe(2);
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => {
    await t.close();
  });

  async function activeManagers(): Promise<number> {
    const row = await t.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role', '=', 'manager')
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Sends the calls, in order, while the staff rows `locked` (default: both managers') are locked by another
   * transaction: each call is sent once the one before waits for that lock (so they queue in that order), and the
   * lock is released once all of them wait.
   */
  async function atOnce(
    sends: (() => Promise<LightMyRequestResponse>)[],
    locked: string[] = [maxId, sitiId],
  ): Promise<LightMyRequestResponse[]> {
    const calls = await withLockHeld(
      t.db,
      sql`select id from staff where id in (${sql.join(locked)}) for no key update`,
      async (pid) => {
        const sent: Promise<LightMyRequestResponse>[] = [];
        for (const send of sends) {
          sent.push(send());
          let waiting = 0;
          for (let tries = 0; tries < 500 && waiting < sent.length; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 10));
            waiting = (await waitersOf(t.db, pid)).length;
          }
          expect(waiting, 'the calls sent so far wait for the locked rows').toBe(sent.length);
        }
        return sent;
      },
    );
    return Promise.all(calls);
  }

  const disable = (by: TestSession, email: string) =>
    t.post(by, '/v1/admin/staff/set_active', { email, active: false });
  const demote = (by: TestSession, email: string) =>
    t.post(by, '/v1/admin/staff/edit', { email, changes: { role: 'staff' } });

  /** One call did its change; the other answers the last-manager refusal; one active manager is left. */
  async function expectOneManagerLeft(responses: LightMyRequestResponse[]): Promise<void> {
    expect(await activeManagers(), 'active managers left').toBe(1);
    const statuses = responses.map((response) => response.statusCode).sort((a, b) => a - b);
    expect(statuses).toEqual([200, 422]);
    const refused = responses.find((response) => response.statusCode === 422);
    expect(refused?.json()).toMatchObject({ code: 'rule', message: BACK_OFFICE_MESSAGES.lastManager });
  }

  it('keeps one active manager when two managers disable each other at the same moment', async () => {
    const responses = await atOnce([() => disable(max, SECOND_MANAGER), () => disable(siti, MANAGER)]);
    await expectOneManagerLeft(responses);
  });

  it('keeps one active manager when one manager disables the other while being demoted by them', async () => {
    const responses = await atOnce([() => disable(max, SECOND_MANAGER), () => demote(siti, MANAGER)]);
    await expectOneManagerLeft(responses);
  });

  it('keeps one active manager when two managers demote each other at the same moment', async () => {
    const responses = await atOnce([() => demote(max, SECOND_MANAGER), () => demote(siti, MANAGER)]);
    await expectOneManagerLeft(responses);
  });

  it('disables a member while their password is reset at the same moment, without a deadlock', async () => {
    const added = await t.post(max, '/v1/admin/staff/add', {
      email: 'ana.b@venue.my',
      first: 'Ana',
      last: 'B',
      password: SECOND_PASSWORD,
      pin: '4822',
    });
    expect(added.statusCode).toBe(200);
    await t.signIn('ana.b@venue.my', { password: SECOND_PASSWORD }); // a token for the disable to revoke
    const responses = await atOnce(
      [
        // The reset waits first (at its update of the member's row), the disable behind it.
        () =>
          t.post(siti, '/v1/admin/staff/reset_password', {
            email: 'ana.b@venue.my',
            password: 'another-password',
          }),
        () => disable(max, 'ana.b@venue.my'),
      ],
      [added.json<{ _id: string }>()._id],
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const member = await t.db
      .selectFrom('staff')
      .select('active')
      .where('email', '=', 'ana.b@venue.my')
      .executeTakeFirstOrThrow();
    expect(member.active).toBe(0);
  });
});
