import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  openShift,
  postCheckout,
  sell,
  staffId,
} from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  demoPin,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

const SITI = 'siti@venue.my';
const NOT_AN_APPROVER =
  'Siti Aminah cannot approve discounts: choose a manager or a staff member allowed to approve';
const OWN_DISCOUNT =
  'You cannot approve your own discount: choose a manager or a staff member allowed to approve';

describeOnEngines('discount approvers', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock();

  const audited = (action: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['staff_id', 'subject_id'])
      .where('action', '=', action)
      .orderBy('seq')
      .execute();
  const approvers = async () =>
    (await t.post(cashier, '/v1/admin/users')).json<{ email: string }[]>().map((user) => user.email);
  const setRight = (email: string, allowed: boolean) =>
    t.post(manager, '/v1/admin/staff/edit', { email, changes: { approve_discounts: allowed } });

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER);
    await openShift(t, cashier);
    const added = await t.post(manager, '/v1/admin/staff/add', {
      email: SITI,
      first: 'Siti',
      last: 'Aminah',
      password: 'a-long-password',
      pin: '4821',
    });
    expect(added.json()).toMatchObject({ role: 'staff', approve_discounts: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('offers only the managers as approvers while no staff member has the right', async () => {
    expect(await approvers()).toEqual([MANAGER]);
  });

  it(`refuses a staff approver without the right: 403 not_permitted '${NOT_AN_APPROVER}', the cashier stays signed in`, async () => {
    const siti = await staffId(t, SITI);
    const refused = await t.post(cashier, '/v1/admin/verify_pin', { approver: siti, pin: '4821' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_AN_APPROVER, code: 'not_permitted' });
    expect((await t.post(cashier, '/v1/admin/users')).statusCode).toBe(200);
    expect(await audited('approval.refused')).toEqual([
      { staff_id: await staffId(t, CASHIER), subject_id: siti },
    ]);
    expect(await t.db.selectFrom('approvals').select('token_hash').execute()).toEqual([]);
  });

  it(`refuses a cashier approving her own discount without the right: 403 '${OWN_DISCOUNT}'`, async () => {
    const ana = await staffId(t, CASHIER);
    const refused = await t.post(cashier, '/v1/admin/verify_pin', { approver: ana, pin: demoPin(CASHIER) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWN_DISCOUNT, code: 'not_permitted' });
    // Not a PIN try: a refused approver cannot lock anyone out or learn whether a PIN is right.
    expect(await audited('pin.rejected')).toEqual([]);
  });

  it('a manager approves, and the sale records the cashier and the approver', async () => {
    const approval = await approve(t, cashier);
    const item = discounted(cartItem('DAY-ADULT', 1, clock()), { type: 'percentage', value: 50 }, approval);
    const { order } = await sell(t, cashier, checkoutBody([item]));
    expect(order.order_details.cart.items[0]?.discount).toMatchObject({ approver: approval.approver });
    expect(await audited('approval.used')).toEqual([
      { staff_id: await staffId(t, CASHIER), subject_id: await staffId(t, MANAGER) },
    ]);
  });

  it('a staff member a manager granted approve_discounts approves, her own discount too', async () => {
    const granted = await setRight(CASHIER, true);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ email: CASHIER, role: 'staff', approve_discounts: true });
    expect(await approvers()).toEqual([CASHIER, MANAGER]);
    const staff = (await t.post(manager, '/v1/admin/staff/list')).json<
      { email: string; approve_discounts: boolean }[]
    >();
    expect(staff.find((member) => member.email === CASHIER)?.approve_discounts).toBe(true);
    expect(staff.find((member) => member.email === SITI)?.approve_discounts).toBe(false);

    const approval = await approve(t, cashier, CASHIER);
    const item = discounted(cartItem('DAY-CHILD', 1, clock()), { type: 'amount', value: 5 }, approval);
    expect((await postCheckout(t, cashier, checkoutBody([item]))).statusCode).toBe(200);
  });

  it('revoking takes effect at once: the users list, verify_pin and a checkout with an approval issued before', async () => {
    const approval = await approve(t, cashier, CASHIER);
    const revoked = await setRight(CASHIER, false);
    expect(revoked.json()).toMatchObject({ approve_discounts: false });
    expect(await approvers()).toEqual([MANAGER]);

    const item = discounted(cartItem('DAY-ADULT', 1, clock()), { type: 'percentage', value: 50 }, approval);
    const ordersBefore = await t.db.selectFrom('orders').select('id').execute();
    const sale = await postCheckout(t, cashier, checkoutBody([item]));
    expect(sale.statusCode).toBe(403);
    expect(sale.json()).toEqual({ message: OWN_DISCOUNT, code: 'not_permitted' });
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(ordersBefore.length);

    const again = await t.post(cashier, '/v1/admin/verify_pin', {
      approver: await staffId(t, CASHIER),
      pin: demoPin(CASHIER),
    });
    expect(again.statusCode).toBe(403);
  });

  it('only a manager grants the right, and it must be true or false', async () => {
    const bySelf = await t.post(cashier, '/v1/admin/staff/edit', {
      email: CASHIER,
      changes: { approve_discounts: true },
    });
    expect(bySelf.statusCode).toBe(403);
    expect(bySelf.json().code).toBe('not_permitted');
    const wrong = await t.post(manager, '/v1/admin/staff/edit', {
      email: SITI,
      changes: { approve_discounts: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'changes.approve_discounts', message: 'must be true or false' },
    ]);
    expect(await approvers()).toEqual([MANAGER]);
  });
});
