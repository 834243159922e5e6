import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unregisterTerminal } from '../terminals/terminals';
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

    /** Runs `during` while another transaction holds the lock `lock` takes; gives that transaction's backend pid. */
    async function withLockHeld<T>(
      lock: RawBuilder<unknown>,
      during: (holder: number) => Promise<T>,
    ): Promise<T> {
      let release = (): void => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = (_pid: number): void => {};
      const held = new Promise<number>((resolve) => {
        holding = resolve;
      });
      const holder = t.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await lock.execute(trx);
        holding(Number(rows[0]?.pid));
        await released;
      });
      try {
        return await during(await held);
      } finally {
        release();
        await holder;
      }
    }
    const waitersOf = async (pid: number): Promise<number[]> => {
      const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`.execute(t.db);
      return rows.map((row) => Number(row.pid));
    };
    const firstWaiterOf = async (pid: number): Promise<number> => {
      for (let tries = 0; tries < 500; tries++) {
        const [waiter] = await waitersOf(pid);
        if (waiter !== undefined) return waiter;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`Nothing waited for backend ${pid}`);
    };
    /** Until `call` has finished, or backend `pid` has a waiter, whichever comes first. */
    const finishedOrWaitingFor = async (call: Promise<unknown>, pid: number): Promise<void> => {
      const finished = call.then(() => 'finished' as const);
      for (let tries = 0; tries < 500; tries++) {
        const state = await Promise.race([finished, waitersOf(pid).then((pids) => pids.length)]);
        if (state === 'finished' || state > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
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
        sql`select id from staff where id = ${cashierId} for update`,
        async (holder) => {
          const started = t.post(session, '/v1/admin/start_shift');
          const shiftBackend = await firstWaiterOf(holder);
          const removed = unregister('TILL-21');
          await finishedOrWaitingFor(removed, shiftBackend);
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
        sql`select token_hash from tokens where terminal_id = ${'TILL-22'} and kind = 'user' limit 1 for update`,
        async (holder) => {
          const removed = unregister('TILL-22');
          const removalBackend = await firstWaiterOf(holder);
          const started = t.post(session, '/v1/admin/start_shift');
          await finishedOrWaitingFor(started, removalBackend);
          return { started, removed };
        },
      );
      const [shift, removal] = await Promise.all([started, removed]);
      expect(removal).toEqual({ done: true, error: undefined });
      expect(shift.statusCode).toBe(403);
      expect(shift.json()).toMatchObject({
        message:
          'Terminal TILL-22 is not registered. A manager registers it with: pos-server terminal add TILL-22',
      });
      expect(await openShiftsOnRetiredTerminals()).toEqual([]);
    });
  },
);
