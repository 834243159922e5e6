import type { Shift, ShiftReport } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

describeOnEngines("any shift's report by its id (shifts/report)", (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  let shiftId: string;

  beforeAll(async () => {
    const clock = createTestClock('2026-11-22T02:00:00.000Z');
    t = await createTestApp({ engine, clock });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    shiftId = (await t.post(cashier, '/v1/admin/start_shift', {})).json<Shift>()._id;
    await t.post(cashier, '/v1/admin/set_float', { float: 100 });
    await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 2, clock())], { email: 'ann@example.com' }));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const reportOf = (id: string, session = manager) =>
    t.post(session, '/v1/admin/shifts/report', { shift_id: id });

  it("is the terminal's X report while the shift is open, from another terminal", async () => {
    const x = (await t.post(cashier, '/v1/admin/shift_report', {})).json<ShiftReport>();
    const answer = await reportOf(shiftId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ShiftReport>()).toEqual(x);
    expect(x).toMatchObject({ shift_id: shiftId, closed_at: null, counted: null, variance: null });
  });

  it('is the end-of-shift report once closed: counted and the variance, as end_shift answered', async () => {
    const z = (
      await t.post(cashier, '/v1/admin/end_shift', { cash: 190, card: 0, ewallet: 0 })
    ).json<ShiftReport>();
    expect(z.variance).toEqual({ cash: -8, card: 0, ewallet: 0 });
    expect((await reportOf(shiftId)).json<ShiftReport>()).toEqual(z);
  });

  it('says a shift is not found, and refuses staff who are not managers', async () => {
    const missing = await reportOf('no-such-shift');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Shift not found' });
    expect((await reportOf(shiftId, cashier)).statusCode).toBe(403);
    expect((await t.post(manager, '/v1/admin/shifts/report', {})).statusCode).toBe(400);
  });
});
