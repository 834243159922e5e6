import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromRinggit } from 'pos-sdk/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import type { Database, TenderMethod } from '../../db/Database';

let hostCounter = 0;
/** A fresh terminal per test: shifts are per terminal, so tests sharing one app do not meet. */
const newHost = () => `TEST-${++hostCounter}`;

interface FakeOrder {
  shiftId: string;
  terminal: string;
  staffId: string;
  tenders: [TenderMethod, number][];
  change: number;
  status?: 'PAID' | 'CANCELED' | 'REFUNDED';
  reversedIn?: string;
}

/** Writes an order with its tenders straight into the tables the report reads (what checkout will write). */
async function insertOrder(db: Kysely<Database>, order: FakeOrder): Promise<void> {
  const id = randomUUID();
  const tendered = order.tenders.reduce((sum, [, amount]) => sum + fromRinggit(amount), 0);
  const change = fromRinggit(order.change);
  const now = new Date().toISOString();
  await db
    .insertInto('orders')
    .values({
      id,
      kind: 'sale',
      store: 'STORE',
      terminal_id: order.terminal,
      shift_id: order.shiftId,
      staff_id: order.staffId,
      status: order.status ?? 'PAID',
      currency: 'MYR',
      customer_email: null,
      num_items: 1,
      subtotal_sen: tendered - change,
      discount_sen: 0,
      total_sen: tendered - change,
      tendered_sen: tendered,
      change_sen: change,
      created_at: now,
      canceled_at: null,
      canceled_by: null,
      cancel_reason: null,
      refunded_at: null,
      refunded_by: null,
      refund_reason: null,
      reversed_in_shift_id: order.reversedIn ?? null,
    })
    .execute();
  for (const [index, [method, amount]] of order.tenders.entries()) {
    await db
      .insertInto('tenders')
      .values({
        id: randomUUID(),
        order_id: id,
        position: index + 1,
        method,
        amount_sen: fromRinggit(amount),
      })
      .execute();
  }
}

