import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sen } from '../money';
import { MESSAGES } from '../rules/messages';
import type { PinState } from '../services/ApprovalService';
import { USERS } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

async function terminalWithDayPasses() {
  const test = createTestPos();
  await loadCatalog(test.pos);
  await test.pos.cart.add('DAY-ADULT', 2);
  server().post('/v1/admin/users').reply(200, USERS);
  await test.pos.approval.loadUsers();
  return test;
}

describe('services approval', () => {
  it('loads the users list (approvers)', async () => {
    const { pos } = await terminalWithDayPasses();
    expect(pos.approval.users.value).toEqual(USERS);
  });

  it('PIN state starts unauthorised, becomes authorised on a verified PIN, and resets after applying', async () => {
    const { pos } = await terminalWithDayPasses();
    const states: PinState[] = [];
    pos.approval.pinState.subscribe((state) => states.push(state));
    const scope = server()
      .post('/v1/admin/verify_pin', { approver: 'u-manager', pin: '2222' })
      .reply(200, { verified: true, approval: 'approval-1' });

    const line = await pos.approval.approveDiscount('DAY-ADULT', {
      value: '10',
      type: 'percentage',
      approver: 'u-manager',
      pin: '2222',
    });

    scope.done();
    expect(states).toEqual(['unauthorised', 'authorised', 'unauthorised']);
    expect(line.discount).toEqual({
      type: 'percentage',
      value: 10,
      amount: sen(980),
      approver: 'u-manager',
      approver_name: 'Max Manager',
      approval: 'approval-1',
    });
    expect(pos.cart.toPayload().items[0]?.discount).toMatchObject({ approval: 'approval-1', amount: 9.8 });
  });

  it('a wrong PIN leaves the state unauthorised, applies nothing and shows the server message', async () => {
    const { pos } = await terminalWithDayPasses();
    const states: PinState[] = [];
    pos.approval.pinState.subscribe((state) => states.push(state));
    server().post('/v1/admin/verify_pin').reply(422, { message: 'Wrong PIN', code: 'rule' });

    await expect(
      pos.approval.approveDiscount('DAY-ADULT', {
        value: '5',
        type: 'amount',
        approver: 'u-manager',
        pin: '1234',
      }),
    ).rejects.toMatchObject({ name: 'RuleError', message: 'Wrong PIN' });

    expect(states).toEqual(['unauthorised']);
    expect(pos.cart.items.value[0]?.discount).toBeUndefined();
    expect(noticeMessages(pos)).toContain('Wrong PIN');
    expect(pos.session.isSignedIn.value).toBe(true); // a wrong PIN must not sign the cashier out
  });

  it('an approver who may not approve (403 not_permitted) applies nothing, says so and keeps the cashier signed in', async () => {
    const { pos } = await terminalWithDayPasses();
    const refusal =
      'Ana Cashier cannot approve discounts: choose a manager or a staff member allowed to approve';
    const scope = server()
      .post('/v1/admin/verify_pin', { approver: 'u-cashier', pin: '1111' })
      .reply(403, { message: refusal, code: 'not_permitted' });

    await expect(
      pos.approval.approveDiscount('DAY-ADULT', {
        value: '50',
        type: 'percentage',
        approver: 'u-cashier',
        pin: '1111',
      }),
    ).rejects.toMatchObject({ name: 'PosError', code: 'not_permitted', message: refusal });

    scope.done();
    expect(pos.approval.pinState.value).toBe('unauthorised');
    expect(pos.cart.items.value[0]?.discount).toBeUndefined();
    expect(noticeMessages(pos)).toContain(refusal);
    expect(pos.session.isSignedIn.value).toBe(true);
  });

  it("takes the 'Incorrect PIN' toast down once the right PIN applies the discount, and keeps other toasts", async () => {
    const { pos } = await terminalWithDayPasses();
    server().post('/v1/admin/verify_pin').reply(401, { message: 'Incorrect PIN', code: 'rule' });
    const form = { value: '5', type: 'amount', approver: 'u-manager', pin: '1234' } as const;
    await expect(pos.approval.approveDiscount('DAY-ADULT', form)).rejects.toThrow('Incorrect PIN');
    pos.notices.push({ kind: 'info', message: 'Something else' });
    expect(noticeMessages(pos)).toEqual(expect.arrayContaining(['Incorrect PIN', 'Something else']));

    server().post('/v1/admin/verify_pin').reply(200, { verified: true, approval: 'approval-2' });
    await pos.approval.approveDiscount('DAY-ADULT', { ...form, pin: '2222' });

    expect(noticeMessages(pos)).not.toContain('Incorrect PIN');
    expect(noticeMessages(pos)).toContain('Something else');
  });

  it("validates the form first: the PIN is digits only ('Only numbers allowed')", async () => {
    const { pos } = await terminalWithDayPasses();
    await expect(
      pos.approval.approveDiscount('DAY-ADULT', {
        value: '5',
        type: 'amount',
        approver: 'u-manager',
        pin: '12a4',
      }),
    ).rejects.toMatchObject({
      name: 'FormError',
      details: [{ path: 'pin', message: 'Only numbers allowed' }],
    });
    await expect(
      pos.approval.approveDiscount('DAY-ADULT', { value: '', type: 'amount', approver: '', pin: '' }),
    ).rejects.toMatchObject({
      details: [
        { path: 'value', message: MESSAGES.discountValueRequired },
        { path: 'approver', message: MESSAGES.approverRequired },
        { path: 'pin', message: MESSAGES.pinRequired },
      ],
    });
    expect(pos.approval.pinState.value).toBe('unauthorised');
  });

  it('resets to unauthorised when the verified discount is refused by the cart rule', async () => {
    const { pos } = await terminalWithDayPasses();
    server().post('/v1/admin/verify_pin').reply(200, { verified: true, approval: 'approval-2' });
    await expect(
      pos.approval.approveDiscount('DAY-ADULT', {
        value: '500',
        type: 'amount',
        approver: 'u-manager',
        pin: '2222',
      }),
    ).rejects.toThrow(MESSAGES.discountExceedsAmount);
    expect(pos.approval.pinState.value).toBe('unauthorised');
  });

  it("shows 'Server not responding' when the PIN check gets no answer", async () => {
    const { pos } = await terminalWithDayPasses();
    server().post('/v1/admin/verify_pin').replyWithError('socket hang up');
    await expect(
      pos.approval.approveDiscount('DAY-ADULT', {
        value: '5',
        type: 'amount',
        approver: 'u-manager',
        pin: '2222',
      }),
    ).rejects.toThrow('Server not responding');
    expect(pos.approval.verifying.value).toBe(false);
    expect(pos.approval.pinState.value).toBe('unauthorised');
  });
});
