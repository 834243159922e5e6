import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest, OfflinePrepareResponse, Receipt, RedeemRequest } from '../contract';
import { MESSAGES } from '../rules/messages';
import { OFFLINE_MESSAGES } from '../rules/offlineMessages';
import type { Pos } from '../services/Pos';
import { memoryStorage } from '../storage/memoryStorage';
import { type ConnectionState, memoryOfflineStore, type OfflineStore, type SyncService } from '../sync';
import { QUICK_LOOK_MS, SYNC_RECHECK_MS } from '../sync/createSync';
import { NOW, receiptWith, ticketWith } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server, signedInStorage } from './support/testPos';

const VENUE_SETTINGS = {
  name: 'Demo Gym',
  address: '',
  registration_no: '',
  phone: '',
  receipt_footer: '',
  time_zone: 'Asia/Kuala_Lumpur',
  currency_display: 'RM',
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** The server's answer to offline_prepare: 480 minutes, RM 1,000, 3 sales, four reserved ids, one known ticket. */
const PREPARED: OfflinePrepareResponse = {
  policy: { max_offline_minutes: 480, max_offline_amount: 1000, max_offline_sales: 3 },
  ticket_ids: ['TZ000000001', 'TZ000000002', 'TZ000000003', 'TZ000000004'],
  tickets: [ticketWith({ _id: 'T1234567890' }, { usage_limit: 2 })],
  server_time: NOW.toISOString(),
};

/** How a test terminal differs from the default one: the server's answer to offline_prepare, its probe, its clock. */
interface TerminalOptions {
  readonly prepared?: OfflinePrepareResponse;
  readonly probeIntervalMs?: number;
  readonly clock?: () => Date;
}

/** A signed-in terminal with offline selling on `store`, prepared, with the catalogue loaded. */
async function offlineTerminal(
  store: OfflineStore = memoryOfflineStore(),
  storage = signedInStorage(),
  options: TerminalOptions = {},
) {
  server()
    .post('/v1/offline/prepare')
    .reply(200, options.prepared ?? PREPARED);
  const test = createTestPos({
    storage,
    offline: { store, probeIntervalMs: options.probeIntervalMs ?? 0 },
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  const sync = test.pos.sync;
  if (sync === undefined) throw new Error('offline selling is on');
  await waitFor(() => sync.policy.value !== null);
  await loadCatalog(test.pos);
  return { ...test, sync };
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met');
}

/** Sells `skus` paid in exact cash. */
async function sell(pos: Pos, ...skus: string[]): Promise<Receipt> {
  for (const sku of skus) await pos.cart.add(sku);
  pos.checkout.setTender('CASH', String(pos.cart.subtotal.value / 100));
  return pos.checkout.submit({ email: '', confirmedNoEmail: true });
}

/** The server is down: every call is refused at the connection. */
function serverDown(): void {
  server()
    .persist()
    .post(/.*/)
    .replyWithError({ code: 'ECONNREFUSED' })
    .get(/.*/)
    .replyWithError({ code: 'ECONNREFUSED' });
}

describe('services sync: working through an outage', () => {
  it('is off without a store: a checkout that gets no answer keeps its cart, as before', async () => {
    const { pos } = createTestPos();
    expect(pos.sync).toBeUndefined();
  });

  it('prepares on sign-in: policy, reserved ids and the server clock; every checkout then sends sold_at and ids', async () => {
    const { pos, sync } = await offlineTerminal();
    expect(sync.policy.value).toEqual(PREPARED.policy);
    expect(sync.connection.value).toBe('online');
    const sent: CheckoutRequest[] = [];
    server()
      .post('/v1/checkout', (body: CheckoutRequest) => {
        sent.push(body);
        return true;
      })
      .reply(200, receiptWith());
    await sell(pos, 'DAY-ADULT', 'GRIP-M');
    expect(sent[0]?.sold_at).toBe(NOW.toISOString());
    expect(sent[0]?.items.map((item) => item.ticket)).toEqual([['TZ000000001'], undefined]);
    expect(noticeMessages(pos)).toContain('Checkout completed');
  });

  it('goes offline on a call that gets no answer, and online again on the next answer', async () => {
    const { pos, sync } = await offlineTerminal();
    server().post('/v1/admin/get_ticket').replyWithError({ code: 'ECONNRESET' });
    await pos.tickets.get('T1234567890');
    expect(sync.connection.value).toBe('offline');
    expect(sync.banner.value).toBe('Offline: the server cannot be reached');
    server().get('/v1/health').reply(200, { ok: true });
    await pos.api.health();
    expect(sync.connection.value).toBe('online');
    expect(sync.banner.value).toBeNull();
  });

  it("entering sales offline: shift start and the venue's refresh fail without a 'Server not responding' the banner already says", async () => {
    const { pos, sync } = await offlineTerminal();
    server()
      .post('/v1/admin/venue')
      .reply(200, { ...VENUE_SETTINGS });
    await pos.venue.load();
    serverDown();
    await expect(pos.shift.start()).rejects.toMatchObject({ code: 'network' });
    expect(sync.connection.value).toBe('offline');
    await expect(pos.venue.load()).rejects.toMatchObject({ code: 'network' });
    await expect(pos.shift.start()).rejects.toMatchObject({ code: 'network' });
    expect(noticeMessages(pos)).not.toContain(MESSAGES.serverNotResponding);
    // A call the cashier makes still says it: the banner is no answer to a button.
    await expect(pos.shift.report()).rejects.toMatchObject({ code: 'network' });
    expect(noticeMessages(pos)).toContain(MESSAGES.serverNotResponding);
  });

  it('sells offline: the sale is stored before the receipt prints, which says it is pending', async () => {
    const store = memoryOfflineStore();
    const { pos, sync, driver } = await offlineTerminal(store);
    serverDown();
    // What another call said while the server was down is over once the sale is saved: one outcome, one message.
    pos.notices.push({ kind: 'error', message: MESSAGES.serverNotResponding });
    pos.notices.push({ kind: 'warning', message: MESSAGES.stillTrying });
    const receipt = await sell(pos, 'DAY-ADULT', 'GRIP-M');
    expect(noticeMessages(pos)).not.toContain(MESSAGES.serverNotResponding);
    expect(noticeMessages(pos)).not.toContain(MESSAGES.stillTrying);
    expect(receipt.order.pending_sync).toBe(true);
    expect(receipt.order.invoice).toBeNull();
    expect(receipt.tickets.map((ticket) => [ticket._id, ticket.display_status])).toEqual([
      ['TZ000000001', 'Active'],
    ]);
    expect(receipt.order.total_amount).toBe(64);
    expect(sync.connection.value).toBe('offline');
    expect(sync.waitingSales.value).toBe(1);
    expect(sync.banner.value).toBe('Offline: 1 sale waiting to sync');
    expect(noticeMessages(pos)).toContain('Offline: sale saved, it will sync when the server is back');
    expect(pos.cart.items.value).toEqual([]);
    const stored = (await store.read()) as { queue: { key: string; body: string }[] };
    expect(stored.queue).toHaveLength(1);
    expect(JSON.parse(stored.queue[0]?.body ?? '{}')).toMatchObject({
      sold_at: NOW.toISOString(),
      subtotal: 64,
    });
    const printed = driver.printedTexts().join('\n');
    expect(printed).toContain('*** OFFLINE SALE - PENDING SYNC ***');
    expect(printed).toMatch(/Invoice No: +pending/);
  });

  it('keeps the queue through a restart and replays it in order, the same key and body, once', async () => {
    const store = memoryOfflineStore();
    const storage = signedInStorage();
    const first = await offlineTerminal(store, storage);
    serverDown();
    await sell(first.pos, 'DAY-ADULT');
    await sell(first.pos, 'GRIP-M');
    await first.pos.tickets.get('T1234567890');
    await first.pos.tickets.redeem();
    const stored = (await store.read()) as {
      queue: ({ kind: 'sale'; key: string; body: string } | { kind: 'redeem'; nonce: string })[];
    };
    first.pos.dispose();
    nock.cleanAll();

    // The terminal restarts: the queue is read back from the store.
    server().post('/v1/offline/prepare').reply(200, PREPARED);
    const again = createTestPos({ storage, offline: { store, probeIntervalMs: 0 } });
    const sync = again.pos.sync;
    if (sync === undefined) throw new Error('offline selling is on');
    await sync.ready();
    expect(sync.waiting.value).toBe(3);
    expect(sync.waitingSales.value).toBe(2);

    const replayed: string[] = [];
    server()
      .post('/v1/checkout')
      .times(2)
      .reply(function reply(_uri, body) {
        replayed.push(`sale ${this.req.headers['idempotency-key']} ${JSON.stringify(body)}`);
        return [200, receiptWith()];
      })
      .post('/v2/check_ticket_redeem/T1234567890')
      .reply(200, (_uri, body: RedeemRequest) => {
        replayed.push(`redeem ${body.nonce}`);
        return { ticket: ticketWith(), message: 'Ticket redemption successful' };
      })
      .post('/v1/offline/prepare')
      .reply(200, PREPARED);
    expect(await sync.syncNow()).toEqual({ synced: 3, refused: 0, waiting: 0 });
    const [sale1, sale2, redeem] = stored.queue;
    expect(replayed).toEqual([
      `sale ${sale1?.kind === 'sale' ? sale1.key : ''} ${sale1?.kind === 'sale' ? sale1.body : ''}`,
      `sale ${sale2?.kind === 'sale' ? sale2.key : ''} ${sale2?.kind === 'sale' ? sale2.body : ''}`,
      `redeem ${redeem?.kind === 'redeem' ? redeem.nonce : ''}`,
    ]);
    expect(sync.waiting.value).toBe(0);
    expect(noticeMessages(again.pos)).toContain('Synced 3 offline operations');
    expect(((await store.read()) as { queue: unknown[] }).queue).toEqual([]);
  });

  it('keeps a replay the server refuses as a conflict, tells the cashier, and goes on with the next', async () => {
    const { pos, sync } = await offlineTerminal();
    serverDown();
    await sell(pos, 'DAY-ADULT');
    await sell(pos, 'GRIP-M');
    nock.cleanAll();
    server()
      .post('/v1/checkout')
      .reply(409, { message: 'Price changed for DAY-ADULT', code: 'conflict' })
      .post('/v1/checkout')
      .reply(200, receiptWith())
      .post('/v1/offline/prepare')
      .reply(200, PREPARED);
    expect(await sync.syncNow()).toEqual({ synced: 1, refused: 1, waiting: 0 });
    expect(sync.conflicts.value).toHaveLength(1);
    expect(sync.conflicts.value[0]).toMatchObject({
      message: 'Price changed for DAY-ADULT',
      code: 'conflict',
    });
    expect(noticeMessages(pos)).toContain(
      'An offline sale or scan was refused by the server: Price changed for DAY-ADULT',
    );
  });

  it('stops replaying when the server stops answering, and keeps what is left in order', async () => {
    const { pos, sync } = await offlineTerminal();
    serverDown();
    await sell(pos, 'DAY-ADULT');
    await sell(pos, 'GRIP-M');
    nock.cleanAll();
    server()
      .post('/v1/checkout')
      .reply(200, receiptWith())
      .post('/v1/checkout')
      .replyWithError({ code: 'ECONNRESET' });
    expect(await sync.syncNow()).toEqual({ synced: 1, refused: 0, waiting: 1 });
    expect(sync.connection.value).toBe('offline');
    expect(sync.queue.value[0]?.kind === 'sale' && sync.queue.value[0].receipt.order.total_amount).toBe(15);
  });

  it('refuses offline what needs the server, and past the policy, keeping the cart', async () => {
    const { pos, sync } = await offlineTerminal();
    serverDown();
    await sell(pos, 'DAY-ADULT');
    await sell(pos, 'DAY-ADULT');
    await sell(pos, 'DAY-ADULT');
    expect(sync.waitingSales.value).toBe(3);
    await pos.cart.add('GRIP-M');
    pos.checkout.setTender('CASH', '15');
    await expect(pos.checkout.submit({ email: '', confirmedNoEmail: true })).rejects.toThrow(
      '3 offline sales are waiting: selling stops until the server is back',
    );
    expect(pos.cart.items.value).toHaveLength(1);
  });

  it('checks a known pass offline and records its use with a nonce; a pass it does not know is refused', async () => {
    const { pos, sync } = await offlineTerminal();
    serverDown();
    const ticket = await pos.tickets.get('t1234567890');
    expect(ticket._id).toBe('T1234567890');
    expect(pos.tickets.offline.value).toBe(true);
    expect(noticeMessages(pos)).toContain('Offline: showing what this terminal last knew of the pass');
    const used = await pos.tickets.redeem();
    expect(used.used).toHaveLength(1);
    expect(sync.queue.value).toMatchObject([
      { kind: 'redeem', ticket_id: 'T1234567890', used_at: NOW.toISOString() },
    ]);
    await pos.tickets.redeem();
    // usage limit 2: the third use is refused on the terminal, as the server would.
    await expect(pos.tickets.redeem()).rejects.toThrow('Ticket is Fully Used');
    await expect(pos.tickets.get('T0000000000')).rejects.toThrow(
      'Offline: this pass is not known on this terminal',
    );
  });

  it("follows the membership rule offline (one entry a venue day, the day's own uses), and syncs each entry once", async () => {
    let now = NOW;
    const yesterday = new Date(NOW.getTime() - 24 * 3_600_000).toISOString();
    const membership = ticketWith(
      {
        _id: 'T5555555555',
        expiry: '2026-12-21T16:00:00.000Z',
        used: [{ at: yesterday, terminal: 'GATE01' }],
      },
      { name: 'Monthly Membership', sku: 'MEMBER-1M', usage_limit: 0, entries_per_day: 1 },
    );
    server()
      .post('/v1/offline/prepare')
      .reply(200, { ...PREPARED, tickets: [membership] });
    const { pos } = createTestPos({
      clock: () => now,
      offline: { store: memoryOfflineStore(), probeIntervalMs: 0 },
    });
    const offline = pos.sync;
    if (offline === undefined) throw new Error('offline selling is on');
    await waitFor(() => offline.policy.value !== null);
    serverDown();
    // Used yesterday: Active today, and one entry today, whatever the count of all its uses.
    await pos.tickets.get('T5555555555');
    expect(pos.tickets.status.value).toBe('Active');
    await pos.tickets.redeem();
    expect(pos.tickets.status.value).toBe('Fully Used');
    await expect(pos.tickets.redeem()).rejects.toThrow('Ticket is Fully Used');
    // The next venue day (00:30 in Kuala Lumpur): one entry again.
    now = new Date('2026-11-22T16:30:00.000Z');
    expect(pos.tickets.canRedeem.value).toBe(true);
    await pos.tickets.redeem();
    await expect(pos.tickets.redeem()).rejects.toThrow('Ticket is Fully Used');
    expect(
      offline.queue.value.map((operation) => (operation.kind === 'redeem' ? operation.used_at : '')),
    ).toEqual([NOW.toISOString(), '2026-11-22T16:30:00.000Z']);

    nock.cleanAll();
    const replayed: RedeemRequest[] = [];
    server()
      .post('/v2/check_ticket_redeem/T5555555555')
      .times(2)
      .reply(200, (_uri, body: RedeemRequest) => {
        replayed.push(body);
        return { ticket: membership, message: 'Ticket redemption successful' };
      })
      .post('/v1/offline/prepare')
      .reply(200, PREPARED);
    expect(await offline.syncNow()).toEqual({ synced: 2, refused: 0, waiting: 0 });
    expect(replayed.map((body) => body.used_at)).toEqual([NOW.toISOString(), '2026-11-22T16:30:00.000Z']);
    expect(new Set(replayed.map((body) => body.nonce)).size).toBe(2);
    expect(await offline.syncNow()).toEqual({ synced: 0, refused: 0, waiting: 0 });
    expect(replayed).toHaveLength(2);
  });

  it('checks a pass sold offline at once', async () => {
    const { pos } = await offlineTerminal();
    serverDown();
    const receipt = await sell(pos, 'DAY-ADULT');
    const id = receipt.tickets[0]?._id ?? '';
    expect((await pos.tickets.get(id)).display_status).toBe('Active');
    await pos.tickets.redeem();
    await expect(pos.tickets.redeem()).rejects.toThrow('Ticket is Fully Used');
  });

  it('sends a nonce and the time with every redeem online, so a lost answer replays once', async () => {
    const { pos } = await offlineTerminal();
    server()
      .post('/v1/admin/get_ticket')
      .reply(200, ticketWith({ _id: 'T1234567890' }));
    await pos.tickets.get('T1234567890');
    let sent: RedeemRequest | undefined;
    server()
      .post('/v2/check_ticket_redeem/T1234567890', (body: RedeemRequest) => {
        sent = body;
        return true;
      })
      .reply(200, { ticket: ticketWith(), message: 'Ticket redemption successful' });
    await pos.tickets.redeem();
    expect(sent?.used_at).toBe(NOW.toISOString());
    expect(sent?.nonce).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sells from the catalogue it kept when the catalogue cannot be loaded during an outage', async () => {
    const store = memoryOfflineStore();
    const first = await offlineTerminal(store);
    first.pos.dispose();
    nock.cleanAll();
    serverDown();
    const { pos } = createTestPos({ storage: memoryStorage(), offline: { store, probeIntervalMs: 0 } });
    await pos.catalog.load();
    expect(pos.catalog.findBySku('DAY-ADULT')?.price).toBe(4900);
  });
});

/** The server is back: each checkout (a sale or a replay) is answered and recorded as its key and body. */
function serverBack(sent: string[]): void {
  server()
    .persist()
    .post('/v1/checkout')
    .reply(function reply(_uri, body) {
      sent.push(`${this.req.headers['idempotency-key']} ${JSON.stringify(body)}`);
      return [200, receiptWith()];
    })
    .post('/v1/offline/prepare')
    .reply(200, PREPARED)
    .get('/v1/health')
    .reply(200, { ok: true });
}

/** The key and body of each sale waiting in `store`, as `serverBack` records them. */
async function storedSales(store: OfflineStore): Promise<string[]> {
  const stored = (await store.read()) as { queue: { kind: string; key: string; body: string }[] };
  return stored.queue.flatMap((operation) =>
    operation.kind === 'sale' ? [`${operation.key} ${operation.body}`] : [],
  );
}

/** Every state `sync.connection` goes through from now on. */
function connectionStates(sync: SyncService) {
  const seen: ConnectionState[] = [];
  const stop = sync.connection.subscribe((value) => {
    if (seen.at(-1) !== value) seen.push(value);
  });
  return { seen, stop };
}

describe('services sync: the edges of an outage', () => {
  it('with offline selling off, Checkout pressed again while the terminal still believes it is offline asks the server, with the same key', async () => {
    let now = NOW.getTime();
    const off = { ...PREPARED, policy: { ...PREPARED.policy, max_offline_minutes: 0 } };
    const { pos, sync } = await offlineTerminal(memoryOfflineStore(), signedInStorage(), {
      prepared: off,
      clock: () => new Date(now),
    });
    now += 1_000;
    serverDown();
    await expect(sell(pos, 'GRIP-M')).rejects.toThrow(OFFLINE_MESSAGES.tooLong(0));
    const key = pos.checkout.pendingKey.value;
    expect(key).not.toBeNull();
    expect(pos.cart.items.value).toHaveLength(1);
    expect(sync.connection.value).toBe('offline');

    // The server is back; no probe has told the terminal yet, and the cashier presses Checkout again at once.
    nock.cleanAll();
    const sent: string[] = [];
    serverBack(sent);
    const receipt = await pos.checkout.submit({ email: '', confirmedNoEmail: true });
    expect(receipt.order.pending_sync).not.toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.startsWith(`${key} `)).toBe(true);
    expect(noticeMessages(pos)).toContain('Checkout completed');
    expect(sync.connection.value).toBe('online');
    expect(sync.waiting.value).toBe(0);
  });

  it('with offline selling on, sells offline at once while the outage is recent, and asks the server first once it is not', async () => {
    let now = NOW.getTime();
    const store = memoryOfflineStore();
    const { pos, sync } = await offlineTerminal(store, signedInStorage(), { clock: () => new Date(now) });
    serverDown();
    const first = await sell(pos, 'DAY-ADULT');
    expect(first.order.pending_sync).toBe(true);
    const queued = await storedSales(store);
    expect(queued).toHaveLength(1);

    // The server answers again, but the last call without answer is recent: the next sale does not wait for it.
    nock.cleanAll();
    const sent: string[] = [];
    serverBack(sent);
    now += SYNC_RECHECK_MS - 1;
    const second = await sell(pos, 'GRIP-M');
    expect(second.order.pending_sync).toBe(true);
    expect(sent).toEqual([]);
    expect(sync.connection.value).toBe('offline');

    // Later, with no probe heard since: the sale takes a short look, finds the server and is booked online; the
    // server's answer sends the two waiting sales too, each with the key and body it was first sent with, once.
    now += SYNC_RECHECK_MS;
    const waitingBefore = await storedSales(store);
    expect(waitingBefore).toHaveLength(2);
    expect(waitingBefore[0]).toBe(queued[0]);
    const third = await sell(pos, 'GRIP-M');
    expect(third.order.pending_sync).not.toBe(true);
    await waitFor(() => sync.waiting.value === 0 && sync.connection.value === 'online');
    expect(sent).toHaveLength(3);
    expect(sent.filter((entry) => waitingBefore.includes(entry))).toHaveLength(2);
    expect(new Set(sent.map((entry) => entry.split(' ')[0])).size).toBe(3);
    expect(noticeMessages(pos)).toContain('Synced 2 offline operations');
  });

  it("with offline selling on and an older outage, a hung server costs a short look, not the sale's timeouts", async () => {
    let now = NOW.getTime();
    const store = memoryOfflineStore();
    const { pos } = await offlineTerminal(store, signedInStorage(), { clock: () => new Date(now) });
    serverDown();
    await sell(pos, 'DAY-ADULT');
    nock.cleanAll();
    // The server now takes its connections and never answers: the look gives up, no checkout is sent.
    const checkouts: string[] = [];
    server()
      .persist()
      .get('/v1/health')
      .delay(10_000)
      .reply(200, { ok: true })
      .post('/v1/checkout')
      .reply(function reply() {
        checkouts.push(String(this.req.headers['idempotency-key']));
        return [200, receiptWith()];
      });
    now += SYNC_RECHECK_MS + 1;
    const started = Date.now();
    const second = await sell(pos, 'GRIP-M');
    expect(second.order.pending_sync).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(QUICK_LOOK_MS - 50);
    expect(Date.now() - started).toBeLessThan(QUICK_LOOK_MS + 2_000);
    expect(checkouts).toEqual([]);
  });

  it('sends a queue read back after a restart as soon as the server answers, though no outage was seen since, syncing', async () => {
    const store = memoryOfflineStore();
    const storage = signedInStorage();
    const first = await offlineTerminal(store, storage);
    serverDown();
    await sell(first.pos, 'DAY-ADULT');
    await sell(first.pos, 'GRIP-M');
    const queued = await storedSales(store);
    first.pos.dispose();
    nock.cleanAll();

    // The terminal restarts with the server answering: its offline_prepare is answered, nothing failed since.
    const sent: string[] = [];
    serverBack(sent);
    const again = createTestPos({ storage, offline: { store, probeIntervalMs: 60_000 } });
    const sync = again.pos.sync;
    if (sync === undefined) throw new Error('offline selling is on');
    const states = connectionStates(sync);
    try {
      await waitFor(
        () => sent.length === 2 && sync.waiting.value === 0 && sync.connection.value === 'online',
      );
      expect(sent).toEqual(queued);
      expect(states.seen).toEqual(['online', 'syncing', 'online']);
      expect(noticeMessages(again.pos)).toContain('Synced 2 offline operations');
    } finally {
      states.stop();
      again.pos.dispose();
    }
  });

  it('probes by itself for a queue read back while the server is down, and sends it once the server answers', async () => {
    const store = memoryOfflineStore();
    const storage = signedInStorage();
    const first = await offlineTerminal(store, storage);
    serverDown();
    await sell(first.pos, 'DAY-ADULT');
    const queued = await storedSales(store);
    first.pos.dispose();

    // Reloaded while the server is still down, and nothing else calls it (the offline data is asked for later).
    const again = createTestPos({ storage, offline: { store, probeIntervalMs: 20, prepareOnSignIn: false } });
    const sync = again.pos.sync;
    if (sync === undefined) throw new Error('offline selling is on');
    try {
      await sync.ready();
      await waitFor(() => sync.connection.value === 'offline');
      expect(sync.waiting.value).toBe(1);
      nock.cleanAll();
      const sent: string[] = [];
      serverBack(sent);
      await waitFor(() => sync.waiting.value === 0 && sync.connection.value === 'online');
      expect(sent).toEqual(queued);
    } finally {
      again.pos.dispose();
    }
  });

  it('sends again by itself a replay the server answered with a 5xx, the terminal being online', async () => {
    const { pos, sync } = await offlineTerminal(memoryOfflineStore(), signedInStorage(), {
      probeIntervalMs: 20,
    });
    try {
      serverDown();
      await sell(pos, 'GRIP-M');
      nock.cleanAll();
      const sent: string[] = [];
      server().post('/v1/checkout').reply(503, { message: 'Service unavailable' });
      serverBack(sent);
      await waitFor(() => sync.waiting.value === 0);
      expect(sent).toHaveLength(1);
      expect(sync.connection.value).toBe('online');
    } finally {
      pos.dispose();
    }
  });

  it('asks the server at once when woken (a device waking, a tab back in front), without waiting for the probe', async () => {
    const store = memoryOfflineStore();
    const { pos, sync } = await offlineTerminal(store, signedInStorage(), { probeIntervalMs: 60_000 });
    try {
      serverDown();
      await sell(pos, 'GRIP-M');
      const queued = await storedSales(store);
      nock.cleanAll();
      const sent: string[] = [];
      serverBack(sent);
      expect(sync.connection.value).toBe('offline');
      sync.wake();
      await waitFor(() => sync.waiting.value === 0 && sync.connection.value === 'online');
      expect(sent).toEqual(queued);
    } finally {
      pos.dispose();
    }
  });
});
