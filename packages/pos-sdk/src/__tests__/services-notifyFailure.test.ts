import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FormError, NetworkError, PosError, RuleError } from '../errors';
import { MESSAGES } from '../rules/messages';
import { refuse } from '../rules/result';
import { createNotices } from '../services/notices';
import { notifyFailure } from '../services/notifyFailure';
import { warnRefusal } from '../services/warnRefusal';
import { MERCHANDISE } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** What a UI's boundary would do with a failure: has the cashier been told, and what? */
async function failureOf(action: Promise<unknown>): Promise<PosError> {
  const failure = await action.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(PosError);
  return failure as PosError;
}

describe('notifyFailure', () => {
  it("shows the failure once as an error notice and marks it notified: 'Server not responding'", () => {
    const notices = createNotices();
    const failure = notifyFailure(notices, new TypeError('fetch failed'));
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.notified).toBe(true);
    expect(notices.items.value).toMatchObject([{ kind: 'error', message: 'Server not responding' }]);
    notices.dispose();
  });

  it("shows the server's message, or the text given instead ('Failed to retrieve orders')", () => {
    const notices = createNotices();
    notifyFailure(notices, new PosError('conflict', 'Ticket is Fully Used'));
    notifyFailure(notices, new PosError('conflict', 'x'), {
      message: MESSAGES.failedToRetrieveOrders,
      durationMs: 5000,
    });
    expect(notices.items.value).toMatchObject([
      { kind: 'error', message: 'Ticket is Fully Used', durationMs: 4000 },
      { kind: 'error', message: 'Failed to retrieve orders', durationMs: 5000 },
    ]);
    notices.dispose();
  });

  it('does not show a failure an inner service has shown already', () => {
    const notices = createNotices();
    const shown = new PosError('conflict', 'Price changed').markNotified();
    expect(notifyFailure(notices, shown)).toBe(shown);
    expect(notices.items.value).toEqual([]);
    notices.dispose();
  });
});

describe('warnRefusal', () => {
  it("shows a rule's refusal as a warning with its title and returns a notified RuleError", () => {
    const notices = createNotices();
    const error = warnRefusal(notices, refuse('cart_empty', MESSAGES.cartEmpty, MESSAGES.cartEmptyTitle));
    expect(error).toBeInstanceOf(RuleError);
    expect(error).toMatchObject({
      message: 'No item to checkout',
      title: 'Shopping Cart Empty',
      rule: 'cart_empty',
    });
    expect(error.notified).toBe(true);
    expect(notices.items.value).toMatchObject([
      { kind: 'warning', title: 'Shopping Cart Empty', message: 'No item to checkout', durationMs: 3000 },
    ]);
    notices.dispose();
  });

  it('shows a PosError as a warning and returns that same error, notified', () => {
    const notices = createNotices();
    const missing = new PosError('not_found', 'Product NOPE not found');
    expect(warnRefusal(notices, missing)).toBe(missing);
    expect(missing.notified).toBe(true);
    expect(notices.items.value).toEqual([
      expect.objectContaining({ kind: 'warning', message: missing.message }),
    ]);
    expect(notices.items.value[0]).not.toHaveProperty('title');
    notices.dispose();
  });
});

describe('the failures of the services', () => {
  it("a checkout with no answer is notified: 'Server not responding' once", async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    await pos.cart.add('DAY-ADULT');
    pos.checkout.setTender('CASH', '49');
    server().post('/v1/checkout').replyWithError('socket hang up');
    const failure = await failureOf(pos.checkout.submit({ email: 'guest@example.com' }));
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.notified).toBe(true);
    expect(noticeMessages(pos).filter((text) => text === 'Server not responding')).toHaveLength(1);
  });

  it("a refusal of the checkout ('Insufficient Amount') is notified as a warning", async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    await pos.cart.add('DAY-ADULT');
    const failure = await failureOf(pos.checkout.submit({ email: 'guest@example.com' }));
    expect(failure).toMatchObject({ name: 'RuleError', title: 'Insufficient Amount' });
    expect(failure.notified).toBe(true);
  });

  it("the question 'Confirm NOT entering customer email?' is thrown, not notified", async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    await pos.cart.add('DAY-ADULT');
    pos.checkout.setTender('CASH', '49');
    const before = noticeMessages(pos).length;
    const failure = await failureOf(pos.checkout.submit({ email: '' }));
    expect(failure.message).toBe(MESSAGES.confirmNoCustomerEmail);
    expect(failure.notified).toBe(false);
    expect(noticeMessages(pos)).toHaveLength(before);
  });

  it('a form refused on the terminal is a FormError, never notified (its messages go beside the fields)', async () => {
    const { pos } = createTestPos();
    const failure = await failureOf(pos.membership.lookup('nobody'));
    expect(failure).toBeInstanceOf(FormError);
    expect(failure.details).toEqual([{ path: 'email', message: MESSAGES.emailNotValid }]);
    expect(failure.notified).toBe(false);
    expect(noticeMessages(pos)).toEqual([]);
  });

  it('an unknown product code is notified as a warning', async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    const failure = await failureOf(pos.cart.add('NOPE'));
    expect(failure.constructor).toBe(PosError);
    expect(failure.notified).toBe(true);
    expect(pos.notices.items.value).toMatchObject([{ kind: 'warning', message: failure.message }]);
  });

  it("a catalogue that cannot load while adding is shown once: 'Server not responding'", async () => {
    const { pos } = createTestPos();
    server().get('/v1/passes/STORE').replyWithError('socket hang up');
    server().get('/v1/merchandises/STORE').reply(200, MERCHANDISE);
    const failure = await failureOf(pos.cart.add('DAY-ADULT'));
    expect(failure.notified).toBe(true);
    expect(noticeMessages(pos)).toEqual(['Server not responding']);
  });
});
