import { randomUUID } from 'node:crypto';
import type { Receipt } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/createDb';
import { hashRequestBody, withIdempotency } from '../http/idempotency';
import { type ChildServer, requireFreshBuild, startChildServer } from './support/childServer';
import { cartItem, checkoutBody, openShift } from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  PG_TEST_URL,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

/** The bound the issue sets: a retried sale after a crash is answered within 5 s. */
const RETRY_ANSWERED_WITHIN_MS = 5_000;

describeOnEngines('idempotency after a crash: a server killed during a checkout', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const children: ChildServer[] = [];

  beforeAll(async () => {
    requireFreshBuild();
    t = await createTestApp({ engine });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const child of children) await child.stop();
    await t?.close();
  }, SETUP_TIMEOUT_MS);

  const countOrders = async () => (await t.db.selectFrom('orders').select('id').execute()).length;

  it('answers the retry with the same Idempotency-Key within 5 s after a restart, with exactly one order', async () => {
    const key = randomUUID();
    const body = JSON.stringify(checkoutBody([cartItem('DAY-ADULT', 2)]));
    const send = (url: string) =>
      fetch(`${url}/v1/checkout`, {
        method: 'POST',
        headers: { ...session.headers, 'content-type': 'application/json', 'idempotency-key': key },
        body,
      });
    const before = await countOrders();

    const first = await startChildServer(t, { pauseAfterInsertInto: 'tickets' });
    children.push(first);
    const cut = send(first.url).then(
      (response) => response.status,
      () => 'no answer',
    );
    await first.paused; // inside the sale's transaction: order and tickets written, nothing committed
    await first.crash();
    expect(await cut).toBe('no answer');

    const restarted = await startChildServer(t);
    children.push(restarted);
    const sentAt = Date.now();
    const retry = await send(restarted.url);
    const answeredInMs = Date.now() - sentAt;
    expect(retry.status).toBe(200);
    expect(answeredInMs).toBeLessThan(RETRY_ANSWERED_WITHIN_MS);
    const receipt = (await retry.json()) as Receipt;
    expect(receipt.tickets).toHaveLength(2);
    expect(await countOrders()).toBe(before + 1);

    // The same key once more: the stored answer, still one order.
    const replay = await send(restarted.url);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as Receipt).order._id).toBe(receipt.order._id);
    expect(await countOrders()).toBe(before + 1);
  }, 60_000);
});

describe.skipIf(PG_TEST_URL === undefined)(
  'idempotency when PostgreSQL cannot see the server die (its host lost power) [postgres]',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine: 'postgres' });
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await t?.close();
    }, SETUP_TIMEOUT_MS);

    it("ends the silent server's open transaction, so a retry with the same key claims it and runs once", async () => {
      const staff = await t.db
        .selectFrom('staff')
        .select('id')
        .where('email', '=', CASHIER)
        .executeTakeFirstOrThrow();
      const request = {
        key: randomUUID(),
        scope: 'checkout',
        staffId: staff.id,
        bodyHash: hashRequestBody({ total: 49 }),
        now: new Date(),
      };
      // The "dead" server: its connection stays open, but it never sends another statement.
      const silent = createDb(PG_TEST_URL ?? '', {
        schema: t.schema,
        poolSize: 1,
        idleInTransactionTimeoutMs: 300,
      });
      let wakeUp = () => {};
      const frozen = new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
      let claimed = () => {};
      const hasClaimed = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      const dead = withIdempotency(silent, request, async (trx) => {
        await trx.selectFrom('staff').select('id').execute();
        claimed();
        await frozen;
        return { run: 'dead' };
      }).catch((error: unknown) => error);
      await hasClaimed;

      let runs = 0;
      const retry = await withIdempotency(t.db, request, async () => {
        runs++;
        return { run: 'retry' };
      });
      expect(retry).toEqual({ body: { run: 'retry' }, replayed: false });
      expect(runs).toBe(1);

      wakeUp();
      expect(await dead).toBeInstanceOf(Error); // its transaction was ended: it cannot commit a second answer
      await silent.destroy().catch(() => {});
      const replay = await withIdempotency(t.db, request, async () => ({ run: 'again' }));
      expect(replay).toEqual({ body: { run: 'retry' }, replayed: true });
    }, 60_000);
  },
);
