import type { AddressInfo } from 'node:net';
import type {
  DisplayClaimResponse,
  DisplayMessage,
  DisplayPairingCode,
  DisplayStatus,
} from 'pos-sdk/contract';
import { DISPLAY_MESSAGES } from 'pos-sdk/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { DISPLAY_HEARTBEAT_MS } from '../displayEvents';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';

const SALE: DisplayMessage = {
  kind: 'sale',
  lines: [
    {
      sku: 'DAY-ADULT',
      name: 'Day Pass - Adult',
      quantity: 2,
      unit_price: 49,
      amount: 88.2,
      discount: '10% discount',
    },
  ],
  total: 88.2,
  tenders: [{ method: 'CASH', amount: 100 }],
  change: 11.8,
};
const THANKS: DisplayMessage = { kind: 'thanks', total: 88.2, change: 11.8, tickets: ['TABCDEFGHJK'] };

/** An open event stream over a real socket: the events read so far, and a way to wait for more. */
interface EventReader {
  readonly status: number;
  readonly contentType: string | null;
  /** Every event so far: `{ event, data }` (comment lines as `{ event: 'comment' }`). */
  readonly events: { event: string; data: string }[];
  /** Resolves once `count` events arrived (or rejects after 5 s). */
  waitFor(count: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

async function openEvents(base: string, token: string): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(`${base}/v1/display/events?token=${encodeURIComponent(token)}`, {
    signal: controller.signal,
  });
  const events: { event: string; data: string }[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const body = response.body;
  if (body === null) throw new Error('no body');
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event = 'comment';
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          events.push({ event, data: data.join('\n') });
          for (const wait of waiting.filter((w) => events.length >= w.count)) wait.resolve();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    waitFor: (count) =>
      events.length >= count
        ? Promise.resolve()
        : new Promise((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`waited for ${count} events, got ${JSON.stringify(events)}`)),
              5000,
            );
            waiting.push({
              count,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
            });
          }),
    ended,
    close: () => controller.abort(),
  };
}

