import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../contract';
import { sen } from '../money';
import { MESSAGES, paymentShortBy } from '../rules/messages';
import { receiptWith } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** A signed-in terminal with the catalogue loaded and a Day Pass (RM 49) in the cart. */
async function terminalWithDayPass(config: Parameters<typeof createTestPos>[0] = {}) {
  const test = createTestPos(config);
  await loadCatalog(test.pos);
  await test.pos.cart.add('DAY-ADULT');
  return test;
}

/** Answers one checkout, recording its body and Idempotency-Key. */
function answerCheckout(seen: { bodies: CheckoutRequest[]; keys: string[] }, status = 200): nock.Scope {
  return server()
    .post('/v1/checkout', (body: CheckoutRequest) => {
      seen.bodies.push(body);
      return true;
    })
    .reply(function reply() {
      seen.keys.push(String(this.req.headers['idempotency-key']));
      return status === 200 ? [200, receiptWith()] : [status, { message: 'Price changed', code: 'conflict' }];
    });
}

describe('services checkout', () => {
  it('change = sum of method amounts minus subtotal; a negative value means short', async () => {
    const { pos } = await terminalWithDayPass();
    expect(pos.checkout.setTender('CASH', '20')).toBe(sen(2000));
    pos.checkout.setTender('CREDIT CARD', '19.5');
    expect(pos.checkout.paid.value).toBe(sen(3950));
    expect(pos.checkout.change.value).toBe(sen(-950));
    expect(pos.checkout.isShort.value).toBe(true);
    expect(pos.checkout.shortBy.value).toBe(sen(950));
    pos.checkout.setTender('E-WALLET', '10');
    expect(pos.checkout.change.value).toBe(sen(50));
    expect(pos.checkout.isShort.value).toBe(false);
  });

  it('a positive number sets the amount; empty or non-positive resets it to 0', async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '50');
    expect(pos.checkout.tenders.value.CASH).toBe(sen(5000));
    expect(pos.checkout.setTender('CASH', '')).toBe(0);
    pos.checkout.setTender('CASH', '50');
    pos.checkout.setTender('CASH', '-5');
    expect(pos.checkout.tenders.value.CASH).toBe(0);
  });

  it('a sale owns its tenders: Clear all or removing the last row drops the tenders, email and attempt key', async () => {
    const { pos, storage } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '350');
    pos.checkout.setCustomerEmail('jane@example.com');
    pos.cart.clear();
    expect(pos.checkout.paid.value).toBe(0);
    expect(pos.checkout.customerEmail.value).toBe('');
    expect(pos.checkout.pendingKey.value).toBeNull();
    expect(storage.get('pos.checkout')).toBeNull();

    await pos.cart.add('DAY-CHILD');
    expect(pos.checkout.paid.value).toBe(0);
    expect(pos.checkout.change.value).toBe(sen(-4000));
    pos.checkout.setTender('CREDIT CARD', '40');
    pos.cart.remove('DAY-CHILD');
    expect(pos.checkout.paid.value).toBe(0);
  });

  it('a reload with no sale open drops tenders left over from before (an empty cart has no payment)', async () => {
    const { pos, storage } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '350');
    pos.dispose();
    storage.remove('pos.cart');
    const reloaded = createTestPos({ storage });
    expect(reloaded.pos.cart.items.value).toEqual([]);
    expect(reloaded.pos.checkout.paid.value).toBe(0);
    expect(storage.get('pos.checkout')).toBeNull();
    reloaded.pos.dispose();
  });

  it('refuses at once change that the tenders do not allow, before calling the server', async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CREDIT CARD', '100');
    expect(pos.checkout.checkPayment()).toBe(false);
    expect(noticeMessages(pos)).toContain(MESSAGES.changeExceedsCash);
    pos.dispose();
  });

  it('a reload restores exactly the sale that was open: its cart and its tenders', async () => {
    const { pos, storage } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '50');
    pos.checkout.setCustomerEmail('jane@example.com');
    const reloaded = createTestPos({ storage });
    expect(reloaded.pos.cart.items.value.map((line) => line.sku)).toEqual(['DAY-ADULT']);
    expect(reloaded.pos.checkout.paid.value).toBe(sen(5000));
    expect(reloaded.pos.checkout.customerEmail.value).toBe('jane@example.com');
    reloaded.pos.dispose();
    pos.dispose();
  });

  it('GIFT CARD is disabled', async () => {
    const { pos } = await terminalWithDayPass();
    expect(() => pos.checkout.setTender('GIFT CARD', '10')).toThrow(MESSAGES.giftCardUnavailable);
  });

  it("checkPayment: 'Insufficient Amount' / 'Payment is short by RM {x}' before the email question, and true once paid", async () => {
    const { pos } = await terminalWithDayPass();
    pos.notices.clear();
    pos.checkout.setTender('CASH', '40');
    expect(pos.checkout.checkPayment()).toBe(false);
    expect(pos.notices.items.value).toEqual([
      expect.objectContaining({
        kind: 'warning',
        title: 'Insufficient Amount',
        message: 'Payment is short by RM 9.00',
        durationMs: 3000,
      }),
    ]);
    pos.checkout.setTender('CASH', '49');
    expect(pos.checkout.checkPayment()).toBe(true);
    expect(pos.notices.items.value).toHaveLength(1);
  });

  it("blocks an empty cart with 'Shopping Cart Empty' / 'No item to checkout' for 3 seconds", async () => {
    const { pos } = createTestPos();
    await expect(pos.checkout.submit({ email: '' })).rejects.toMatchObject({
      name: 'RuleError',
      message: 'No item to checkout',
      title: 'Shopping Cart Empty',
    });
    expect(pos.notices.items.value).toEqual([
      expect.objectContaining({
        kind: 'warning',
        title: 'Shopping Cart Empty',
        message: 'No item to checkout',
        durationMs: 3000,
      }),
    ]);
  });

  it("blocks a short payment with 'Insufficient Amount' / 'Payment is short by RM {x}'", async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '40');
    await expect(pos.checkout.submit({ email: 'guest@example.com' })).rejects.toMatchObject({
      title: MESSAGES.insufficientAmount,
      message: 'Payment is short by RM 9.00',
    });
    expect(pos.notices.items.value.at(-1)).toMatchObject({
      kind: 'warning',
      title: 'Insufficient Amount',
      message: paymentShortBy(sen(900)),
      durationMs: 3000,
    });
  });

  it("refuses an invalid customer email with 'Invalid email format'", async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '49');
    expect(pos.checkout.checkEmail('nope')).toEqual({ kind: 'invalid', message: 'Invalid email format' });
    await expect(pos.checkout.submit({ email: 'nope' })).rejects.toThrow('Invalid email format');
    expect(noticeMessages(pos)).toContain('Invalid email format');
  });

  it('requires the email for multi-punch or membership items', async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    await pos.cart.add('PUNCH-10');
    pos.checkout.setTender('CASH', '350');
    expect(pos.checkout.checkEmail('').kind).toBe('required');
    await expect(pos.checkout.submit({ email: '' })).rejects.toThrow(
      'Order contained item with multiple punches or membership, customer email is required!',
    );
  });

  it("prefills the customer email from the membership item's member; an email entered replaces it", async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    expect(pos.checkout.customerEmail.value).toBe('');
    await pos.cart.add('MEMBER-1M', 1, {
      member: {
        name: 'Mia Member',
        email: 'mia@example.com',
        dob: '1990-05-01',
        phone: { country_code: '60', number: '123456789' },
      },
    });
    expect(pos.checkout.customerEmail.value).toBe('mia@example.com');
    pos.checkout.setCustomerEmail('family@example.com');
    expect(pos.checkout.customerEmail.value).toBe('family@example.com');
    pos.cart.clear();
    expect(pos.checkout.customerEmail.value).toBe('');
  });

  it("asks 'Confirm NOT entering customer email?' before a checkout without email", async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '49');
    expect(pos.checkout.checkEmail('')).toMatchObject({
      kind: 'confirm',
      message: 'Confirm NOT entering customer email?',
    });
    await expect(pos.checkout.submit({ email: '' })).rejects.toThrow(MESSAGES.confirmNoCustomerEmail);
    const seen = { bodies: [] as CheckoutRequest[], keys: [] as string[] };
    answerCheckout(seen);
    await pos.checkout.submit({ email: '', confirmedNoEmail: true });
    expect(seen.bodies[0]?.email).toBe('');
  });

  it("passes the e-invoice buyer along as the checkout's buyer, and sends none when not given", async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '49');
    const seen = { bodies: [] as CheckoutRequest[], keys: [] as string[] };
    answerCheckout(seen);
    const buyer = {
      name: 'Syarikat Sukan Maju Sdn Bhd',
      tin: 'C25845632020',
      id_type: 'BRN',
      id_value: '201901234567',
      address_line: '8 Jalan Raja Chulan',
      city: 'Kuala Lumpur',
      postcode: '50200',
      state_code: '14',
      phone: '+60378901234',
    };
    await pos.checkout.submit({ email: 'guest@example.com', buyer });
    expect(seen.bodies[0]?.buyer).toEqual(buyer);
    await pos.cart.add('DAY-ADULT');
    pos.checkout.setTender('CASH', '49');
    answerCheckout(seen);
    await pos.checkout.submit({ email: 'guest@example.com' });
    expect(seen.bodies[1]).not.toHaveProperty('buyer');
  });

  it("sends the payload, empties cart and tenders, prints the sale, opens the drawer on cash, 'Checkout completed'", async () => {
    const { pos, driver, storage } = await terminalWithDayPass();
    await pos.cart.add('GRIP-M', 2);
    pos.checkout.setTender('CASH', '50');
    pos.checkout.setTender('CREDIT CARD', '30');
    const seen = { bodies: [] as CheckoutRequest[], keys: [] as string[] };
    const scope = answerCheckout(seen);

    const receipt = await pos.checkout.submit({ email: 'guest@example.com' });

    scope.done();
    expect(seen.bodies[0]).toEqual({
      origin: 'STORE',
      email: 'guest@example.com',
      items: [
        expect.objectContaining({ sku: 'DAY-ADULT', quantity: 1, price: { value: 49, currency: 'MYR' } }),
        expect.objectContaining({
          sku: 'GRIP-M',
          quantity: 2,
          type: 'MERCHANDISE',
          price: { value: 15, currency: 'MYR' },
        }),
      ],
      num_items: 3,
      subtotal: 79,
      payment: {
        methods: [
          { type: 'CASH', amount: 50 },
          { type: 'CREDIT CARD', amount: 30 },
        ],
        change: 1,
      },
    });
    expect(receipt.order.invoice?._id).toBe('INV-0001');
    expect(pos.checkout.lastReceipt.value).toEqual(receipt);
    expect(pos.cart.isEmpty.value).toBe(true);
    expect(pos.checkout.paid.value).toBe(0);
    expect(pos.checkout.pendingKey.value).toBeNull();
    expect(storage.get('pos.cart')).toBeNull();
    expect(driver.calls.map((call) => call.kind)).toEqual(['print', 'openDrawer']);
    expect(driver.calls[0]).toMatchObject({
      kind: 'print',
      document: { kind: 'sale', order: receipt.order },
    });
    expect(noticeMessages(pos)).toContain('Checkout completed');
  });

  it('does not open the drawer when no CASH was tendered', async () => {
    const { pos, driver } = await terminalWithDayPass();
    pos.checkout.setTender('E-WALLET', '49');
    answerCheckout({ bodies: [], keys: [] });
    await pos.checkout.submit({ email: 'guest@example.com' });
    expect(driver.calls.map((call) => call.kind)).toEqual(['print']);
  });

  it('a failed checkout leaves cart and tenders exactly as they were, with the error shown', async () => {
    const { pos, driver } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '50');
    const itemsBefore = pos.cart.items.value;
    const tendersBefore = pos.checkout.tenders.value;
    server().post('/v1/checkout').reply(409, { message: 'Price changed', code: 'conflict' });

    await expect(pos.checkout.submit({ email: 'guest@example.com' })).rejects.toMatchObject({
      name: 'PosError',
      code: 'conflict',
      message: 'Price changed',
    });

    expect(pos.cart.items.value).toBe(itemsBefore);
    expect(pos.checkout.tenders.value).toBe(tendersBefore);
    expect(pos.checkout.submitting.value).toBe(false);
    expect(driver.calls).toEqual([]);
    expect(pos.notices.items.value.at(-1)).toMatchObject({ kind: 'error', message: 'Price changed' });
  });

  it('a retried checkout after a dropped response sends the SAME Idempotency-Key', async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '49');
    const keys: string[] = [];
    server()
      .post('/v1/checkout')
      .reply(function dropped() {
        keys.push(String(this.req.headers['idempotency-key']));
        // The server may have written the order; the answer never arrives.
        this.req.destroy(new Error('socket hang up'));
        return [200, {}];
      })
      .post('/v1/checkout')
      .reply(function answered() {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, receiptWith()];
      });

    await expect(pos.checkout.submit({ email: 'guest@example.com' })).rejects.toMatchObject({
      message: 'Server not responding',
    });
    expect(noticeMessages(pos)).toContain('Server not responding');
    expect(pos.cart.numItems.value).toBe(1);
    const pendingKey = pos.checkout.pendingKey.value;
    expect(pendingKey).not.toBeNull();

    await pos.checkout.submit({ email: 'guest@example.com' });

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toBe(pendingKey);
    expect(pos.cart.isEmpty.value).toBe(true);
  });

  it("the api's own retries of the attempt send its key too", async () => {
    const { pos } = await terminalWithDayPass({
      api: { baseUrl: 'http://pos.test', retries: 1, retryDelayMs: 0 },
    });
    pos.checkout.setTender('CASH', '49');
    const keys: string[] = [];
    server()
      .post('/v1/checkout')
      .reply(function busy() {
        keys.push(String(this.req.headers['idempotency-key']));
        return [503, { message: 'busy', code: 'server_error' }];
      })
      .post('/v1/checkout')
      .reply(function answered() {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, receiptWith()];
      });
    await pos.checkout.submit({ email: 'guest@example.com' });
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('the key survives a reload: a retry from a new terminal on the same storage reuses it', async () => {
    const { pos, storage } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '49');
    server().post('/v1/checkout').replyWithError('socket hang up');
    await expect(pos.checkout.submit({ email: 'guest@example.com' })).rejects.toThrow(
      'Server not responding',
    );
    const key = pos.checkout.pendingKey.value;
    pos.dispose();

    const reloaded = createTestPos({ storage }).pos;
    expect(reloaded.cart.numItems.value).toBe(1);
    expect(reloaded.checkout.tenders.value.CASH).toBe(sen(4900));
    expect(reloaded.checkout.pendingKey.value).toBe(key);
    const seen = { bodies: [] as CheckoutRequest[], keys: [] as string[] };
    answerCheckout(seen);
    await reloaded.checkout.submit({ email: 'guest@example.com' });
    expect(seen.keys).toEqual([key]);
  });

  it('a changed cart or tenders is a new attempt with a new key', async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '100');
    server().post('/v1/checkout').replyWithError('socket hang up');
    await expect(pos.checkout.submit({ email: 'guest@example.com' })).rejects.toThrow();
    const firstKey = pos.checkout.pendingKey.value;
    expect(firstKey).not.toBeNull();

    await pos.cart.add('DAY-CHILD');
    expect(pos.checkout.pendingKey.value).toBeNull();

    const seen = { bodies: [] as CheckoutRequest[], keys: [] as string[] };
    answerCheckout(seen);
    await pos.checkout.submit({ email: 'guest@example.com' });
    expect(seen.keys[0]).not.toBe(firstKey);
  });

  it('no double submit: a second press while one is in flight sends nothing more', async () => {
    const { pos } = await terminalWithDayPass();
    pos.checkout.setTender('CASH', '49');
    const seen = { bodies: [] as CheckoutRequest[], keys: [] as string[] };
    answerCheckout(seen);
    const first = pos.checkout.submit({ email: 'guest@example.com' });
    expect(pos.checkout.submitting.value).toBe(true);
    const second = pos.checkout.submit({ email: 'guest@example.com' });
    expect(second).toBe(first);
    await first;
    expect(seen.bodies).toHaveLength(1);
    expect(pos.checkout.submitting.value).toBe(false);
  });

  it('persists tenders and the customer email across a reload', async () => {
    const { pos, storage } = await terminalWithDayPass();
    pos.checkout.setTender('E-WALLET', '12.5');
    pos.checkout.setCustomerEmail('guest@example.com');
    const reloaded = createTestPos({ storage }).pos;
    expect(reloaded.checkout.tenders.value['E-WALLET']).toBe(sen(1250));
    expect(reloaded.checkout.customerEmail.value).toBe('guest@example.com');
  });

  it('a printer fault does not undo the sale: the receipt is returned and the fault shown', async () => {
    const { pos, driver } = await terminalWithDayPass();
    pos.checkout.setTender('CREDIT CARD', '49');
    driver.failWith(new Error('Printer not reachable'));
    answerCheckout({ bodies: [], keys: [] });
    const receipt = await pos.checkout.submit({ email: 'guest@example.com' });
    expect(receipt.order._id).toBe('order-1');
    expect(pos.cart.isEmpty.value).toBe(true);
    expect(noticeMessages(pos)).toEqual(
      expect.arrayContaining(['Checkout completed', 'Printer not reachable']),
    );
  });
});
