import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  claimDisplay,
  type EventSourceLike,
  forgetDisplayPairing,
  isPosError,
  memoryStorage,
  readDisplayPairing,
  saveDisplayPairing,
  subscribeDisplay,
} from '..';
import type { DisplayMessage } from '../contract';
import { DISPLAY_MESSAGES } from '../messages';

const BASE = 'http://display.test';
const TOKEN = 'J9NkPEJN-c5EaPrUdMN1B0nFAOdQ9Mu4er9k55z77og';
const SALE: DisplayMessage = {
  kind: 'sale',
  lines: [
    { sku: 'DAY-ADULT', name: 'Day Pass - Adult', quantity: 2, unit_price: 49, amount: 98, discount: null },
  ],
  total: 98,
  tenders: [],
  change: null,
};
const THANKS: DisplayMessage = { kind: 'thanks', total: 98, change: 2, tickets: ['TABCDEFGHJK'] };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('claimDisplay', () => {
  it('sends the six digits without their spaces, no token, and answers the display token', async () => {
    const scope = nock(BASE, { badheaders: ['authorization'] })
      .post('/v1/display/claim', { code: '482913' })
      .reply(200, { display_token: TOKEN, terminal: 'TICKET01' });
    await expect(claimDisplay({ baseUrl: BASE }, ' 482 913 ')).resolves.toEqual({
      display_token: TOKEN,
      terminal: 'TICKET01',
    });
    expect(scope.isDone()).toBe(true);
  });

  it(`a typo is a FormError on the field, nothing sent: '${DISPLAY_MESSAGES.codeFormat}'`, async () => {
    const error = await claimDisplay({ baseUrl: BASE }, '48291').catch((caught: unknown) => caught);
    expect(isPosError(error) && error.code).toBe('invalid_request');
    expect((error as { details?: unknown }).details).toEqual([
      { path: 'code', message: DISPLAY_MESSAGES.codeFormat },
    ]);
  });

  it("the server's refusal in words: an unknown code is not_found", async () => {
    nock(BASE)
      .post('/v1/display/claim')
      .reply(404, { message: DISPLAY_MESSAGES.codeUnknown, code: 'not_found' });
    const error = await claimDisplay({ baseUrl: BASE }, '111111').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not_found', message: DISPLAY_MESSAGES.codeUnknown });
  });
});

describe('the display pairing in storage', () => {
  it('is kept, read back, and forgotten', () => {
    const storage = memoryStorage();
    expect(readDisplayPairing(storage)).toBeNull();
    saveDisplayPairing(storage, { token: TOKEN, terminal: 'TICKET01' });
    expect(readDisplayPairing(storage)).toEqual({ token: TOKEN, terminal: 'TICKET01' });
    forgetDisplayPairing(storage);
    expect(readDisplayPairing(storage)).toBeNull();
  });
});

/** A stream's text as the server writes it. */
const events = (...blocks: string[]) => blocks.join('');
const data = (message: unknown) => `data: ${JSON.stringify(message)}\n\n`;

describe('subscribeDisplay over the wire (fetch, where there is no EventSource)', () => {
  it('GETs the events with the token in the query, delivers each message, and stops at unpaired', async () => {
    const scope = nock(BASE)
      .get('/v1/display/events')
      .query({ token: TOKEN })
      .reply(
        200,
        events('retry: 3000\n', data(SALE), ': heartbeat\n\n', data(THANKS), 'event: unpaired\ndata: {}\n\n'),
        { 'Content-Type': 'text/event-stream' },
      );
    const seen: DisplayMessage[] = [];
    const unpaired = new Promise<void>((resolve) => {
      subscribeDisplay({ baseUrl: BASE }, TOKEN, (message) => seen.push(message), { onUnpaired: resolve });
    });
    await unpaired;
    expect(seen).toEqual([SALE, THANKS]);
    expect(scope.isDone()).toBe(true);
  });

  it('ignores a message the contract does not allow', async () => {
    nock(BASE)
      .get('/v1/display/events')
      .query(true)
      .reply(
        200,
        events(
          data({ kind: 'staff', name: 'Ana Cashier' }),
          'data: not json\n\n',
          data(SALE),
          'event: unpaired\ndata: {}\n\n',
        ),
      );
    const seen: DisplayMessage[] = [];
    await new Promise<void>((resolve) => {
      subscribeDisplay({ baseUrl: BASE }, TOKEN, (message) => seen.push(message), { onUnpaired: resolve });
    });
    expect(seen).toEqual([SALE]);
  });

  it('tries again after a refused stream or a dropped one, until it is stopped', async () => {
    nock(BASE).get('/v1/display/events').query(true).reply(502, 'Bad Gateway');
    nock(BASE).get('/v1/display/events').query(true).reply(200, data(SALE));
    nock(BASE)
      .get('/v1/display/events')
      .query(true)
      .reply(200, events('retry: 10\n', data(THANKS)));
    const seen: DisplayMessage[] = [];
    const connected: boolean[] = [];
    const controller = new AbortController();
    subscribeDisplay({ baseUrl: BASE }, TOKEN, (message) => seen.push(message), {
      signal: controller.signal,
      retryMs: 10,
      onConnected: (value) => connected.push(value),
    });
    await vi.waitFor(() => expect(seen).toEqual([SALE, THANKS]));
    controller.abort();
    expect(connected[0]).toBe(false);
    expect(connected).toContain(true);
  });
});

/** A stand-in for the browser's EventSource: the test plays the server's side. */
class FakeEventSource implements EventSourceLike {
  static made: FakeEventSource[] = [];
  readyState = 0;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly listeners = new Map<string, (event: { data: string }) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
}

describe('subscribeDisplay in a browser (EventSource)', () => {
  afterEach(() => {
    FakeEventSource.made = [];
    vi.useRealTimers();
  });

  it('opens the stream address, delivers messages, and closes for good on unpaired', () => {
    const seen: DisplayMessage[] = [];
    const onUnpaired = vi.fn();
    subscribeDisplay({ baseUrl: BASE }, TOKEN, (message) => seen.push(message), {
      EventSource: FakeEventSource,
      onUnpaired,
    });
    const [source] = FakeEventSource.made;
    expect(source?.url).toBe(`${BASE}/v1/display/events?token=${TOKEN}`);
    source?.onmessage?.({ data: JSON.stringify(SALE) });
    source?.listeners.get('unpaired')?.({ data: '{}' });
    source?.onmessage?.({ data: JSON.stringify(THANKS) });
    expect(seen).toEqual([SALE]);
    expect(onUnpaired).toHaveBeenCalledTimes(1);
    expect(source?.closed).toBe(true);
  });

  it('a stream the browser gave up on (CLOSED) is opened again after retryMs; stopping closes it', () => {
    vi.useFakeTimers();
    const stop = subscribeDisplay({ baseUrl: BASE }, TOKEN, () => undefined, {
      EventSource: FakeEventSource,
      retryMs: 1000,
    });
    const [first] = FakeEventSource.made;
    if (first === undefined) throw new Error('no EventSource');
    first.readyState = 0;
    first.onerror?.({});
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.made).toHaveLength(1); // the browser retries a dropped connection by itself
    first.readyState = 2;
    first.onerror?.({});
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.made).toHaveLength(2);
    stop();
    expect(FakeEventSource.made[1]?.closed).toBe(true);
  });
});
