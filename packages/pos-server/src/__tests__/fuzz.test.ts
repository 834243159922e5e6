import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { buildPath, ENDPOINTS, type EndpointName } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, jpegBytes, MEMBER, openShift, sell, staffId } from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

/**
 * Property-based fault run: every endpoint of the contract gets {@link RUNS} generated requests (bodies derived
 * from a valid one by mutations, random JSON, raw garbage, malformed multipart, odd headers, paths and content
 * types) from a signed-in manager (the back office too) against the real app on a real SQLite database. None may answer 5xx: bad input
 * is a 4xx. A failure prints the request and fast-check's seed to replay it.
 */
const RUNS = 2_000;

/** ISO 8601 date-times over the whole range the contract's format allows (years 0000 to 9999), odd zones. */
const anyDateTime = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 2020, max: 2040 }), fc.constant(9999)),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 31 }),
    fc.integer({ min: 0, max: 23 }),
    fc.constantFrom('Z', '+08:00', '-14:00', '+14:00', '-00:30'),
  )
  .map(
    ([year, month, day, hour, zone]) =>
      `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00${zone}`,
  );

/** {@link anyDateTime}, often at the edges of the range, where a time zone or a day added leaves it. */
const isoDateTime = fc.oneof(
  { weight: 3, arbitrary: anyDateTime },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '9999-12-31T00:00:00+08:00',
      '9999-12-31T23:59:59Z',
      '9999-12-31T20:00:00-14:00',
      '0000-01-01T00:00:00Z',
      '0000-01-01T05:00:00+14:00',
      '1970-01-01T00:00:00Z',
      '2038-01-19T03:14:08Z',
    ),
  },
);

/** Values that have broken parsers and date arithmetic before. */
const nastyValue = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    0.1 + 0.2,
    '',
    ' ',
    '\u0000',
    '__proto__',
    '../../etc/passwd',
    '9999-12-31T00:00:00+08:00',
    '9999-12-31T23:59:59.999-14:00',
    '0000-01-01T00:00:00+14:00',
    '0000-01-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '1970-01-01T00:00:00Z',
    '9999-12-31',
    'T0000000000',
    'STORE',
    [],
    {},
    { __proto__: null },
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  isoDateTime,
  fc.jsonValue({ maxDepth: 2 }),
);

type Json = unknown;

/** Every path (list of keys) into a JSON value, the root included. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) paths.push(...pathsOf(item, [...prefix, index]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

/** The node of `value` at `path`. */
function valueAt(value: Json, path: (string | number)[]): Json {
  return path.reduce<Json>((node, key) => (node as Record<string | number, Json> | undefined)?.[key], value);
}

/**
 * Another value of the same kind as `value`, so the body still passes the schema and reaches the rules: any
 * date-time for a date-time, odd numbers for a number, odd text for text.
 */
function sameKindAs(value: Json): fc.Arbitrary<unknown> {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return isoDateTime;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return isoDateTime.map((text) => text.slice(0, 10));
  }
  if (typeof value === 'number') {
    return fc.oneof(
      fc.integer({ min: -5, max: 1000 }),
      fc.double({ min: -1e6, max: 1e12, noNaN: true }),
      fc.constantFrom(0, 0.005, 999.995, 1e15, 2 ** 53, -0),
    );
  }
  if (typeof value === 'string') {
    return fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constant(value.toUpperCase()),
      fc.constant(value.repeat(40)),
      fc.constantFrom('', ' ', 'T0000000000', 'STORE', 'a@b.c', '60', '0'),
    );
  }
  return nastyValue;
}

/** A copy of `value` with the node at `path` replaced (or deleted when `replacement` is the DELETE marker). */
const DELETE = Symbol('delete');
function mutate(value: Json, path: (string | number)[], replacement: unknown): Json {
  if (path.length === 0) return replacement === DELETE ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === DELETE) copy.splice(Number(head), 1);
    else copy[Number(head)] = mutate(copy[Number(head)], rest, replacement);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (rest.length === 0 && replacement === DELETE) delete copy[String(head)];
    else copy[String(head)] = mutate(copy[String(head)], rest, replacement);
    return copy;
  }
  return value;
}

/** Bodies derived from a valid one: 1 to 3 fields replaced by nasty values, deleted, or extra fields added. */
function mutatedBody(valid: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(valid);
  const oneMutation = fc
    .constantFrom(...paths)
    .chain((path) =>
      fc.tuple(
        fc.constant(path),
        fc.oneof(
          { weight: 6, arbitrary: sameKindAs(valueAt(valid, path)) },
          { weight: 3, arbitrary: nastyValue },
          { weight: 1, arbitrary: fc.constant(DELETE) },
        ),
      ),
    );
  return fc
    .array(oneMutation, { minLength: 1, maxLength: 2 })
    .map((mutations) =>
      mutations.reduce((body, [path, replacement]) => mutate(body, path, replacement), valid),
    );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/jpeg',
  ';;;',
  'application/json; boundary=x; charset=',
  'application/vnd.api+json',
];

