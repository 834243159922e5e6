import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_SAMPLES, type ApiSample } from '../../scripts/apiSamples';
import { type ApiClient, createApiClient } from '../api';
import { ENDPOINTS, type EndpointName } from '../contract';

const API = 'http://api.test';
const ENGINE = 'http://engine.test:8080';
const TOKEN = 'user-token-1';
const KEY = '1b4e28ba-2fa1-4d3b-9c5f-6d1c3a0e8f11';

/** What the server saw of one request. */
interface Seen {
  readonly path: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: unknown;
}

/**
 * Answers `method path` on `base` once with `answer` (status 200 unless given) and records the
 * request, so a test can assert on what was sent.
 */
function serve(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  answer: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Seen[] {
  const seen: Seen[] = [];
  nock(base)
    .intercept(path, method)
    .reply(function (uri, body) {
      seen.push({ path: uri, headers: { ...this.req.headers }, body });
      return [status, answer as nock.Body, headers];
    });
  return seen;
}

/** A multipart body as text (nock hands over bodies with binary bytes hex-encoded). */
function multipartText(body: unknown): string {
  const text = String(body);
  return /^(?:[0-9a-f]{2})+$/.test(text) ? Buffer.from(text, 'hex').toString('latin1') : text;
}

/** `value` with an unknown field added to every object in it, as a newer server might send. */
function withUnknownFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUnknownFields);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, field]) => [key, withUnknownFields(field)]);
    return { ...Object.fromEntries(entries), field_from_the_future: { nested: true } };
  }
  return value;
}

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}): ApiClient {
  return createApiClient({ baseUrl: API, engineUrl: ENGINE, getToken: () => TOKEN, ...overrides });
}

beforeEach(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  nock.enableNetConnect();
  expect(pending, 'every expected request was made').toEqual([]);
});

/** One JSON call: how the client is called, and what must go on the wire. */
interface JsonCase {
  readonly name: EndpointName;
  readonly base: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly send: (api: ApiClient) => Promise<unknown>;
  /** The JSON body that must be sent (`undefined` for no body). */
  readonly body: unknown;
  readonly auth: boolean;
  readonly keyed: boolean;
}

