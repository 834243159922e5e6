import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import type { ShiftReport } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, postCheckout } from '../../__tests__/support/saleSupport';
import { createTestApp, PG_TEST_URL, type TestApp, type TestSession } from '../../__tests__/support/testApp';
import { DEFAULT_HOST_ID } from '../../auth/authentication';
import { readShiftReport } from '../shiftReport';

/**
 * The X report adds its figures up from several statements. A sale committed between two of them must be counted by
 * all of them or by none: here the report is paused after its first statements while a sale paid with change is
 * made, and the report must still add up (cash sales = RM 49 a sale, whatever the change).
 *
 * PostgreSQL only: the pause is in a plugin's handling of a statement's result, which on SQLite's one connection holds
 * the connection, so no sale could come between the statements there with or without the report's transaction (the
 * test could not fail). There the transaction is what holds the connection for the whole report.
 */
describe.skipIf(PG_TEST_URL === undefined)('the X report while a sale is made [postgres]', () => {
  let t: TestApp;
  let session: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    session = await t.signIn();
    await openShift(t, session, 100);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A Day Pass (RM 49) paid with RM 50 in cash: RM 1 change. */
  const saleWithChange = () =>
    postCheckout(t, session, checkoutBody([cartItem('DAY-ADULT')], { tenders: [['CASH', 50]] }));

  /** A plugin that holds the `after`-th statement's result until `release` is called. */
  function pauseAfter(after: number) {
    let count = 0;
    let paused = (): void => {};
    const reached = new Promise<void>((resolve) => {
      paused = resolve;
    });
    let release = (): void => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        count += 1;
        if (count === after) {
          paused();
          await released;
        }
        return args.result;
      },
    };
    return { plugin, reached, release };
  }

  it('adds up when a sale commits between its statements', async () => {
    expect((await saleWithChange()).statusCode).toBe(200);
    // Pause after the shift, the float and the tenders (before the change and the counts).
    const pause = pauseAfter(3);
    const report = readShiftReport(t.db.withPlugin(pause.plugin) as typeof t.db, DEFAULT_HOST_ID);
    await pause.reached;
    const sale = saleWithChange();
    await sale; // it commits while the report waits between its statements
    pause.release();
    const [answer, sold] = await Promise.all([report, sale]);
    expect(sold.statusCode).toBe(200);
    const counted = answer.orders.count;
    expect(answer.sales.cash).toBe(49 * counted);
    expect(answer.change_given).toBe(counted);
    expect(answer.expected.cash).toBe(100 + 49 * counted);
    // The next report counts both sales.
    const after = (await t.post(session, '/v1/admin/shift_report')).json<ShiftReport>();
    expect(after.orders.count).toBe(2);
    expect(after.sales.cash).toBe(98);
  });
});