/** A header value Node accepts on the wire (printable ASCII). */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

/** A JSON body as sent: the serialised body, or raw garbage text. */
function jsonPayload(valid: Json): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    { weight: 12, arbitrary: mutatedBody(valid).map((body) => JSON.stringify(body) ?? '') },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '[',
        '{"a":',
        '"',
        'null',
        '1e999',
        '{"__proto__":{"x":1}}',
        '\uFEFF{}',
      ),
    },
  );
}

/** Multipart bodies: well-formed or broken (no boundary, truncated, too many fields or files, odd headers). */
const multipartRequest = fc
  .record({
    boundary: fc.oneof(
      fc.constant('----fuzz'),
      headerText.filter((text) => !/[\r\n]/.test(text)),
    ),
    declaredBoundary: fc.option(
      fc.oneof(
        fc.constant('----fuzz'),
        headerText.filter((text) => !/[;\r\n]/.test(text)),
      ),
      { nil: undefined },
    ),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constant('file'), fc.constant('photo'), headerText),
        filename: fc.option(fc.oneof(fc.constant('photo.jpg'), headerText), { nil: undefined }),
        type: fc.option(fc.constantFrom('image/jpeg', 'image/png', 'text/plain', ''), { nil: undefined }),
        content: fc.oneof(
          fc.constant(jpegBytes(64)),
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        ),
      }),
      { maxLength: 14 },
    ),
    closed: fc.boolean(),
    cut: fc.option(fc.nat({ max: 400 }), { nil: undefined }),
  })
  .map(({ boundary, declaredBoundary, parts, closed, cut }) => {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
      const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
    if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const whole = Buffer.concat(chunks);
    return {
      payload: cut === undefined ? whole : whole.subarray(0, cut),
      contentType:
        declaredBoundary === undefined
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${declaredBoundary}`,
    };
  });

describe('fuzz: generated requests to every endpoint never answer 5xx', () => {
  let t: TestApp;
  let session: TestSession;
  const valid: Partial<Record<EndpointName, Json>> = {};
  const params: Record<string, string[]> = { store: ['STORE'], id: [], ticketId: [] };

  beforeAll(async () => {
    t = await createTestApp();
    session = await t.signIn(CASHIER);
    await openShift(t, session);
    const sale = await sell(t, session, checkoutBody([cartItem('DAY-ADULT', 2), cartItem('BOTTLE-750')]));
    const member = { ...MEMBER, email: 'fuzz@example.com' };
    const membership = await sell(
      t,
      session,
      checkoutBody(
        [cartItem('MEMBER-1M', 1, new Date(), { member: { type: 'Adult', sku: 'MEMBER-1M', ...member } })],
        {
          email: member.email,
        },
      ),
    );
    const ticketIds = [...sale.tickets, ...membership.tickets].map((ticket) => ticket._id);
    params.id = ticketIds;
    params.ticketId = ticketIds;
    const now = new Date().toISOString();
    const invoiceId = sale.order.invoice?._id ?? '';
    Object.assign(valid, {
      signIn: { email: MANAGER, password: 'not-the-password' },
      adminLogin: { idToken: randomUUID() },
      verifyPin: { approver: await staffId(t, MANAGER), pin: '0000' },
      startShift: {},
      setFloat: { float: 10.5 },
      shiftReport: {},
      endShift: { cash: 100, card: 0, ewallet: 0 },
      checkout: checkoutBody([cartItem('DAY-ADULT', 2), cartItem('BOTTLE-750')], {
        email: 'guest@example.com',
      }),
      getOrders: { origin: 'STORE', from: now, search: invoiceId },
      getOrder: { order_id: sale.order._id },
      addOrderNote: { order_id: sale.order._id, note: 'Fuzz note' },
      cancelOrder: { order_id: sale.order._id, reason: 'Entered twice' },
      refundOrder: { invoice_id: invoiceId, message: 'Customer left' },
      exportOrderReport: {
        period: { from: now, to: new Date(Date.now() + 3600_000).toISOString() },
        origin: 'STORE',
        format: 'csv',
      },
      getTicket: { ticket_id: ticketIds[0] },
      lookupMembership: { email: member.email },
      renewMembership: checkoutBody(
        [cartItem('RENEW-1M', 1, new Date(), { member: { type: 'Adult', sku: 'RENEW-1M', ...member } })],
        { email: member.email },
      ),
    } satisfies Partial<Record<EndpointName, Json>>);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  }, SETUP_TIMEOUT_MS);

  /** A path parameter: a real id, or something else (encoded). */
  const paramValue = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...(params[name] ?? ['x'])) },
      { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', '%', '%E0%A4%A', 'T0000000000', ''),
      },
    );

  /** The request for one generated case of an endpoint. */
  function requestFor(name: EndpointName): fc.Arbitrary<InjectOptions> {
    const endpoint = ENDPOINTS[name];
    const paramNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const path = fc
      .tuple(...paramNames.map(paramValue))
      .map((values) =>
        buildPath(endpoint.path, Object.fromEntries(paramNames.map((key, i) => [key, values[i] ?? '']))),
      )
      .chain((built) =>
        fc.oneof(
          { weight: 8, arbitrary: fc.constant(built) },
          { weight: 1, arbitrary: headerText.map((query) => `${built}?${encodeURI(query)}`) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(`${built}/`, `${built}//x`, built.toUpperCase(), `${built}%2F..`),
          },
        ),
      );
    const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> =
      endpoint.body === 'multipart'
        ? fc.oneof(
            { weight: 8, arbitrary: multipartRequest },
            { weight: 1, arbitrary: fc.constant({}) },
            {
              weight: 1,
              arbitrary: jsonPayload({}).map((payload) => ({ payload, contentType: 'application/json' })),
            },
          )
        : jsonPayload(valid[name] ?? {}).map((payload) => ({ payload, contentType: 'application/json' }));
    const contentType = fc.oneof(
      { weight: 10, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      { weight: 1, arbitrary: headerText },
    );
    const oddHeaders = fc.record(
      {
        'x-host-name': fc.oneof(fc.constant('TICKET01'), headerText),
        'idempotency-key': fc.oneof(fc.uuid(), headerText),
        accept: fc.constantFrom('*/*', 'application/json', 'text/csv', ''),
        'content-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'),
        'transfer-encoding': fc.constant('chunked'),
        authorization: fc.oneof(fc.constant('Bearer'), headerText),
      },
      { requiredKeys: [] },
    );
    // Mostly the signed-in manager's own headers, so most requests get past authentication into the handlers.
    const extraHeaders = fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: oddHeaders },
    );
    const method = fc.oneof(
      { weight: 12, arbitrary: fc.constant(endpoint.method) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') },
    );
    return fc
      .record({ method, url: path, body, contentType, extraHeaders })
      .map(({ method: verb, url, body: sent, contentType: type, extraHeaders: extra }) => {
        const headers: Record<string, string> = { ...session.headers, ...extra };
        const declared = type ?? sent.contentType;
        if (declared !== undefined) headers['content-type'] = declared;
        const options: InjectOptions = { method: verb as InjectOptions['method'], url, headers };
        if (sent.payload !== undefined && verb !== 'GET' && verb !== 'HEAD') options.payload = sent.payload;
        return options;
      });
  }

  const describeRequest = (request: InjectOptions) =>
    JSON.stringify({
      ...request,
      payload: Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload,
    }).slice(0, 2_000);

  const names = Object.keys(ENDPOINTS) as EndpointName[];
  // end_shift near the end: it closes the shift, which the sales before it need; sign-out last, since a body it
  // accepts ends the session.
  const last: EndpointName[] = ['endShift', 'signOut'];
  const ordered = [...names.filter((name) => !last.includes(name)), ...last];

  it.each(ordered)(
    `%s: ${RUNS} generated requests, none answered 5xx`,
    async (name) => {
      // A fresh manager's token for each endpoint, so every call (back office included) reaches its handler.
      const token = await t.createToken(MANAGER);
      session = { ...session, token, headers: t.headers(token) };
      let answered = 0;
      let pastAuthentication = 0;
      await fc.assert(
        fc.asyncProperty(requestFor(name), async (request) => {
          const response = await t.inject(request);
          answered++;
          if (response.statusCode !== 403) pastAuthentication++;
          if (response.statusCode >= 500) {
            throw new Error(`${response.statusCode} ${response.body} for ${describeRequest(request)}`);
          }
        }),
        { numRuns: RUNS },
      );
      expect(answered).toBeGreaterThanOrEqual(RUNS);
      // Most requests carry the manager's own headers: they got past authentication into the handler, so the run
      // tested the endpoint and not the 403 in front of it.
      // (Sign-out ends the session with its first accepted body; the rest are its 403s.)
      if (name !== 'signOut') {
        expect(pastAuthentication).toBeGreaterThan(RUNS / 2);
        expect((await t.post(session, '/v1/admin/users', {})).statusCode).toBe(200);
      }
    },
    120_000,
  );
});
