import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { ENDPOINTS, type EndpointName, type RedeemResponse } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EinvoiceConfig } from '../config';
import { createEinvoiceSender, createMyInvoisClient } from '../einvoice';
import { GYM_IDENTITY } from '../einvoice/__tests__/support/einvoiceFixtures';
import type { MyInvoisSimulator } from '../einvoice/__tests__/support/myinvoisSimulator';
import { type MyInvoisTestBed, startMyInvoisTestBed } from '../einvoice/__tests__/support/myinvoisTestBed';
import {
  cartItem,
  checkoutBody,
  discounted,
  jpegBytes,
  MEMBER,
  multipart,
  staffId,
} from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  DEMO_PASSWORD,
  demoPin,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

/**
 * The testing kit's fixtures (`pos-sdk/testing`) are the answers of this run: the real app on a real database,
 * every call of `ENDPOINTS` made once in the order a venue's day makes them (sign in, shift, a sale with mixed
 * tenders and a discount, orders, tickets, membership, back office, offline conflicts). With
 * `UPDATE_SDK_FIXTURES=1` the file is written; without, the run's answers must have the file's shape (and its
 * values, where the run is deterministic), so the fixtures cannot drift from what the server answers.
 */
const FIXTURES_FILE = new URL(
  '../../../pos-sdk/src/testing/fixtures/answers.generated.json',
  import.meta.url,
);
const REGENERATE =
  'the server answers differently from the SDK fixtures: re-run with `UPDATE_SDK_FIXTURES=1 npx vitest run --project server packages/pos-server/src/__tests__/sdkFixtures.test.ts` and commit the file';

/** One recorded call: what was sent and what came back, as the wire has it. */
interface RecordedCall {
  readonly status: number;
  readonly request?: unknown;
  readonly params?: Record<string, string>;
  /** JSON answers parsed; a streamed answer's text; absent for binary answers. */
  readonly answer?: unknown;
  readonly contentType?: string;
}

/** 10:00 on 22 November 2026 in Kuala Lumpur, the kit's fixed clock too. */
const NOW = '2026-11-22T02:00:00.000Z';
/** Keys whose values are random tokens, codes or cursors (which carry an id): compared by type only. */
const RANDOM_KEYS = new Set([
  'idToken',
  'userToken',
  'approval',
  'code',
  'kiosk_token',
  'display_token',
  'next_cursor',
  // MyInvois's (the simulator's) ids of an e-invoice
  'submission_uid',
  'uuid',
  'long_id',
  'validation_link',
]);
/** Ids the server makes at random: UUIDs (staff, shifts, orders) and ticket ids (`T` and 10 letters or digits). */
const RANDOM_IDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\bT[0-9A-Z]{10}\b/g;

/**
 * What must stay the same from run to run: keys, array lengths, leaf types and leaf values, except random ids
 * (replaced by `<id>` wherever they appear, in text too) and the values of {@link RANDOM_KEYS} (only their type).
 */
function shapeOf(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => shapeOf(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, item]) => [name, shapeOf(item, name)]),
    );
  }
  if (typeof value !== 'string') return value;
  return RANDOM_KEYS.has(key) ? typeof value : value.replace(RANDOM_IDS, '<id>');
}

