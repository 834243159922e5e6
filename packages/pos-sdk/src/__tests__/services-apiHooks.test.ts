import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RetryInfo } from '../api';
import { MESSAGES } from '../rules/messages';
import { receiptWith } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('services api hooks', () => {
  it("createPos calls the integrator's onRetry and onReachability as well as its own", async () => {
    const retries: RetryInfo[] = [];
    const reachable: boolean[] = [];
    const { pos } = createTestPos({
      api: {
        baseUrl: 'http://pos.test',
        retries: 1,
        onRetry: (retry) => retries.push(retry),
        onReachability: (answered) => reachable.push(answered),
      },
    });
    await loadCatalog(pos);
    await pos.cart.add('DAY-ADULT');
    pos.checkout.setTender('CASH', '49');
    server()
      .post('/v1/checkout')
      .replyWithError({ code: 'ECONNRESET' })
      .post('/v1/checkout')
      .reply(200, receiptWith());

    const said: string[] = [];
    pos.notices.subscribe((notice) => said.push(notice.message));
    await pos.checkout.submit({ email: '', confirmedNoEmail: true });

    expect(retries.map((retry) => [retry.name, retry.attempt, retry.error.code])).toEqual([
      ['checkout', 1, 'network'],
    ]);
    expect(said).toContain(MESSAGES.stillTrying); // the SDK's own hook still runs
    // and once the sale stands, only its outcome is left: one outcome, one message.
    expect(noticeMessages(pos)).not.toContain(MESSAGES.stillTrying);
    expect(noticeMessages(pos)).toContain(MESSAGES.checkoutCompleted);
    expect(reachable).toEqual([true, true, false, true]); // the catalogue's two calls, the dropped one, the retry
  });

  it('a throwing integrator hook does not fail the call', async () => {
    const { pos } = createTestPos({
      api: {
        baseUrl: 'http://pos.test',
        onReachability: () => {
          throw new Error('hook failed');
        },
      },
    });
    server().get('/v1/health').reply(200, { ok: true });
    await expect(pos.api.health()).resolves.toEqual({ ok: true });
  });
});