const S = API_SAMPLES;
const JSON_CASES: JsonCase[] = [
  {
    name: 'health',
    base: API,
    method: 'GET',
    path: '/v1/health',
    send: (api) => api.health(),
    body: undefined,
    auth: false,
    keyed: false,
  },
  {
    name: 'signIn',
    base: API,
    method: 'POST',
    path: '/v1/identity/sign_in',
    send: (api) => api.signIn(S.signIn.request),
    body: S.signIn.request,
    auth: false,
    keyed: false,
  },
  {
    name: 'adminLogin',
    base: API,
    method: 'POST',
    path: '/v1/admin_login',
    send: (api) => api.adminLogin(S.adminLogin.request),
    body: S.adminLogin.request,
    auth: false,
    keyed: false,
  },
  {
    name: 'signOut',
    base: API,
    method: 'POST',
    path: '/v1/admin_logout',
    send: (api) => api.signOut(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'pairDevice',
    base: API,
    method: 'POST',
    path: '/v1/pair',
    send: (api) => api.pairDevice({ code: 'K7QF3MXR' }),
    body: { code: 'K7QF3MXR' },
    auth: false,
    keyed: false,
  },
  {
    name: 'kioskEnable',
    base: API,
    method: 'POST',
    path: '/v1/admin/kiosk/enable',
    send: (api) => api.kioskEnable(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'kioskExit',
    base: API,
    method: 'POST',
    path: '/v1/kiosk/exit',
    send: (api) => api.kioskExit(S.kioskExit.request),
    body: S.kioskExit.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'displayPair',
    base: API,
    method: 'POST',
    path: '/v1/display/pair',
    send: (api) => api.displayPair(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'displayClaim',
    base: API,
    method: 'POST',
    path: '/v1/display/claim',
    send: (api) => api.displayClaim(S.displayClaim.request),
    body: S.displayClaim.request,
    auth: false,
    keyed: false,
  },
  {
    name: 'displayStatus',
    base: API,
    method: 'POST',
    path: '/v1/display/status',
    send: (api) => api.displayStatus(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'displayPublish',
    base: API,
    method: 'POST',
    path: '/v1/display/publish',
    send: (api) => api.displayPublish(S.displayPublish.request.message),
    body: S.displayPublish.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'displayUnpair',
    base: API,
    method: 'POST',
    path: '/v1/display/unpair',
    send: (api) => api.displayUnpair(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'terminalStatus',
    base: API,
    method: 'POST',
    path: '/v1/terminal_status',
    send: (api) => api.terminalStatus(),
    body: {},
    auth: false,
    keyed: false,
  },
  {
    name: 'terminalList',
    base: API,
    method: 'POST',
    path: '/v1/admin/terminals/list',
    send: (api) => api.terminalList(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'terminalPair',
    base: API,
    method: 'POST',
    path: '/v1/admin/terminals/pair',
    send: (api) => api.terminalPair({ terminal: 'TICKET02' }),
    body: { terminal: 'TICKET02' },
    auth: true,
    keyed: false,
  },
  {
    name: 'terminalRemove',
    base: API,
    method: 'POST',
    path: '/v1/admin/terminals/remove',
    send: (api) => api.terminalRemove({ terminal: 'TICKET02' }),
    body: { terminal: 'TICKET02' },
    auth: true,
    keyed: false,
  },
  {
    name: 'users',
    base: API,
    method: 'POST',
    path: '/v1/admin/users',
    send: (api) => api.users(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'verifyPin',
    base: API,
    method: 'POST',
    path: '/v1/admin/verify_pin',
    send: (api) => api.verifyPin(S.verifyPin.request),
    body: S.verifyPin.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'startShift',
    base: API,
    method: 'POST',
    path: '/v1/admin/start_shift',
    send: (api) => api.startShift(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'setFloat',
    base: API,
    method: 'POST',
    path: '/v1/admin/set_float',
    send: (api) => api.setFloat(S.setFloat.request),
    body: S.setFloat.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'shiftReport',
    base: API,
    method: 'POST',
    path: '/v1/admin/shift_report',
    send: (api) => api.shiftReport(),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'endShift',
    base: API,
    method: 'POST',
    path: '/v1/admin/end_shift',
    send: (api) => api.endShift(S.endShift.request),
    body: S.endShift.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'passes',
    base: API,
    method: 'GET',
    path: '/v1/passes/STORE',
    send: (api) => api.passes(),
    body: undefined,
    auth: true,
    keyed: false,
  },
  {
    name: 'merchandises',
    base: API,
    method: 'GET',
    path: '/v1/merchandises/STORE',
    send: (api) => api.merchandises(),
    body: undefined,
    auth: true,
    keyed: false,
  },
  {
    name: 'checkout',
    base: API,
    method: 'POST',
    path: '/v1/checkout',
    send: (api) => api.checkout(S.checkout.request, { idempotencyKey: KEY }),
    body: S.checkout.request,
    auth: true,
    keyed: true,
  },
  {
    name: 'getOrders',
    base: API,
    method: 'POST',
    path: '/v1/admin/get_orders',
    send: (api) => api.getOrders(S.getOrders.request),
    body: S.getOrders.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'getOrder',
    base: API,
    method: 'POST',
    path: '/v1/admin/get_order',
    send: (api) => api.getOrder(S.getOrder.request),
    body: S.getOrder.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'addOrderNote',
    base: API,
    method: 'POST',
    path: '/v1/admin/add_order_note',
    send: (api) => api.addOrderNote(S.addOrderNote.request),
    body: S.addOrderNote.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'cancelOrder',
    base: API,
    method: 'POST',
    path: '/v1/admin/cancel_order',
    send: (api) => api.cancelOrder(S.cancelOrder.request, { idempotencyKey: KEY }),
    body: S.cancelOrder.request,
    auth: true,
    keyed: true,
  },
  {
    name: 'refundOrder',
    base: API,
    method: 'POST',
    path: '/v1/admin/refund_order',
    send: (api) => api.refundOrder(S.refundOrder.request, { idempotencyKey: KEY }),
    body: S.refundOrder.request,
    auth: true,
    keyed: true,
  },
  {
    name: 'resendReceipt',
    base: API,
    method: 'POST',
    path: '/v1/admin/resend_receipt',
    send: (api) => api.resendReceipt(S.resendReceipt.request, { idempotencyKey: KEY }),
    body: S.resendReceipt.request,
    auth: true,
    keyed: true,
  },
  {
    name: 'getTicket',
    base: API,
    method: 'POST',
    path: '/v1/admin/get_ticket',
    send: (api) => api.getTicket(S.getTicket.request),
    body: S.getTicket.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'checkTicketRedeem',
    base: ENGINE,
    method: 'POST',
    path: '/v2/check_ticket_redeem/TK-0001',
    send: (api) => api.checkTicketRedeem('TK-0001'),
    body: {},
    auth: true,
    keyed: false,
  },
  {
    name: 'annulTicketRedeem',
    base: ENGINE,
    method: 'POST',
    path: '/v2/annul_ticket_redeem/TK-0001',
    send: (api) => api.annulTicketRedeem('TK-0001', S.annulTicketRedeem.request),
    body: S.annulTicketRedeem.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'lookupMembership',
    base: API,
    method: 'POST',
    path: '/v1/lookup_membership',
    send: (api) => api.lookupMembership(S.lookupMembership.request),
    body: S.lookupMembership.request,
    auth: true,
    keyed: false,
  },
  {
    name: 'renewMembership',
    base: API,
    method: 'POST',
    path: '/v1/renew_membership',
    send: (api) => api.renewMembership(S.renewMembership.request, { idempotencyKey: KEY }),
    body: S.renewMembership.request,
    auth: true,
    keyed: true,
  },
  ...(
    [
      [
        'holdMembership',
        '/v1/hold_membership',
        (api: ApiClient) => api.holdMembership(S.holdMembership.request),
      ],
      [
        'endMembershipHold',
        '/v1/end_membership_hold',
        (api: ApiClient) => api.endMembershipHold(S.endMembershipHold.request),
      ],
      [
        'membershipHolds',
        '/v1/membership_holds',
        (api: ApiClient) => api.membershipHolds(S.membershipHolds.request),
      ],
    ] as const
  ).map(([name, path, send]) => ({
    name,
    base: API,
    method: 'POST' as const,
    path,
    send: send as (api: ApiClient) => Promise<unknown>,
    body: S[name].request,
    auth: true,
    keyed: false,
  })),
  // The back office and the venue settings: POST with a JSON body (or none), a token, no key.
  ...(
    [
      ['venue', '/v1/admin/venue', (api) => api.venue()],
      ['settingsSet', '/v1/admin/settings/set', (api) => api.settingsSet(S.settingsSet.request)],
      ['staffList', '/v1/admin/staff/list', (api) => api.staffList()],
      ['staffAdd', '/v1/admin/staff/add', (api) => api.staffAdd(S.staffAdd.request)],
      ['staffEdit', '/v1/admin/staff/edit', (api) => api.staffEdit(S.staffEdit.request)],
      ['staffSetActive', '/v1/admin/staff/set_active', (api) => api.staffSetActive(S.staffSetActive.request)],
      [
        'staffResetPassword',
        '/v1/admin/staff/reset_password',
        (api) => api.staffResetPassword(S.staffResetPassword.request),
      ],
      ['staffResetPin', '/v1/admin/staff/reset_pin', (api) => api.staffResetPin(S.staffResetPin.request)],
      ['catalogList', '/v1/admin/catalog/list', (api) => api.catalogList()],
      ['catalogAdd', '/v1/admin/catalog/add', (api) => api.catalogAdd(S.catalogAdd.request)],
      ['catalogEdit', '/v1/admin/catalog/edit', (api) => api.catalogEdit(S.catalogEdit.request)],
      [
        'catalogSetActive',
        '/v1/admin/catalog/set_active',
        (api) => api.catalogSetActive(S.catalogSetActive.request),
      ],
      ['catalogImport', '/v1/admin/catalog/import', (api) => api.catalogImport(S.catalogImport.request)],
      ['catalogExport', '/v1/admin/catalog/export', (api) => api.catalogExport(S.catalogExport.request)],
      ['auditList', '/v1/admin/audit', (api) => api.auditList(S.auditList.request)],
      ['mailOutbox', '/v1/admin/mail/outbox', (api) => api.mailOutbox(S.mailOutbox.request)],
      ['shiftReportOf', '/v1/admin/shifts/report', (api) => api.shiftReportOf(S.shiftReportOf.request)],
      ['taxList', '/v1/admin/tax/list', (api) => api.taxList()],
      ['taxSet', '/v1/admin/tax/set', (api) => api.taxSet(S.taxSet.request)],
      ['taxRemove', '/v1/admin/tax/remove', (api) => api.taxRemove(S.taxRemove.request)],
      ['salesSummary', '/v1/admin/reports/sales_summary', (api) => api.salesSummary(S.salesSummary.request)],
      ['einvoiceSettings', '/v1/admin/einvoice/settings', (api) => api.einvoiceSettings()],
      [
        'einvoiceSettingsSet',
        '/v1/admin/einvoice/settings/set',
        (api) => api.einvoiceSettingsSet(S.einvoiceSettingsSet.request),
      ],
      ['einvoiceSubmit', '/v1/admin/einvoice/submit', (api) => api.einvoiceSubmit(S.einvoiceSubmit.request)],
      ['einvoiceList', '/v1/admin/einvoice/list', (api) => api.einvoiceList(S.einvoiceList.request)],
      ['einvoiceOfOrder', '/v1/einvoice/order', (api) => api.einvoiceOfOrder(S.einvoiceOfOrder.request)],
      ['einvoiceStatus', '/v1/admin/einvoice/status', (api) => api.einvoiceStatus(S.einvoiceStatus.request)],
      ['einvoiceRetry', '/v1/admin/einvoice/retry', (api) => api.einvoiceRetry(S.einvoiceRetry.request)],
      ['einvoiceCancel', '/v1/admin/einvoice/cancel', (api) => api.einvoiceCancel(S.einvoiceCancel.request)],
      ['stockList', '/v1/admin/stock/list', (api) => api.stockList(S.stockList.request)],
      ['stockTrack', '/v1/admin/stock/track', (api) => api.stockTrack(S.stockTrack.request)],
      ['stockReceive', '/v1/admin/stock/receive', (api) => api.stockReceive(S.stockReceive.request)],
      ['stockAdjust', '/v1/admin/stock/adjust', (api) => api.stockAdjust(S.stockAdjust.request)],
      ['stockCount', '/v1/admin/stock/count', (api) => api.stockCount(S.stockCount.request)],
      ['stockImport', '/v1/admin/stock/import', (api) => api.stockImport(S.stockImport.request)],
      ['stockHistory', '/v1/admin/stock/history', (api) => api.stockHistory(S.stockHistory.request)],
      ['offlinePrepare', '/v1/offline/prepare', (api) => api.offlinePrepare()],
      ['syncConflicts', '/v1/admin/get_sync_conflicts', (api) => api.syncConflicts(S.syncConflicts.request)],
      [
        'resolveSyncConflict',
        '/v1/admin/resolve_sync_conflict',
        (api) => api.resolveSyncConflict(S.resolveSyncConflict.request),
      ],
    ] as const satisfies readonly (readonly [EndpointName, string, (api: ApiClient) => Promise<unknown>])[]
  ).map(
    ([name, path, send]): JsonCase => ({
      name,
      base: API,
      method: 'POST',
      path,
      send,
      body: (S[name] as { request?: unknown }).request ?? {},
      auth: true,
      keyed: false,
    }),
  ),
];

describe('api: get_orders a page at a time', () => {
  it("getOrdersPage sends limit 50 unless told, and reads the page; getOrders keeps the spec's call", async () => {
    const page = {
      orders: [
        {
          _id: 'o1',
          date: '2026-11-22T10:00:00.000+08:00',
          status: 'PAID',
          total_amount: 49,
          currency: 'MYR',
          invoice: { _id: 'STORE-000001' },
          customer: { email: 'jane@example.com' },
          num_items: 1,
        },
      ],
      next_cursor: 'abc',
      total: 120,
      total_is_estimate: false,
    };
    const seen = serve(API, 'POST', '/v1/admin/get_orders', page);
    expect(await client().getOrdersPage({ origin: 'STORE', from: '2026-11-21T16:00:00.000Z' })).toEqual(page);
    expect(seen[0]?.body).toEqual({ origin: 'STORE', from: '2026-11-21T16:00:00.000Z', limit: 50 });
    const again = serve(API, 'POST', '/v1/admin/get_orders', page);
    await client().getOrdersPage({
      origin: 'STORE',
      from: '2026-11-21T16:00:00.000Z',
      limit: 5,
      cursor: 'abc',
    });
    expect(again[0]?.body).toMatchObject({ limit: 5, cursor: 'abc' });
    const legacy = serve(API, 'POST', '/v1/admin/get_orders', S.getOrders.response);
    expect(await client().getOrders(S.getOrders.request)).toEqual(S.getOrders.response);
    expect(legacy[0]?.body).not.toHaveProperty('limit');
  });
});

describe('api', () => {
  it('has one function per call of the contract', () => {
    const api = client();
    const names = Object.keys(ENDPOINTS) as EndpointName[];
    expect(names.filter((name) => typeof api[name] !== 'function')).toEqual([]);
    const covered = new Set([
      ...JSON_CASES.map((c) => c.name),
      'exportOrderReport',
      'ticketPhoto',
      'registerFace',
    ]);
    expect(names.filter((name) => !covered.has(name))).toEqual([]);
  });

  describe.each(JSON_CASES)('$name: $method $path', (call) => {
    const { response: answer }: ApiSample = S[call.name];

    it('sends the method, path, headers and body of the contract', async () => {
      const seen = serve(call.base, call.method, call.path, answer);
      await call.send(client());
      expect(seen).toHaveLength(1);
      const [request] = seen;
      expect(request?.path).toBe(call.path);
      expect(request?.headers['x-host-name']).toBe('TICKET01');
      expect(request?.headers.authorization).toBe(call.auth ? `Bearer ${TOKEN}` : undefined);
      expect(request?.headers['idempotency-key']).toBe(call.keyed ? KEY : undefined);
      expect(request?.headers['content-type']).toBe(call.method === 'POST' ? 'application/json' : undefined);
      expect(request?.body).toEqual(call.body ?? '');
    });

    it('answers the parsed answer, ignoring unknown fields', async () => {
      serve(call.base, call.method, call.path, withUnknownFields(answer));
      await expect(call.send(client())).resolves.toEqual(answer);
    });
  });

  describe('displayEventsUrl: GET /v1/display/events', () => {
    it("is the stream's address on the API address, the token in the query (EventSource sends no headers)", () => {
      expect(client().displayEventsUrl('a+b/c')).toBe(`${API}/v1/display/events?token=a%2Bb%2Fc`);
      expect(client({ baseUrl: `${API}/` }).displayEventsUrl('t')).toBe(`${API}/v1/display/events?token=t`);
    });
  });

  describe('exportOrderReport: POST /v1/admin/export_order_report', () => {
    it('sends the period and origin, and answers the streamed report with its content type', async () => {
      const csv = S.exportOrderReport.response;
      const seen = serve(API, 'POST', '/v1/admin/export_order_report', csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
      });
      const report = await client().exportOrderReport(S.exportOrderReport.request);
      expect(seen[0]?.body).toEqual(S.exportOrderReport.request);
      expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(seen[0]?.headers['idempotency-key']).toBeUndefined();
      expect(report.contentType).toBe('text/csv; charset=utf-8');
      expect(report.body).toBeInstanceOf(ReadableStream);
      await expect(new Response(report.body).text()).resolves.toBe(csv);
    });
  });

  describe('ticketPhoto: GET /v1/admin/ticket_photo/:ticketId', () => {
    it('answers the photo as a JPEG blob', async () => {
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
      const seen = serve(API, 'GET', '/v1/admin/ticket_photo/TK-0001', jpeg, 200, {
        'Content-Type': 'image/jpeg',
      });
      const photo = await client().ticketPhoto('TK-0001');
      expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(photo).toBeInstanceOf(Blob);
      expect(photo.type).toBe('image/jpeg');
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array(jpeg));
    });

    it('URL-encodes the ticket id in the path', async () => {
      serve(API, 'GET', '/v1/admin/ticket_photo/TK%2F1%20a', Buffer.from([1]), 200, {
        'Content-Type': 'image/jpeg',
      });
      await expect(client().ticketPhoto('TK/1 a')).resolves.toBeInstanceOf(Blob);
    });
  });

  describe('registerFace: POST /v2/register_face/:ticketId', () => {
    const ticket = S.registerFace.response;

    it('sends the photo to the engine address as multipart field file, a JPEG named {ticketId}.jpg', async () => {
      const seen = serve(ENGINE, 'POST', '/v2/register_face/TK-0001', ticket);
      const jpeg = new Uint8Array([0xff, 0xd8, 0x41, 0x42, 0xff, 0xd9]);
      await expect(client().registerFace('TK-0001', jpeg)).resolves.toEqual(ticket);
      const [request] = seen;
      expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request?.headers['x-host-name']).toBe('TICKET01');
      const body = multipartText(request?.body);
      expect(body).toContain('Content-Disposition: form-data; name="file"; filename="TK-0001.jpg"');
      expect(body).toContain('Content-Type: image/jpeg');
      expect(body).toContain('\xff\xd8AB\xff\xd9');
    });

    it('sends a Blob photo as image/jpeg whatever its own type', async () => {
      const seen = serve(ENGINE, 'POST', '/v2/register_face/TK-0001', ticket);
      await client().registerFace('TK-0001', new Blob(['photo-bytes'], { type: 'application/octet-stream' }));
      const body = multipartText(seen[0]?.body);
      expect(body).toContain('filename="TK-0001.jpg"');
      expect(body).toContain('Content-Type: image/jpeg');
      expect(body).toContain('photo-bytes');
    });

    it('sends no body at all for a used non-shareable ticket (no photo)', async () => {
      const seen = serve(ENGINE, 'POST', '/v2/register_face/TK-0001', ticket);
      await expect(client().registerFace('TK-0001')).resolves.toEqual(ticket);
      expect(seen[0]?.body).toBe('');
      expect(seen[0]?.headers['content-type']).toBeUndefined();
    });
  });

  describe('configuration', () => {
    it('fills the defaults: host TICKET01, store STORE, 8 s timeout, 2 retries, engine = API address', () => {
      const { config } = createApiClient({ baseUrl: 'http://api.test/' });
      expect(config).toMatchObject({
        baseUrl: API,
        engineUrl: API,
        hostId: 'TICKET01',
        store: 'STORE',
        timeoutMs: 8_000,
        retries: 2,
        retryDelayMs: 200,
      });
    });

    it('sends the /v2 calls to the API address when no engine address is configured', async () => {
      serve(API, 'POST', '/v2/check_ticket_redeem/TK-0001', S.checkTicketRedeem.response);
      await client({ engineUrl: undefined }).checkTicketRedeem('TK-0001');
    });

    it('keeps a path prefix of the base address', async () => {
      const seen = serve(API, 'POST', '/pos/v1/admin/users', []);
      await client({ baseUrl: `${API}/pos/` }).users();
      expect(seen).toHaveLength(1);
    });

    it('sends the configured host id and store code', async () => {
      const seen = serve(API, 'GET', '/v1/passes/MALL2', []);
      await client({ hostId: 'GATE02', store: 'MALL2' }).passes();
      expect(seen[0]?.headers['x-host-name']).toBe('GATE02');
    });

    it('takes a store code per catalogue call', async () => {
      serve(API, 'GET', '/v1/merchandises/OTHER', []);
      await expect(client().merchandises('OTHER')).resolves.toEqual([]);
    });

    it('sends no Authorization header while signed out', async () => {
      const seen = serve(API, 'POST', '/v1/admin/users', []);
      await client({ getToken: () => undefined }).users();
      expect(seen[0]?.headers.authorization).toBeUndefined();
    });

    it('reads the token on every call', async () => {
      let token = 'first';
      const seen = serve(API, 'POST', '/v1/admin/users', []);
      const api = client({ getToken: () => token });
      await api.users();
      token = 'second';
      const again = serve(API, 'POST', '/v1/admin/users', []);
      await api.users();
      expect([seen[0]?.headers.authorization, again[0]?.headers.authorization]).toEqual([
        'Bearer first',
        'Bearer second',
      ]);
    });

    it('sends credentials and uses the configured fetch', async () => {
      const requests: Request[] = [];
      const fetch: typeof globalThis.fetch = async (input) => {
        requests.push(input as Request);
        return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
      };
      await client({ fetch }).users();
      expect(requests).toHaveLength(1);
      expect(requests[0]?.credentials).toBe('include');
      expect(requests[0]?.url).toBe(`${API}/v1/admin/users`);
    });

    it('generates one UUID Idempotency-Key per keyed call when none is given', async () => {
      const first = serve(API, 'POST', '/v1/checkout', S.checkout.response);
      const second = serve(API, 'POST', '/v1/checkout', S.checkout.response);
      const api = client();
      await api.checkout(S.checkout.request);
      await api.checkout(S.checkout.request);
      const keys = [first[0]?.headers['idempotency-key'], second[0]?.headers['idempotency-key']];
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[0]).not.toBe(keys[1]);
    });

    it('refuses a base address that is not an absolute URL', () => {
      expect(() => createApiClient({ baseUrl: 'api.test' })).toThrow(/baseUrl must be an absolute URL/);
      expect(() => createApiClient({ baseUrl: API, timeoutMs: 0 })).toThrow(RangeError);
    });
  });
});
