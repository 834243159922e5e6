import { randomUUID } from 'node:crypto';
import type { EinvoiceDocument } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const SALES = '2026-11-22T02:00:00.000Z';

/** The invoice dialog's call: which e-invoices cover an order, for any signed-in staff member. */
describeOnEngines('the e-invoices of an order', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(SALES);
  const orders: Record<'november' | 'october' | 'cancelled' | 'own', string> = {
    november: '',
    october: '',
    cancelled: '',
    own: '',
  };
  let store = '';

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    cashier = await t.signIn(CASHIER);
    await openShift(t, cashier);
    const sale = async () =>
      (await sell(t, cashier, checkoutBody([cartItem('GRIP-L', 1, clock())]))).order._id;
    orders.november = await sale();
    orders.october = await sale();
    orders.cancelled = await sale();
    orders.own = await sale();
    const cancel = await t.inject({
      method: 'POST',
      url: '/v1/admin/cancel_order',
      payload: { order_id: orders.cancelled, reason: 'Rang up twice' },
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The last instant of October in Kuala Lumpur: October's receipt, not November's.
    await t.db
      .updateTable('orders')
      .set({ created_at: '2026-10-31T15:59:59.999Z' })
      .where('id', '=', orders.october)
      .execute();
    const row = await t.db
      .selectFrom('orders')
      .select('store')
      .where('id', '=', orders.november)
      .executeTakeFirstOrThrow();
    store = row.store;
  });
  afterAll(async () => {
    await t?.close();
  });

  const documentsOf = async (orderId: string, session: TestSession = cashier) => {
    const response = await t.post(session, '/v1/einvoice/order', { order_id: orderId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EinvoiceDocument[]>().map((doc) => `${doc.number} ${doc.status}`);
  };
  const insert = (values: { event_key: string; number: string; status: string; order_id?: string }) =>
    t.db
      .insertInto('einvoice_documents')
      .values({
        id: randomUUID(),
        store,
        type_code: '01',
        next_attempt_at: SALES,
        created_at: SALES,
        ...values,
      } as never)
      .execute();

  it('answers none before the month is submitted, then the consolidated e-invoice of its month, to a cashier too', async () => {
    expect(await documentsOf(orders.november)).toEqual([]);
    await insert({
      event_key: `consolidated:${store}:2026-11`,
      number: `${store}-CE-2026-11`,
      status: 'valid',
    });
    expect(await documentsOf(orders.november)).toEqual([`${store}-CE-2026-11 valid`]);
    expect(await documentsOf(orders.november, manager)).toEqual([`${store}-CE-2026-11 valid`]);
    // Sold on the last instant of October in the venue's time zone: October's, not submitted yet.
    expect(await documentsOf(orders.october)).toEqual([]);
    await insert({
      event_key: `consolidated:${store}:2026-10`,
      number: `${store}-CE-2026-10`,
      status: 'queued',
    });
    expect(await documentsOf(orders.october)).toEqual([`${store}-CE-2026-10 queued`]);
  });

  it('leaves a cancelled order out, and gives an order with its own invoice that one, not the month', async () => {
    expect(await documentsOf(orders.cancelled)).toEqual([]);
    await insert({
      event_key: `sale:${orders.own}`,
      number: `${store}-EI-000004`,
      status: 'submitted',
      order_id: orders.own,
    });
    expect(await documentsOf(orders.own)).toEqual([`${store}-EI-000004 submitted`]);
  });

  it('says in words that an order does not exist, and refuses a request without a session', async () => {
    const missing = await t.post(cashier, '/v1/einvoice/order', { order_id: 'no-such-order' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('No order no-such-order');
    const signedOut = await t.post(undefined, '/v1/einvoice/order', { order_id: orders.november });
    expect(signedOut.statusCode).toBe(403);
  });
});
