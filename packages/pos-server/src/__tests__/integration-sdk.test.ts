import type { AddressInfo } from 'node:net';
import {
  createMemoryDriver,
  createPos,
  type MemoryDriver,
  memoryStorage,
  type Pos,
  RuleError,
} from 'pos-sdk';
import { formatAmount } from 'pos-sdk/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes, MEMBER } from './support/saleSupport';
import { CASHIER, createTestApp, DEMO_PASSWORD, MANAGER, type TestApp } from './support/testApp';

/**
 * The SDK's services (`createPos`, memory storage, memory driver) against the real server listening on a real
 * socket, on a temp SQLite database: no mocks. One cashier's day, in order.
 */
describe('integration: a day at the till through the SDK', () => {
  let t: TestApp;
  let pos: Pos;
  let driver: MemoryDriver;
  let managerId: string;
  const sold: { dayPass?: string; punch?: string; punchInvoice?: string; saleId?: string } = {};

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    driver = createMemoryDriver();
    pos = createPos({
      api: { baseUrl: `http://127.0.0.1:${port}`, hostId: 'TICKET01', retries: 0 },
      storage: memoryStorage(),
      hardware: driver,
    });
    managerId = (
      await t.db.selectFrom('staff').select('id').where('email', '=', MANAGER).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    pos?.dispose();
    await t?.close();
  });

  it('signs in and starts a shift with a float', async () => {
    const profile = await pos.session.signIn(CASHIER, DEMO_PASSWORD);
    expect(profile.name).toEqual({ first: 'Ana', last: 'Cashier' });
    await pos.shift.start();
    expect(pos.shift.needsFloat.value).toBe(true);
    await pos.shift.setFloat('100');
    expect(pos.shift.needsFloat.value).toBe(false);
    expect(pos.shift.current.value?.float.map((entry) => entry.cash)).toEqual([100]);
  });

  it('sells passes and merchandise with a PIN-approved discount and mixed tenders', async () => {
    await pos.catalog.load();
    await pos.cart.add('DAY-ADULT', 2);
    await pos.cart.add('GRIP-M', 1);
    await pos.approval.loadUsers();
    await pos.approval.approveDiscount('DAY-ADULT', {
      value: '10',
      type: 'percentage',
      approver: managerId,
      pin: '2222',
    });
    expect(formatAmount(pos.cart.subtotal.value)).toBe('103.20');
    pos.checkout.setTender('CREDIT CARD', '50');
    pos.checkout.setTender('CASH', '60');
    expect(formatAmount(pos.checkout.change.value)).toBe('6.80');
    const receipt = await pos.checkout.submit({ email: '', confirmedNoEmail: true });
    expect(receipt.order).toMatchObject({ status: 'PAID', total_amount: 103.2, payment: { change: 6.8 } });
    expect(receipt.order.order_details.cart.items[0]?.discount).toMatchObject({
      amount: 9.8,
      approver_name: 'Max Manager',
    });
    expect(receipt.tickets).toHaveLength(2);
    expect(pos.cart.isEmpty.value).toBe(true);
    expect(driver.calls.map((call) => call.kind)).toContain('openDrawer');
    sold.dayPass = receipt.tickets[0]?._id;
    sold.saleId = receipt.order._id;
  });

  it('sells a 10 Punch Day Pass by e-wallet with the customer email', async () => {
    await pos.cart.add('PUNCH-10', 1);
    pos.checkout.setTender('E-WALLET', '350');
    const receipt = await pos.checkout.submit({ email: 'punch@example.com' });
    sold.punch = receipt.tickets[0]?._id;
    sold.punchInvoice = receipt.order.invoice?._id;
    expect(receipt.tickets[0]?.pass.usage_limit).toBe(10);
  });

  it("lists and searches the day's orders, and notes one", async () => {
    const all = await pos.orders.load();
    expect(all).toHaveLength(2);
    expect(all[1]?._id).toBe(sold.saleId);
    const found = await pos.orders.load({ search: 'PUNCH@' });
    expect(found.map((order) => order.invoice?._id)).toEqual([sold.punchInvoice]);
    const noted = await pos.orders.addNote(sold.saleId ?? '', 'Customer paid part by card');
    expect(noted.notes).toEqual([
      { text: 'Customer paid part by card', by: 'Ana Cashier', at: expect.any(String) },
    ]);
  });

  it('redeems a day pass until it is Fully Used', async () => {
    await pos.tickets.get(sold.dayPass ?? '');
    expect(pos.tickets.status.value).toBe('Active');
    expect(pos.tickets.canRedeem.value).toBe(true);
    await pos.tickets.redeem();
    expect(pos.tickets.status.value).toBe('Fully Used');
    expect(pos.tickets.canRedeem.value).toBe(false);
    await expect(pos.tickets.redeem()).rejects.toBeInstanceOf(RuleError);
  });

  it('registers a face photo for the punch pass and reads it back', async () => {
    await pos.tickets.get(sold.punch ?? '');
    const photo = jpegBytes(2048);
    const ticket = await pos.tickets.registerFace(new Uint8Array(photo));
    expect(ticket.face?.registered_at).toEqual(expect.any(String));
    const blob = await pos.tickets.photo(sold.punch ?? '');
    expect(Buffer.from(await blob.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('refunds the punch pass order: REFUNDED, its ticket Canceled', async () => {
    const refunded = await pos.orders.refund(sold.punchInvoice ?? '', 'Bought by mistake');
    expect(refunded).toMatchObject({
      status: 'REFUNDED',
      refund: { reason: 'Bought by mistake', by: 'Ana Cashier' },
    });
    await pos.tickets.get(sold.punch ?? '');
    expect(pos.tickets.status.value).toBe('Canceled');
  });

  it('sells a membership, looks the member up and renews it by 3 months', async () => {
    const { name, email, dob, phone } = MEMBER;
    await pos.cart.add('MEMBER-1M', 1, { member: { name, email, dob, phone } });
    pos.checkout.setTender('CASH', '120');
    const sale = await pos.checkout.submit({ email });
    const membershipTicket = sale.tickets[0];
    const found = await pos.membership.lookup(email);
    expect(found.member).toMatchObject({ name, email });
    expect(found.tickets.map((ticket) => ticket._id)).toEqual([membershipTicket?._id]);
    const form = {
      ...pos.membership.renewalDefaults(found.member),
      payment_type: 'CREDIT CARD',
      quantity: '3',
    };
    expect(formatAmount(pos.membership.renewalAmount(form))).toBe('360.00');
    const renewed = await pos.membership.renew(form);
    expect(renewed.ticket._id).toBe(membershipTicket?._id);
    expect(new Date(renewed.ticket.expiry).getTime()).toBeGreaterThan(
      new Date(membershipTicket?.expiry ?? 0).getTime(),
    );
    expect(renewed.order).toMatchObject({ status: 'PAID', total_amount: 360 });
  });

  it('prints an X report and ends the shift with the variance', async () => {
    const report = await pos.shift.report();
    // Cash sales are net of change: 60 + 120 taken − 6.80 change; card 50 + 360; e-wallet 350
    // taken and refunded. Expected cash = float 100 + cash sales 173.20 − cash refunds 0.
    expect(report).toMatchObject({
      float: 100,
      sales: { cash: 173.2, card: 410, ewallet: 350 },
      refunds: { cash: 0, card: 0, ewallet: 350 },
      expected: { cash: 273.2, card: 410, ewallet: 0 },
      counted: null,
      variance: null,
      orders: { count: 4, refunded: 1, canceled: 0 },
    });
    const closing = await pos.shift.end({ cash: '270', card: '410', ewallet: '0' });
    expect(closing.variance).toEqual({ cash: -3.2, card: 0, ewallet: 0 });
    expect(pos.shift.current.value).toBeNull();
    expect(driver.calls.filter((call) => call.kind === 'print').map((call) => call.document.kind)).toEqual(
      expect.arrayContaining(['sale', 'x-report', 'z-report']),
    );
  });
});
