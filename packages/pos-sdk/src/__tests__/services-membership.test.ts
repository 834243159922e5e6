import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../contract';
import { sen } from '../money';
import { MESSAGES } from '../rules/messages';
import type { RenewalForm } from '../services/MembershipService';
import { DAY_START, MEMBER, orderWith, ticketWith } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const LOOKUP = { member: MEMBER, orders: [orderWith()], tickets: [ticketWith()] };

async function terminalWithMember() {
  const test = createTestPos();
  await loadCatalog(test.pos);
  server().post('/v1/lookup_membership', { email: MEMBER.email }).reply(200, LOOKUP);
  await test.pos.membership.lookup(MEMBER.email);
  return test;
}

function renewalForm(
  pos: ReturnType<typeof createTestPos>['pos'],
  overrides: Partial<RenewalForm> = {},
): RenewalForm {
  return { ...pos.membership.renewalDefaults(MEMBER), payment_type: 'CASH', ...overrides };
}

describe('services membership', () => {
  it('looks up members by email and selects the member', async () => {
    const { pos } = await terminalWithMember();
    expect(pos.membership.result.value).toEqual(LOOKUP);
    expect(pos.membership.selectedMember.value).toEqual(MEMBER);
    expect(pos.membership.searching.value).toBe(false);
  });

  it("refuses an invalid email: 'The input is not valid E-mail!'", async () => {
    const { pos } = createTestPos();
    await expect(pos.membership.lookup('nobody')).rejects.toMatchObject({
      name: 'FormError',
      details: [{ path: 'email', message: 'The input is not valid E-mail!' }],
    });
  });

  it('a failed member search clears the selected member', async () => {
    const { pos } = await terminalWithMember();
    server().post('/v1/lookup_membership').reply(404, { message: 'No member found', code: 'not_found' });
    await expect(pos.membership.lookup('other@example.com')).rejects.toMatchObject({
      name: 'PosError',
      code: 'not_found',
    });
    expect(pos.membership.selectedMember.value).toBeNull();
    expect(pos.membership.result.value).toBeNull();
    expect(noticeMessages(pos)).toEqual(['No member found']);
  });

  it('the clear action clears the search result', async () => {
    const { pos } = await terminalWithMember();
    pos.membership.clear();
    expect(pos.membership.result.value).toBeNull();
    expect(pos.membership.selectedMember.value).toBeNull();
    pos.membership.selectMember(MEMBER);
    expect(pos.membership.selectedMember.value).toEqual(MEMBER);
  });

  it('prefills the renewal form from the member and the renewal product, the birth date as DD-MM-YYYY', async () => {
    const { pos } = await terminalWithMember();
    expect(pos.membership.renewalDefaults({ ...MEMBER, dob: '1990-04-30T16:00:00.000Z' }).dob).toBe(
      '01-05-1990',
    );
    expect(pos.membership.renewalDefaults(MEMBER)).toEqual({
      sku: 'RENEW-1M',
      name: 'Mia Member',
      email: 'mia@example.com',
      country_code: '60',
      phone: '123456789',
      dob: '01-05-1990',
      payment_type: '',
      quantity: '1',
    });
  });

  it('the payment amount is price value times quantity', async () => {
    const { pos } = await terminalWithMember();
    expect(pos.membership.renewalAmount({ sku: 'RENEW-1M', quantity: '3' })).toBe(sen(36000));
    expect(pos.membership.renewalAmount({ sku: 'RENEW-1M', quantity: '' })).toBe(0);
  });

  it("renews with one RENEW item, the member's details and one tender: 'Membership renewed successfully'", async () => {
    const { pos } = await terminalWithMember();
    let sent: CheckoutRequest | undefined;
    let key: unknown;
    server()
      .post('/v1/renew_membership', (body: CheckoutRequest) => {
        sent = body;
        return true;
      })
      .reply(function reply() {
        key = this.req.headers['idempotency-key'];
        return [200, { order: orderWith({ total_amount: 240 }), ticket: ticketWith() }];
      });

    const renewed = await pos.membership.renew(
      renewalForm(pos, { quantity: '2', payment_type: 'CREDIT CARD' }),
    );

    expect(renewed.order.total_amount).toBe(240);
    expect(typeof key).toBe('string');
    expect(sent).toEqual({
      origin: 'STORE',
      email: 'mia@example.com',
      items: [
        expect.objectContaining({
          sku: 'RENEW-1M',
          name: 'Membership Renewal',
          category: 'Membership',
          quantity: 2,
          visit_date: DAY_START,
          price: { value: 120, currency: 'MYR' },
          member: {
            type: 'Adult',
            sku: 'RENEW-1M',
            name: 'Mia Member',
            email: 'mia@example.com',
            dob: '1990-05-01',
            phone: { country_code: '60', number: '123456789' },
          },
        }),
      ],
      num_items: 2,
      subtotal: 240,
      payment: { methods: [{ type: 'CREDIT CARD', amount: 240 }], change: 0 },
    });
    expect(noticeMessages(pos)).toEqual(['Membership renewed successfully']);
    expect(pos.membership.selectedMember.value).toEqual(MEMBER);
  });

  it('takes split tenders like the payment screen: change in cash, the receipt printed and the drawer opened', async () => {
    const { pos, driver } = await terminalWithMember();
    const form = renewalForm(pos, { tenders: { CASH: '50', 'CREDIT CARD': '100' } });
    expect(pos.membership.renewalPayment(form)).toMatchObject({
      amount: sen(12000),
      paid: sen(15000),
      change: sen(3000),
      shortBy: 0,
      refusal: null,
      tenders: [
        { type: 'CASH', amount: sen(5000) },
        { type: 'CREDIT CARD', amount: sen(10000) },
      ],
    });
    let sent: CheckoutRequest | undefined;
    server()
      .post('/v1/renew_membership', (body: CheckoutRequest) => {
        sent = body;
        return true;
      })
      .reply(200, { order: orderWith({ total_amount: 120 }), ticket: ticketWith() });

    await pos.membership.renew(form);

    expect(sent?.payment).toEqual({
      methods: [
        { type: 'CASH', amount: 50 },
        { type: 'CREDIT CARD', amount: 100 },
      ],
      change: 30,
    });
    expect(driver.calls.map((call) => call.kind)).toEqual(['print', 'openDrawer']);
    expect(driver.printedTexts()[0]).toContain('RM 120.00'); // the order the server answered
  });

  it("refuses a short split ('Payment is short by RM 20.00'), change beyond the cash, and a typo per method", async () => {
    const { pos } = await terminalWithMember();
    const short = renewalForm(pos, { payment_type: 'CREDIT CARD', tenders: { 'CREDIT CARD': '100' } });
    expect(pos.membership.renewalPayment(short)).toMatchObject({
      shortBy: sen(2000),
      change: 0,
      refusal: 'Payment is short by RM 20.00',
    });
    await expect(pos.membership.renew(short)).rejects.toMatchObject({
      name: 'FormError',
      details: [{ path: 'tenders', message: 'Payment is short by RM 20.00' }],
    });
    const card = renewalForm(pos, { tenders: { CASH: '10', 'E-WALLET': '150' } });
    expect(pos.membership.renewalPayment(card).refusal).toBe(MESSAGES.changeExceedsCash);
    const typo = renewalForm(pos, { tenders: { CASH: '5O' } });
    await expect(pos.membership.renew(typo)).rejects.toMatchObject({
      details: [{ path: 'tenders.CASH', message: MESSAGES.tenderNotAnAmount }],
    });
    // Blank amounts: the payment type pays the exact amount, as the spec's form does.
    expect(pos.membership.renewalPayment(renewalForm(pos, { tenders: { CASH: ' ' } }))).toMatchObject({
      tenders: [{ type: 'CASH', amount: sen(12000) }],
      change: 0,
      refusal: null,
    });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('validates the renewal form with the spec messages', async () => {
    const { pos } = await terminalWithMember();
    await expect(
      pos.membership.renew(
        renewalForm(pos, {
          name: '',
          phone: '12ab',
          dob: '',
          payment_type: '',
          quantity: '',
          country_code: '',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'FormError',
      details: expect.arrayContaining([
        { path: 'name', message: 'Name is required!' },
        { path: 'country_code', message: 'Country code is required' },
        { path: 'phone', message: MESSAGES.onlyNumbers },
        { path: 'dob', message: 'Please select a date!' },
        { path: 'payment_type', message: 'Payment type is required' },
        { path: 'quantity', message: 'Quantity is required' },
      ]),
    });
  });

  it('a failed renewal clears the selected member; a retry reuses the key', async () => {
    const { pos } = await terminalWithMember();
    const keys: unknown[] = [];
    server()
      .post('/v1/renew_membership')
      .reply(function failed() {
        keys.push(this.req.headers['idempotency-key']);
        return [500, { message: 'Renewal failed', code: 'server_error' }];
      })
      .post('/v1/renew_membership')
      .reply(function answered() {
        keys.push(this.req.headers['idempotency-key']);
        return [200, { order: orderWith(), ticket: ticketWith() }];
      });
    const form = renewalForm(pos);

    await expect(pos.membership.renew(form)).rejects.toThrow('Renewal failed');
    expect(pos.membership.selectedMember.value).toBeNull();
    expect(noticeMessages(pos)).toEqual(['Renewal failed']);

    await pos.membership.renew(form);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
