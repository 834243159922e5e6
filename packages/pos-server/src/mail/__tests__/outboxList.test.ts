import type { MailOutboxResponse, Receipt } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestClock,
  type TestSession,
} from '../../__tests__/support/testApp';

describeOnEngines('the mail outbox list (mail/outbox)', (engine) => {
  let t: TestApp;
  let manager: TestSession;
  let clock: TestClock;
  const receipts: Receipt[] = [];

  beforeAll(async () => {
    clock = createTestClock('2026-11-22T02:00:00.000Z');
    t = await createTestApp({ engine, clock });
    manager = await t.signIn(MANAGER);
    await openShift(t, manager);
    // Three sales a minute apart, each queuing its receipt and its passes.
    for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com']) {
      receipts.push(await sell(t, manager, checkoutBody([cartItem('DAY-ADULT', 1, clock())], { email })));
      clock.advance(60_000);
    }
    // The sender gave up on Ben's receipt.
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: 8, last_error: '550 mailbox unavailable' })
      .where('to_address', '=', 'ben@example.com')
      .where('kind', '=', 'receipt')
      .execute();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const list = async (body: Record<string, unknown>, session = manager) =>
    t.post(session, '/v1/admin/mail/outbox', body);

  it('lists every message newest first with its order and invoice, a page at a time', async () => {
    const first = await list({ limit: 4 });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<MailOutboxResponse>();
    expect(page1.mails.map((mail) => [mail.to, mail.kind])).toEqual([
      ['cat@example.com', expect.any(String)],
      ['cat@example.com', expect.any(String)],
      ['ben@example.com', expect.any(String)],
      ['ben@example.com', expect.any(String)],
    ]);
    expect(page1.next_cursor).not.toBeNull();
    const cat = receipts[2]!.order;
    expect(page1.mails[0]?.order).toEqual({ _id: cat._id, invoice: cat.invoice?._id ?? null });
    const page2 = (await list({ limit: 4, cursor: page1.next_cursor })).json<MailOutboxResponse>();
    expect(page2.mails.map((mail) => mail.to)).toEqual(['ann@example.com', 'ann@example.com']);
    expect(page2.next_cursor).toBeNull();
    const ids = [...page1.mails, ...page2.mails].map((mail) => mail._id);
    expect(new Set(ids).size).toBe(6);
  });

  it('keeps one status: the failed message, with its attempts and last error', async () => {
    const failed = (await list({ status: 'failed' })).json<MailOutboxResponse>();
    expect(failed.mails).toEqual([
      expect.objectContaining({
        to: 'ben@example.com',
        kind: 'receipt',
        status: 'failed',
        attempts: 8,
        last_error: '550 mailbox unavailable',
        sent_at: null,
      }),
    ]);
  });

  it('says what is wrong with a bad request, and refuses staff who are not managers (still signed in)', async () => {
    const badCursor = await list({ cursor: 'not-a-cursor' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ message: 'Invalid cursor' });
    const badStatus = await list({ status: 'lost' });
    expect(badStatus.statusCode).toBe(400);
    const tooMany = await list({ limit: 5000 });
    expect(tooMany.statusCode).toBe(400);
    const cashier = await t.signIn(CASHIER);
    const refused = await list({}, cashier);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_permitted' });
    expect((await t.post(cashier, '/v1/admin/start_shift', {})).statusCode).toBe(200);
  });
});