describeOnEngines('shifts', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    cashier = await t.signIn(CASHIER);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);
  /** The same staff member signed in on another terminal (a token works only on the terminal it signed in on). */
  const as = (session: TestSession, host: string): Promise<TestSession> =>
    t.signIn(session.profile.email, { host });

  it('opens a shift with an empty float on start_shift, and returns the same open shift after', async () => {
    const session = await as(cashier, newHost());
    const first = await t.post(session, '/v1/admin/start_shift');
    expect(first.statusCode).toBe(200);
    const shift = first.json();
    expect(shift).toMatchObject({
      terminal: session.headers['x-host-name'],
      staff: 'Ana Cashier',
      float: [],
    });
    expect(Number.isNaN(Date.parse(shift.opened_at))).toBe(false);
    const again = await t.post(session, '/v1/admin/start_shift');
    expect(again.json()._id).toBe(shift._id);
  });

  it("returns the terminal's open shift to another staff member on the same terminal", async () => {
    const host = newHost();
    const opened = (await t.post(await as(cashier, host), '/v1/admin/start_shift')).json();
    const manager = await as(await t.signIn(MANAGER), host);
    expect((await t.post(manager, '/v1/admin/start_shift')).json()._id).toBe(opened._id);
  });

  it('opens only one shift when a terminal sends start_shift twice at once', async () => {
    const session = await as(cashier, newHost());
    const answers = await Promise.all([1, 2, 3].map(() => t.post(session, '/v1/admin/start_shift')));
    expect(new Set(answers.map((answer) => answer.json()._id)).size).toBe(1);
  });

  it('keeps one shift per terminal', async () => {
    const a = (await t.post(await as(cashier, newHost()), '/v1/admin/start_shift')).json();
    const b = (await t.post(await as(cashier, newHost()), '/v1/admin/start_shift')).json();
    expect(a._id).not.toBe(b._id);
  });

  it('appends float entries in ringgit; a negative entry is cash taken out', async () => {
    const session = await as(cashier, newHost());
    await t.post(session, '/v1/admin/start_shift');
    expect((await t.post(session, '/v1/admin/set_float', { float: 200.5 })).statusCode).toBe(200);
    const response = await t.post(session, '/v1/admin/set_float', { float: -50 });
    expect(response.statusCode).toBe(200);
    expect(response.json().float.map((entry: { cash: number }) => entry.cash)).toEqual([200.5, -50]);
  });

  it("refuses a float that brings the drawer below zero (422 'Float cannot bring the drawer below RM 0.00')", async () => {
    const session = await as(cashier, newHost());
    await t.post(session, '/v1/admin/start_shift');
    await t.post(session, '/v1/admin/set_float', { float: 20 });
    const response = await t.post(session, '/v1/admin/set_float', { float: -20.01 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'rule',
      message: 'Float cannot bring the drawer below RM 0.00',
    });
  });

  it('answers 400 naming float for a float with more than 2 decimals or no float', async () => {
    const session = await as(cashier, newHost());
    await t.post(session, '/v1/admin/start_shift');
    for (const body of [{ float: 1.234 }, {}, { float: '12' }]) {
      const response = await t.post(session, '/v1/admin/set_float', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].path).toBe('float');
    }
  });

  describe("answers 409 'No open shift' without an open shift", () => {
    it.each([
      ['/v1/admin/set_float', { float: 10 }],
      ['/v1/admin/shift_report', {}],
      ['/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 }],
    ])('%s', async (url, body) => {
      const response = await t.post(await as(cashier, newHost()), url, body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'No open shift', code: 'conflict' });
    });
  });

  it('answers 400 for end_shift without cash, card or ewallet, or with a negative amount', async () => {
    const session = await as(cashier, newHost());
    await t.post(session, '/v1/admin/start_shift');
    const missing = await t.post(session, '/v1/admin/end_shift', { cash: 10 });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['card', 'ewallet']);
    const negative = await t.post(session, '/v1/admin/end_shift', { cash: -1, card: 0, ewallet: 0 });
    expect(negative.statusCode).toBe(400);
  });

  it('reports the open shift as an X report: nothing closed, counted and variance null', async () => {
    const session = await as(cashier, newHost());
    const shift = (await t.post(session, '/v1/admin/start_shift')).json();
    await t.post(session, '/v1/admin/set_float', { float: 100 });
    const report = (await t.post(session, '/v1/admin/shift_report')).json();
    expect(report).toMatchObject({
      shift_id: shift._id,
      closed_at: null,
      float: 100,
      expected: { cash: 100, card: 0, ewallet: 0 },
      counted: null,
      variance: null,
      orders: { count: 0, refunded: 0, canceled: 0 },
    });
    expect((await t.post(session, '/v1/admin/start_shift')).json()._id).toBe(shift._id);
  });

  it('counting blind: staff get 403 for the shift so far, a manager still sees it; the alert and the flag round-trip', async () => {
    const manager = await t.signIn(MANAGER);
    const settings = async (changes: Record<string, unknown>) =>
      t.post(manager, '/v1/admin/settings/set', changes);
    const session = await as(cashier, newHost());
    await t.post(session, '/v1/admin/start_shift');
    await t.post(session, '/v1/admin/set_float', { float: 50 });
    expect((await t.post(manager, '/v1/admin/venue')).json()).toMatchObject({
      variance_alert: 5,
      blind_count: false,
    });

    const set = await settings({ blind_count: true, variance_alert: 12.5 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ variance_alert: 12.5, blind_count: true });
    try {
      const refused = await t.post(session, '/v1/admin/shift_report');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'not_permitted',
        message:
          "This venue counts the takings blind: the shift's figures show after Close Shift (managers see them any time)",
      });
      // The cashier stays signed in, and the count itself is not blind to the report that follows it.
      const ended = await t.post(session, '/v1/admin/end_shift', { cash: 40, card: 0, ewallet: 0 });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({
        expected: { cash: 50 },
        counted: { cash: 40 },
        variance: { cash: -10 },
      });
      const managerHere = await as(manager, newHost());
      await t.post(managerHere, '/v1/admin/start_shift');
      expect((await t.post(managerHere, '/v1/admin/shift_report')).statusCode).toBe(200);
      expect((await settings({ variance_alert: -1 })).statusCode).toBe(400);
      expect((await settings({ blind_count: 'yes' })).json().message).toContain('must be true or false');
    } finally {
      await settings({ blind_count: false, variance_alert: 5 });
    }
  });

  it('ends the shift: expected cash = float + cash taken − change given − cash refunded; variance = counted − expected', async () => {
    const host = newHost();
    const session = await as(cashier, host);
    const shift = (await t.post(session, '/v1/admin/start_shift')).json();
    const staffId = cashier.profile._id;
    await t.post(session, '/v1/admin/set_float', { float: 200 });
    await t.post(session, '/v1/admin/set_float', { float: -20 });
    // Cash 100 for a 49 sale: 51 change. Card 350. Mixed: cash 20 + e-wallet 29.
    await insertOrder(t.db, {
      shiftId: shift._id,
      terminal: host,
      staffId,
      tenders: [['CASH', 100]],
      change: 51,
    });
    await insertOrder(t.db, {
      shiftId: shift._id,
      terminal: host,
      staffId,
      tenders: [['CREDIT CARD', 350]],
      change: 0,
    });
    await insertOrder(t.db, {
      shiftId: shift._id,
      terminal: host,
      staffId,
      tenders: [
        ['CASH', 20],
        ['E-WALLET', 29],
      ],
      change: 0,
    });
    // Refunded in this shift: cash 50 for a 40 sale (10 change) -> 40 cash back.
    await insertOrder(t.db, {
      shiftId: shift._id,
      terminal: host,
      staffId,
      tenders: [['CASH', 50]],
      change: 10,
      status: 'REFUNDED',
      reversedIn: shift._id,
    });
    // Canceled in this shift: card 30 back.
    await insertOrder(t.db, {
      shiftId: shift._id,
      terminal: host,
      staffId,
      tenders: [['CREDIT CARD', 30]],
      change: 0,
      status: 'CANCELED',
      reversedIn: shift._id,
    });

    const response = await t.post(session, '/v1/admin/end_shift', { cash: 250, card: 350, ewallet: 29.5 });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    // cash: 170 handed over − 61 change = 109 of cash sales; 180 float + 109 − 40 refunded = 249
    expect(report).toMatchObject({
      shift_id: shift._id,
      terminal: host,
      staff: 'Ana Cashier',
      float: 180,
      sales: { cash: 109, card: 380, ewallet: 29 },
      change_given: 61,
      refunds: { cash: 40, card: 30, ewallet: 0 },
      expected: { cash: 249, card: 350, ewallet: 29 },
      counted: { cash: 250, card: 350, ewallet: 29.5 },
      variance: { cash: 1, card: 0, ewallet: 0.5 },
      orders: { count: 5, refunded: 1, canceled: 1 },
    });
    expect(report.closed_at).not.toBeNull();
    // The columns reconcile: float + sales − refunds = expected; counted − expected = variance.
    for (const method of ['cash', 'card', 'ewallet'] as const) {
      const float = method === 'cash' ? fromRinggit(report.float) : 0;
      const sum = float + fromRinggit(report.sales[method]) - fromRinggit(report.refunds[method]);
      expect(sum, method).toBe(fromRinggit(report.expected[method]));
      expect(fromRinggit(report.counted[method]) - fromRinggit(report.expected[method]), method).toBe(
        fromRinggit(report.variance[method]),
      );
    }

    expect((await t.post(session, '/v1/admin/shift_report')).statusCode).toBe(409);
    const next = (await t.post(session, '/v1/admin/start_shift')).json();
    expect(next._id).not.toBe(shift._id);
    expect(next.float).toEqual([]);
  });

  it('counts cash sales net of change: one RM 98 sale paid with RM 200 is RM 98 of sales, and expected adds up', async () => {
    const host = newHost();
    const session = await as(cashier, host);
    const shift = (await t.post(session, '/v1/admin/start_shift')).json();
    await t.post(session, '/v1/admin/set_float', { float: 100 });
    await insertOrder(t.db, {
      shiftId: shift._id,
      terminal: host,
      staffId: cashier.profile._id,
      tenders: [['CASH', 200]],
      change: 102,
    });
    const report = (await t.post(session, '/v1/admin/shift_report')).json();
    expect(report).toMatchObject({
      float: 100,
      sales: { cash: 98, card: 0, ewallet: 0 },
      change_given: 102,
      expected: { cash: 198, card: 0, ewallet: 0 },
    });
  });

  it('counts a refund in the shift it was made in, not the shift of the sale', async () => {
    const host = newHost();
    const session = await as(cashier, host);
    const first = (await t.post(session, '/v1/admin/start_shift')).json();
    await insertOrder(t.db, {
      shiftId: first._id,
      terminal: host,
      staffId: cashier.profile._id,
      tenders: [['CASH', 49]],
      change: 0,
    });
    await t.post(session, '/v1/admin/end_shift', { cash: 49, card: 0, ewallet: 0 });
    const second = (await t.post(session, '/v1/admin/start_shift')).json();
    await t.post(session, '/v1/admin/set_float', { float: 100 });
    await t.db
      .updateTable('orders')
      .set({ status: 'REFUNDED', reversed_in_shift_id: second._id })
      .where('shift_id', '=', first._id)
      .execute();
    const report = (await t.post(session, '/v1/admin/shift_report')).json();
    expect(report).toMatchObject({
      sales: { cash: 0 },
      refunds: { cash: 49 },
      expected: { cash: 51 },
      orders: { count: 0, refunded: 1 },
    });
  });

  it('closes a shift once when end_shift is sent twice at once', async () => {
    const session = await as(cashier, newHost());
    await t.post(session, '/v1/admin/start_shift');
    const answers = await Promise.all(
      [1, 2].map(() => t.post(session, '/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('records opening, floats and closing in the audit log with staff and terminal', async () => {
    const host = newHost();
    const session = await as(cashier, host);
    await t.post(session, '/v1/admin/start_shift');
    await t.post(session, '/v1/admin/set_float', { float: 12.5 });
    await t.post(session, '/v1/admin/end_shift', { cash: 12.5, card: 0, ewallet: 0 });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'amount_sen'])
      .where('terminal_id', '=', host)
      .where('action', 'like', 'shift.%')
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { action: 'shift.opened', staff_id: cashier.profile._id, amount_sen: null },
      { action: 'shift.float_set', staff_id: cashier.profile._id, amount_sen: 1250 },
      { action: 'shift.closed', staff_id: cashier.profile._id, amount_sen: 1250 },
    ]);
  });
});