describeOnEngines('customer display paired by code', (engine) => {
  let t: TestApp;
  let base: string;
  let till: TestSession;
  let otherTill: TestSession;
  const clock = createTestClock(NOW);
  const readers: EventReader[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    till = await t.signIn(CASHIER);
    otherTill = await t.signIn(MANAGER, { host: 'TICKET02' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const pair = async (session = till): Promise<DisplayPairingCode> => {
    const response = await t.post(session, '/v1/display/pair', {});
    expect(response.statusCode).toBe(200);
    return response.json<DisplayPairingCode>();
  };
  /** A claim from its own address, so that the wrong-code tests' counts stay their own. */
  const claim = (code: string, address = '10.0.0.1') =>
    t.inject({
      method: 'POST',
      url: '/v1/display/claim',
      payload: { code },
      remoteAddress: address,
    });
  const pairTablet = async (session = till): Promise<string> => {
    const { code } = await pair(session);
    const response = await claim(code);
    expect(response.statusCode).toBe(200);
    return response.json<DisplayClaimResponse>().display_token;
  };
  const events = async (token: string) => {
    const reader = await openEvents(base, token);
    readers.push(reader);
    return reader;
  };
  const publish = (message: unknown, session = till) => t.post(session, '/v1/display/publish', { message });
  const status = async (session = till) =>
    (await t.post(session, '/v1/display/status', {})).json<DisplayStatus>();

  it('a till gets a six-digit code valid for 5 minutes, for its own terminal', async () => {
    const code = await pair();
    expect(code.code).toMatch(/^\d{6}$/);
    expect(code.terminal).toBe('TICKET01');
    expect(new Date(code.expires_at).getTime() - clock().getTime()).toBe(5 * 60_000);
  });

  it('pairing needs a signed-in staff member', async () => {
    const response = await t.inject({ method: 'POST', url: '/v1/display/pair', payload: {} });
    expect(response.statusCode).toBe(403);
  });

  it('the tablet claims the code once and follows the sale: the latest message at once, then each new one', async () => {
    expect((await publish(SALE)).statusCode).toBe(200);
    const token = await pairTablet();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await status()).toEqual({ terminal: 'TICKET01', paired: true, watching: 0 });
    const stream = await events(token);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await stream.waitFor(1);
    expect(JSON.parse(stream.events[0]?.data ?? '')).toEqual(SALE);
    expect(await status()).toEqual({ terminal: 'TICKET01', paired: true, watching: 1 });
    const published = await publish(THANKS);
    expect(published.json()).toEqual({ terminal: 'TICKET01', paired: true, watching: 1 });
    await stream.waitFor(2);
    expect(JSON.parse(stream.events[1]?.data ?? '')).toEqual(THANKS);
  });

  it("another till's messages never reach the tablet", async () => {
    const token = await pairTablet();
    const stream = await events(token);
    await stream.waitFor(1);
    expect((await publish({ kind: 'idle' }, otherTill)).statusCode).toBe(200);
    expect((await publish(SALE)).statusCode).toBe(200);
    await stream.waitFor(2);
    expect(stream.events.map((event) => JSON.parse(event.data).kind)).toEqual(['thanks', 'sale']);
  });

  it("unpairing ends the stream with 'unpaired'; the token then gets 'unpaired' at once", async () => {
    const token = await pairTablet();
    const stream = await events(token);
    await stream.waitFor(1);
    const unpaired = await t.post(till, '/v1/display/unpair', {});
    expect(unpaired.json()).toEqual({ terminal: 'TICKET01', paired: false, watching: 0 });
    await stream.ended;
    expect(stream.events.at(-1)?.event).toBe('unpaired');
    const again = await events(token);
    await again.ended;
    expect(again.events).toEqual([{ event: 'unpaired', data: '{}' }]);
  });

  it('a newer tablet replaces the one paired before', async () => {
    const first = await pairTablet();
    const stream = await events(first);
    await stream.waitFor(1);
    await pairTablet();
    await stream.ended;
    expect(stream.events.at(-1)?.event).toBe('unpaired');
  });

  it('sends a comment line every 15 seconds while nothing changes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await events(await pairTablet());
      await stream.waitFor(1);
      vi.advanceTimersByTime(DISPLAY_HEARTBEAT_MS);
      await stream.waitFor(2);
      expect(stream.events[1]?.event).toBe('comment');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a closed stream is forgotten', async () => {
    const stream = await events(await pairTablet());
    await stream.waitFor(1);
    expect((await status()).watching).toBe(1);
    stream.close();
    await expect.poll(async () => (await status()).watching).toBe(0);
  });

  it("the sale's tax reaches the tablet as the till sent it", async () => {
    const taxed: DisplayMessage = { ...SALE, tax: { subtotal: 88.2, amount: 6.53, included: true } };
    expect((await publish(taxed)).statusCode).toBe(200);
    const stream = await events(await pairTablet());
    await stream.waitFor(1);
    expect(JSON.parse(stream.events[0]?.data ?? '')).toEqual(taxed);
  });

  describe('codes', () => {
    it('a used code: 409 in words', async () => {
      const { code } = await pair();
      expect((await claim(code)).statusCode).toBe(200);
      const reused = await claim(code, '10.0.0.2');
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toMatchObject({ code: 'conflict', message: DISPLAY_MESSAGES.codeUsed });
    });

    it('an expired code: 409 in words', async () => {
      const { code } = await pair();
      clock.advance(5 * 60_000);
      const late = await claim(code, '10.0.0.3');
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ message: DISPLAY_MESSAGES.codeExpired });
    });

    it("a newer code ends the terminal's earlier one", async () => {
      const first = await pair();
      await pair();
      const response = await claim(first.code, '10.0.0.4');
      expect(response.statusCode).toBe(409);
    });

    it('a code no till shows: 404 in words', async () => {
      const { code } = await pair();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const response = await claim(wrong, '10.0.0.5');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', message: DISPLAY_MESSAGES.codeUnknown });
    });

    it('not six digits: 400 with the field', async () => {
      for (const code of ['12345', 'abcdef', '1234567', '']) {
        const response = await claim(code, '10.0.0.6');
        expect(response.statusCode, code).toBe(400);
        expect(response.json().details?.[0]?.path).toBe('code');
      }
    });

    it('10 wrong codes from one address lock it out for 10 minutes (429), even with the right code', async () => {
      const { code } = await pair();
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 10; i += 1) expect((await claim(wrong, '10.0.0.7')).statusCode).toBe(404);
      const locked = await claim(code, '10.0.0.7');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'locked', message: DISPLAY_MESSAGES.tooManyCodes(10) });
      // Another address is not locked out.
      expect((await claim(code, '10.0.0.8')).statusCode).toBe(200);
    });
  });

  describe('the display token reads its stream and nothing else', () => {
    it('every other call refuses it with 403', async () => {
      const token = await pairTablet();
      for (const url of [
        '/v1/display/publish',
        '/v1/display/pair',
        '/v1/display/unpair',
        '/v1/admin/users',
      ]) {
        const response = await t.inject({
          method: 'POST',
          url,
          headers: t.headers(token),
          payload: url.endsWith('publish') ? { message: SALE } : {},
        });
        expect(response.statusCode, url).toBe(403);
      }
      const passes = await t.inject({ method: 'GET', url: '/v1/passes/STORE', headers: t.headers(token) });
      expect(passes.statusCode).toBe(403);
    });

    it("a staff member's token is no display token", async () => {
      const stream = await events(till.token);
      await stream.ended;
      expect(stream.events).toEqual([{ event: 'unpaired', data: '{}' }]);
    });

    it('no token: 400 in words', async () => {
      const response = await t.inject({ method: 'GET', url: '/v1/display/events' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: DISPLAY_MESSAGES.tokenMissing });
    });
  });

  describe('publish: bad messages are 400, never stored', () => {
    it.each([
      ['no kind', {}],
      ['an unknown kind', { kind: 'staff' }],
      ['a float amount', { ...SALE, total: 1.005 }],
      ['a negative tax', { ...SALE, tax: { subtotal: 88.2, amount: -1, included: true } }],
      ['a tax without its subtotal', { ...SALE, tax: { amount: 6.53, included: true } }],
      [
        'too many lines',
        { ...SALE, lines: Array.from({ length: 201 }, () => (SALE.kind === 'sale' ? SALE.lines[0] : null)) },
      ],
      ['a name too long', { kind: 'thanks', total: 1, change: 0, tickets: ['x'.repeat(65)] }],
    ])('%s', async (_name, message) => {
      const response = await publish(message);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
    });
  });
});
