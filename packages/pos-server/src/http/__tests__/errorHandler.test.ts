import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { JSON_BODY_LIMIT } from '../../app';

describeOnEngines('error handler', (engine) => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await createTestApp({
      engine,
      routes: [
        (app, { db }) => {
          app.post('/v1/test/sql_fault', async () => {
            await sql`select * from no_such_table where secret = ${'x'}`.execute(db);
            return {};
          });
          app.post('/v1/test/fault', async () => {
            throw new TypeError("Cannot read properties of undefined (reading 'total_sen')");
          });
          // What parsers and libraries throw for a client's bad input: an error carrying a 4xx status.
          app.post('/v1/test/library_400', async () => {
            throw Object.assign(new Error('Malformed part header in /srv/node_modules/busboy/lib/x.js'), {
              statusCode: 400,
            });
          });
          app.post('/v1/test/library_413', async () => {
            throw Object.assign(new Error('too many parts'), { status: 413 });
          });
          app.post('/v1/test/fastify_406', async () => {
            throw Object.assign(new Error('the request is not multipart'), {
              statusCode: 406,
              code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
            });
          });
          // A unique key taken by a call that committed first (the driver's own error, on each engine).
          app.post('/v1/test/unique_taken', async () => {
            await sql`create table if not exists test_unique_taken (id integer primary key)`.execute(db);
            await db.transaction().execute(async (trx) => {
              await sql`delete from test_unique_taken`.execute(trx);
              await sql`insert into test_unique_taken (id) values (1)`.execute(trx);
              await sql`insert into test_unique_taken (id) values (1)`.execute(trx);
            });
            return {};
          });
          app.post('/v1/test/deadlock', async () => {
            throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
          });
          app.post('/v1/test/throws_null', async () => {
            throw null;
          });
        },
      ],
    });
    session = await t.signIn();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('answers 409 conflict, try again, when another call took a unique key or deadlocked at the same moment', async () => {
    for (const url of ['/v1/test/unique_taken', '/v1/test/deadlock']) {
      const response = await t.post(session, url, {});
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Someone else changed this at the same moment. Please try again.',
        code: 'conflict',
      });
    }
  });

  it('answers 500 server_error with a generic message: no stack, no SQL, no internal message', async () => {
    for (const url of ['/v1/test/sql_fault', '/v1/test/fault']) {
      const response = await t.post(session, url, {});
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'Something went wrong on the server. Please try again.',
        code: 'server_error',
      });
      expect(response.body).not.toMatch(/no_such_table|select|total_sen|at .*\.ts/);
    }
  });

  it('answers a library error that carries a 4xx status with that status, never a 500 (and no internals)', async () => {
    const library400 = await t.post(session, '/v1/test/library_400', {});
    expect(library400.statusCode).toBe(400);
    expect(library400.json()).toEqual({
      message: 'The request could not be read (HTTP 400)',
      code: 'invalid_request',
    });
    const library413 = await t.post(session, '/v1/test/library_413', {});
    expect(library413.statusCode).toBe(413);
    expect(library413.json()).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
    const fastify406 = await t.post(session, '/v1/test/fastify_406', {});
    expect(fastify406.statusCode).toBe(406);
    expect(fastify406.json()).toEqual({ message: 'the request is not multipart', code: 'invalid_request' });
    expect((await t.post(session, '/v1/test/throws_null', {})).statusCode).toBe(500);
  });

  it('answers 400 invalid_request for malformed JSON', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/set_float',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"float": 12,',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: 'invalid_request',
    });
  });

  it('reads an empty JSON body as {} ("every POST may send {}")', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    const noBody = await t.inject({ method: 'POST', url: '/v1/admin/users', headers: session.headers });
    expect(noBody.statusCode).toBe(200);
  });

  it('answers 400 for a body that is not an object', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/set_float',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_request',
      message: 'Invalid request body: must be an object',
    });
  });

  it("says what a field must be in the contract's words, where the contract gives none of its own", async () => {
    const item = { sku: 'GRIP-M', name: 'Grip Socks', category: 'Merchandise', type: 'MERCHANDISE' };
    const response = await t.post(session, '/v1/checkout', {
      origin: 'STORE',
      email: '',
      items: [{ ...item, quantity: 1000, price: { value: 15, currency: 'USD' } }],
      subtotal: 15,
      payment: { methods: [{ type: 'BITCOIN', amount: 15 }], change: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid items.0.quantity: must be at most 999 (and 3 more)');
    expect(response.json().details).toEqual([
      { path: 'items.0.quantity', message: 'must be at most 999' },
      { path: 'items.0.price.currency', message: 'must be "MYR"' },
      { path: 'num_items', message: 'must be given' },
      {
        path: 'payment.methods.0.type',
        message: 'must be one of "CASH", "CREDIT CARD", "E-WALLET", "GIFT CARD"',
      },
    ]);
  });

  it("refuses an address the SDK refuses too, with the spec's 'Invalid email format' (not prefixed again)", async () => {
    const response = await t.post(session, '/v1/lookup_membership', { email: 'a@-x.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', message: 'Invalid email format' });
    expect(response.json().details).toEqual([{ path: 'email', message: 'Invalid email format' }]);
  });

  it('answers 400 with every wrong field in details and the first one in the message', async () => {
    const response = await t.post(session, '/v1/admin/end_shift', { cash: 'ten', card: 1.001 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Invalid cash: must be an amount in ringgit (and 2 more)');
    expect(body.details.map((issue: { path: string }) => issue.path)).toEqual(['cash', 'card', 'ewallet']);
  });

  it('refuses a poisoned __proto__ body', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 413 payload_too_large for a body over 1 MB', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/set_float',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ float: 1, padding: 'x'.repeat(JSON_BODY_LIMIT) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'Request body is too large (the limit is 1 MB)',
      code: 'payload_too_large',
    });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/set_float',
      headers: { ...session.headers, 'content-type': 'text/plain' },
      payload: 'float=12',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('invalid_request');
  });

  it('answers 404 not_found as JSON for an unknown path (403 without a token: deny by default)', async () => {
    expect((await t.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(403);
    const response = await t.inject({ method: 'GET', url: '/nowhere', headers: session.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it("answers 400 in the contract's shape for a path part over the router's limit or a malformed %-escape", async () => {
    const long = await t.inject({
      method: 'POST',
      url: `/v2/check_ticket_redeem/${'x'.repeat(150)}`,
      headers: session.headers,
      payload: {},
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'A part of the address is longer than 100 characters',
      code: 'invalid_request',
    });
    const malformed = await t.inject({
      method: 'GET',
      url: '/v1/admin/ticket_photo/%zz',
      headers: session.headers,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'The address is not valid: a %-escape in it is malformed',
      code: 'invalid_request',
    });
  });

  it('answers 404, not 405, for a wrong method on a known path', async () => {
    const response = await t.inject({ method: 'GET', url: '/v1/admin/users', headers: session.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});
