import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unregisterTerminal } from '../terminals/terminals';
import { finishedOrWaitingFor, firstWaiterOf, withLockHeld } from './support/pgLocks';
import { CASHIER, createTestApp, MANAGER, PG_TEST_URL, type TestApp } from './support/testApp';

/**
 * A terminal unregistered (`pos-server terminal remove`) while a shift is being opened on it: never an open shift on a
 * retired terminal (nobody could end it). PostgreSQL runs the two side by side; SQLite one after the other.
 */
describe.skipIf(PG_TEST_URL === undefined)(
  'a terminal unregistered while a shift opens on it [postgres]',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ engine: 'postgres' });
    });
    afterAll(async () => {
      await t.close();
    });

    const unregister = (id: string) =>
      t.db
        .transaction()
        .execute((trx) => unregisterTerminal(trx, id, t.clock()))
        .then(
          (done) => ({ done, error: undefined }),
          (error: unknown) => ({ done: false, error }),
        );
    const openShiftsOnRetiredTerminals = () =>
      t.db
        .selectFrom('shifts')
        .innerJoin('terminals', 'terminals.id', 'shifts.terminal_id')
        .select('shifts.id')
        .where('shifts.closed_at', 'is', null)
        .where('terminals.retired_at', 'is not', null)
        .execute();

    it('refuses to unregister a terminal whose shift is opening at that moment', async () => {
      const session = await t.signIn(CASHIER, { host: 'TILL-21' });
      const cashierId = (
        await t.db.selectFrom('staff').select('id').where('email', '=', CASHIER).executeTakeFirstOrThrow()
      ).id;
      // start_shift inserts its shift, then waits at its audit entry (the cashier's row held); the terminal is
      // unregistered meanwhile.
      const { started, removed } = await withLockHeld(
        t.db,
        sql`select id from staff where id = ${cashierId} for update`,
        async (holder) => {
          const started = t.post(session, '/v1/admin/start_shift');
          const shiftBackend = await firstWaiterOf(t.db, holder);
          const removed = unregister('TILL-21');
          await finishedOrWaitingFor(t.db, removed, shiftBackend);
          return { started, removed };
        },
      );
      const [shift, removal] = await Promise.all([started, removed]);
      expect(shift.statusCode).toBe(200);
      expect(removal.done).toBe(false);
      expect(String(removal.error)).toContain(
        'Terminal TILL-21 has an open shift: end the shift before unregistering the terminal',
      );
      expect(await openShiftsOnRetiredTerminals()).toEqual([]);
    });

    it('refuses to open a shift on a terminal being unregistered at that moment', async () => {
      const session = await t.signIn(CASHIER, { host: 'TILL-22' });
      await t.signIn(MANAGER, { host: 'TILL-22' });
      // The unregistration retires the terminal, then waits to revoke its tokens (one of them held); start_shift is
      // sent meanwhile (its token is still valid until the unregistration commits).
      const { started, removed } = await withLockHeld(
        t.db,
        sql`select token_hash from tokens where terminal_id = ${'TILL-22'} and kind = 'user' limit 1 for update`,
        async (holder) => {
          const removed = unregister('TILL-22');
          const removalBackend = await firstWaiterOf(t.db, holder);
          const started = t.post(session, '/v1/admin/start_shift');
          await finishedOrWaitingFor(t.db, started, removalBackend);
          return { started, removed };
        },
      );
      const [shift, removal] = await Promise.all([started, removed]);
      expect(removal).toEqual({ done: true, error: undefined });
      expect(shift.statusCode).toBe(403);
      expect(shift.json()).toMatchObject({
        message:
          'Terminal TILL-22 is not registered. A manager pairs this device with it: pos terminal pair TILL-22',
      });
      expect(await openShiftsOnRetiredTerminals()).toEqual([]);
    });
  },
);