describeOnEngines('SDK fixtures: every call of the contract, answered by the real server', (engine) => {
  let t: TestApp;
  let manager: TestSession;
  let cashier: TestSession;
  const clock = createTestClock(NOW);
  const recorded: Partial<Record<EndpointName, RecordedCall>> = {};

  let bed: MyInvoisTestBed;
  let simulator: MyInvoisSimulator;
  let einvoice: EinvoiceConfig;

  beforeAll(async () => {
    bed = await startMyInvoisTestBed(clock);
    ({ simulator, einvoice } = bed);
    t = await createTestApp({ engine, clock, config: { einvoice } });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await bed?.close();
  }, SETUP_TIMEOUT_MS);

  /** Makes one call of `ENDPOINTS` with a JSON body (or none), records it, and returns the answer. */
  async function call<T = unknown>(
    name: EndpointName,
    session: TestSession | undefined,
    body?: unknown,
    options: { params?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const def = ENDPOINTS[name];
    let url: string = def.path;
    for (const [key, value] of Object.entries(options.params ?? {})) url = url.replace(`:${key}`, value);
    const response = await t.inject({
      method: def.method,
      url,
      headers: { 'x-host-name': 'TICKET01', ...session?.headers, ...options.headers },
      ...(def.body === 'json' ? { payload: (body ?? {}) as Record<string, unknown> } : {}),
    });
    return record<T>(name, response, def.body === 'json' ? (body ?? {}) : undefined, options.params);
  }

  function record<T>(
    name: EndpointName,
    response: LightMyRequestResponse,
    request: unknown,
    params: Record<string, string> | undefined,
  ): T {
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    const def = ENDPOINTS[name];
    const answer =
      def.responseKind === 'json'
        ? response.json()
        : def.responseKind === 'stream'
          ? response.body
          : undefined;
    recorded[name] = {
      status: response.statusCode,
      ...(request === undefined ? {} : { request }),
      ...(params === undefined ? {} : { params }),
      ...(answer === undefined ? {} : { answer }),
      ...(def.responseKind === 'json' ? {} : { contentType: String(response.headers['content-type']) }),
    };
    clock.advance(60_000); // a minute between calls: times in the fixtures read as a day at the till
    return answer as T;
  }

  it(
    'answers every call of ENDPOINTS through a day at the till',
    async () => {
      await call('health', undefined);
      const { idToken } = await call<{ idToken: string }>('signIn', undefined, {
        email: CASHIER,
        password: DEMO_PASSWORD,
      });
      const login = await call<{ userToken: string; profile: TestSession['profile'] }>(
        'adminLogin',
        undefined,
        {
          idToken,
        },
      );
      cashier = { token: login.userToken, profile: login.profile, headers: t.headers(login.userToken) };
      manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
      await call('terminalStatus', cashier);
      await call('users', cashier);
      await call('venue', cashier);
      await call('startShift', cashier);
      await call('setFloat', cashier, { float: 200 });
      await call('passes', cashier, undefined, { params: { store: 'STORE' } });
      await call('merchandises', cashier, undefined, { params: { store: 'STORE' } });

      // The sale: two adult day passes at 10% off (a manager's PIN) and grip socks, paid by card and cash.
      const approver = await staffId(t, MANAGER);
      const verified = await call<{ approval: string }>('verifyPin', cashier, { approver, pin: '2222' });
      const now = clock();
      const items = [
        discounted(
          cartItem('DAY-ADULT', 2, now),
          { type: 'percentage', value: 10 },
          { approver, approval: verified.approval },
        ),
        cartItem('GRIP-M', 1, now),
      ];
      const saleBody = checkoutBody(items, {
        tenders: [
          ['CREDIT CARD', 50],
          ['CASH', 60],
        ],
        email: 'guest@example.com',
      });
      const receipt = await call<{
        order: { _id: string; invoice: { _id: string } };
        tickets: { _id: string }[];
      }>('checkout', cashier, saleBody, {
        headers: { 'idempotency-key': '0b7e6f52-5c1d-4f7a-9a43-2d8e1c6b9f10' },
      });
      const sale = recorded.checkout;
      const [first, second] = receipt.tickets;
      if (first === undefined || second === undefined)
        throw new Error('two passes sold, two tickets expected');
      const invoice = receipt.order.invoice._id;

      await call('getOrders', cashier, { origin: 'STORE', from: '2026-11-21T16:00:00.000Z' });
      await call('getOrder', cashier, { order_id: receipt.order._id });
      await call('addOrderNote', cashier, {
        order_id: receipt.order._id,
        note: 'Customer asked for a printed copy',
      });
      await call('getTicket', cashier, { ticket_id: first._id });
      const entry = await call<RedeemResponse>(
        'checkTicketRedeem',
        cashier,
        {},
        { params: { id: first._id } },
      );
      await call(
        'annulTicketRedeem',
        cashier,
        { used_at: entry.ticket.used.at(-1)?.at },
        { params: { id: first._id } },
      );
      await call('checkTicketRedeem', cashier, {}, { params: { id: first._id } });
      const photo = multipart(jpegBytes(), { filename: `${second._id}.jpg` });
      const faced = await t.inject({
        method: 'POST',
        url: `/v2/register_face/${second._id}`,
        headers: { ...cashier.headers, ...photo.headers },
        payload: photo.payload,
      });
      record('registerFace', faced, undefined, { ticketId: second._id });
      const picture = await t.inject({
        method: 'GET',
        url: `/v1/admin/ticket_photo/${second._id}`,
        headers: cashier.headers,
      });
      record('ticketPhoto', picture, undefined, { ticketId: second._id });
      await call('resendReceipt', cashier, { invoice_id: invoice, to: 'guest.corrected@example.com' });
      await call('exportOrderReport', cashier, {
        period: { from: '2026-11-21T16:00:00.000Z', to: '2026-11-22T15:59:59.999Z' },
        origin: 'STORE',
        format: 'csv',
      });

      // A sale refunded and one canceled.
      const refundable = await call<{ order: { invoice: { _id: string } } }>(
        'checkout',
        cashier,
        checkoutBody([cartItem('GRIP-M', 1, clock())]),
      );
      await call('refundOrder', cashier, {
        invoice_id: refundable.order.invoice._id,
        message: 'Customer left before entry',
      });
      const cancelable = await call<{ order: { _id: string } }>(
        'checkout',
        cashier,
        checkoutBody([cartItem('GRIP-M', 1, clock())]),
      );
      await call('cancelOrder', cashier, { order_id: cancelable.order._id, reason: 'Entered twice' });

      // Membership: a new member, then a renewal, then the member looked up.
      await call(
        'checkout',
        cashier,
        checkoutBody([cartItem('MEMBER-1M', 1, clock())], { email: MEMBER.email }),
      );
      await call('renewMembership', cashier, {
        ...checkoutBody(
          [cartItem('RENEW-1M', 1, clock(), { member: { ...MEMBER, type: 'renewal', sku: 'MEMBER-1M' } })],
          { tenders: [['CREDIT CARD', 120]], email: MEMBER.email },
        ),
      });
      const member = await call<{ tickets: { _id: string; pass: { usage_limit: number } }[] }>(
        'lookupMembership',
        cashier,
        { email: MEMBER.email },
      );
      // A hold from a later day, its history, and its end before it began (the expiry back where it was).
      const membershipId = member.tickets.find((ticket) => ticket.pass.usage_limit === 0)?._id ?? '';
      const holdFrom = new Date(clock().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
      await call('holdMembership', manager, { ticket_id: membershipId, from: holdFrom, days: 14 });
      await call('membershipHolds', cashier, { ticket_id: membershipId });
      await call('endMembershipHold', manager, { ticket_id: membershipId });

      // Tax: a manager adds two codes and removes one.
      await call('taxSet', manager, {
        code: { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' },
      });
      await call('taxSet', manager, {
        code: { code: 'SST6', name: 'Service tax 6%', rate_bp: 600, type: '02' },
      });
      await call('taxRemove', manager, { code: 'SST6' });
      await call('taxList', cashier, {});

      // Stock: a manager keeps the grip socks' stock, takes a delivery, writes off a torn pair, counts, reads it back.
      await call('stockTrack', manager, {
        sku: 'GRIP-L',
        track: true,
        quantity: 12,
        low_level: 4,
        cost: 6.5,
      });
      await call('stockReceive', manager, { sku: 'GRIP-L', quantity: 24, reason: 'Delivery 114' });
      await call('stockAdjust', manager, { sku: 'GRIP-L', kind: 'damage', quantity: 1, reason: 'Torn' });
      await call('stockCount', manager, { items: [{ sku: 'GRIP-L', counted: 34 }], dry_run: true });
      await call('stockList', manager, {});
      await call('stockImport', manager, {
        content: 'sku,quantity,reason\nGRIP-L,6,PO 4471\n',
        dry_run: true,
      });
      await call('stockHistory', manager, { sku: 'GRIP-L' });

      // Offline: what a terminal takes into an outage, and a redeem two gates made of one single-use pass.
      await call('offlinePrepare', cashier, {});
      const single = await call<{ tickets: { _id: string }[] }>(
        'checkout',
        cashier,
        checkoutBody([cartItem('DAY-ADULT', 1, clock())]),
      );
      // The checkout fixture is the mixed-tender sale, not the later ones.
      recorded.checkout = sale;
      const gateTicket = single.tickets[0]?._id ?? '';
      const usedAt = (minutesAgo: number) => new Date(clock().getTime() - minutesAgo * 60_000).toISOString();
      const redeemOffline = (session: TestSession, nonce: string, used_at: string) =>
        t.inject({
          method: 'POST',
          url: `/v2/check_ticket_redeem/${gateTicket}`,
          headers: session.headers,
          payload: { nonce, used_at },
        });
      const gate = await t.signIn(CASHIER, { host: 'GATE02' });
      expect(
        (await redeemOffline(cashier, '5b0d7f3e-8c2a-4d19-9e61-2f4a8b7c3d10', usedAt(20))).statusCode,
      ).toBe(200);
      expect((await redeemOffline(gate, '7c1e9a2b-3d4f-4a5b-8c6d-7e8f9a0b1c2d', usedAt(15))).statusCode).toBe(
        409,
      );
      const [conflict] = await call<{ _id: string }[]>('syncConflicts', manager, {});
      await call('resolveSyncConflict', manager, {
        id: conflict?._id,
        note: 'Two adults entered on one pass; charged the second at the desk',
      });

      // Back office.
      await call('settingsSet', manager, { receipt_footer: 'Thank you for climbing with us!' });
      await call('terminalList', manager, {});
      const pairing = await call<{ code: string }>('terminalPair', manager, { terminal: 'TICKET02' });
      await call('pairDevice', undefined, { code: pairing.code }, { headers: { 'x-host-name': 'TICKET02' } });
      await call('terminalRemove', manager, { terminal: 'TICKET02' });
      await call('staffList', manager, {});
      await call('staffAdd', manager, {
        email: 'siti@venue.my',
        first: 'Siti',
        last: 'Aminah',
        role: 'staff',
        password: 'a-long-password',
        pin: '4821',
      });
      await call('staffEdit', manager, { email: 'siti@venue.my', changes: { approve_discounts: true } });
      await call('staffResetPassword', manager, { email: 'siti@venue.my', password: 'a-new-long-password' });
      await call('staffResetPin', manager, { email: 'siti@venue.my', pin: '9042' });
      await call('staffSetActive', manager, { email: 'siti@venue.my', active: false });
      await call('catalogList', manager, {});
      await call('catalogAdd', manager, {
        item: {
          type: 'MERCHANDISE',
          sku: 'CHALK-S',
          product: 'Chalk',
          size: 'S',
          price: 12,
          barcode: '9555000000024',
          active: true,
        },
      });
      await call('catalogEdit', manager, { sku: 'CHALK-S', changes: { price: 13.5 } });
      await call('catalogSetActive', manager, { sku: 'CHALK-S', active: false });
      await call('catalogExport', manager, { format: 'csv' });
      await call('catalogImport', manager, {
        format: 'csv',
        content:
          'type,sku,product,category,group,size,price,min_qty,usage_limit,duration_value,duration_unit,barcode,active\nPASS,DAY-ADULT,Day Pass,Day Pass,Adult,,52.00,1,1,1,Day,,true\n',
        dry_run: true,
      });
      await call('auditList', manager, {
        from: '2026-11-21T16:00:00.000Z',
        action: 'staff.signed_in',
        limit: 3,
      });
      await call('mailOutbox', manager, { limit: 1 });

      // The shift's X report, its end, and signing out.
      const report = await call<{
        shift_id: string;
        expected: { cash: number; card: number; ewallet: number };
      }>('shiftReport', cashier);
      await call('endShift', cashier, report.expected);
      // The manager's dashboard of the day: its sales, refunds and the shift just closed.
      await call('salesSummary', manager, { from: '2026-11-22', to: '2026-11-22' });
      await call('shiftReportOf', manager, { shift_id: report.shift_id });
      await call('signOut', cashier, {});

      // A self check-in kiosk: a manager enables it on the office's terminal, a manager's PIN ends it.
      const kiosk = await call<{ kiosk_token: string }>('kioskEnable', manager, {});
      const managerId = manager.profile._id;
      await call(
        'kioskExit',
        undefined,
        { approver: managerId, pin: demoPin(MANAGER) },
        { headers: t.headers(kiosk.kiosk_token, 'OFFICE01') },
      );

      // A tablet as the office terminal's customer display: the code, the claim, a sale on it, the end.
      const display = await call<{ code: string }>('displayPair', manager, {});
      await call('displayClaim', undefined, { code: display.code });
      await call('displayPublish', manager, {
        message: {
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
        },
      });
      await call('displayStatus', manager, {});
      await call('displayUnpair', manager, {});
      // November's consolidated e-invoice, on 1 December: the venue's identity, the submission, a sender that gives
      // up on a MyInvois down (503), a retry, valid, listed, then cancelled.
      clock.set('2026-12-01T02:00:00.000Z');
      const office = await t.signIn(MANAGER, { host: 'OFFICE01' });
      await call('einvoiceSettingsSet', office, GYM_IDENTITY);
      await call('einvoiceSettings', office, {});
      const submitted = await call<{ document: { id: string } }>('einvoiceSubmit', office, {
        month: '2026-11',
      });
      const client = createMyInvoisClient({ ...einvoice, clock });
      simulator.fault(
        { kind: 'status', status: 503 },
        { path: '/api/v1.0/documentsubmissions', method: 'POST' },
      );
      await createEinvoiceSender({ db: t.db, client, clock, maxAttempts: 1 }).runOnce();
      const id = submitted.document.id;
      await call('einvoiceRetry', office, { id });
      const sender = createEinvoiceSender({ db: t.db, client, clock });
      await sender.runOnce();
      clock.advance(5_000);
      await sender.runOnce();
      await call('einvoiceStatus', office, { id });
      await call('einvoiceList', office, { month: '2026-11' });
      // The first sale's invoice dialog: the month's consolidated e-invoice that covers it, for the cashier too.
      await call('einvoiceOfOrder', await t.signIn(CASHIER), { order_id: receipt.order._id });
      await call('einvoiceCancel', office, { id, reason: 'Wrong amounts' });

      const missing = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
        (name) => recorded[name] === undefined,
      );
      expect(missing, 'every call of ENDPOINTS is recorded').toEqual([]);
      for (const name of Object.keys(recorded) as EndpointName[]) {
        const schema = ENDPOINTS[name].response;
        if (schema !== null) expect(schema.safeParse(recorded[name]?.answer).success, name).toBe(true);
      }
    },
    SETUP_TIMEOUT_MS,
  );

  it('the SDK fixtures file is what this run answers (shape; values where the run is deterministic)', () => {
    const ordered = Object.fromEntries(
      (Object.keys(ENDPOINTS) as EndpointName[]).flatMap((name) =>
        recorded[name] === undefined ? [] : [[name, recorded[name]]],
      ),
    );
    // The file is written from the SQLite run; PostgreSQL (when POS_TEST_DATABASE_URL is set) must answer the same.
    if (process.env.UPDATE_SDK_FIXTURES === '1' && engine === 'sqlite') {
      writeFileSync(FIXTURES_FILE, `${JSON.stringify(ordered, null, 2)}\n`);
      return;
    }
    const path = fileURLToPath(FIXTURES_FILE);
    expect(existsSync(FIXTURES_FILE), `${path} is missing: ${REGENERATE}`).toBe(true);
    const stored = JSON.parse(readFileSync(FIXTURES_FILE, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stored), REGENERATE).toEqual(Object.keys(ordered));
    for (const name of Object.keys(ordered)) {
      expect(shapeOf(ordered[name]), `${name}: ${REGENERATE}`).toEqual(shapeOf(stored[name]));
    }
  });
});
