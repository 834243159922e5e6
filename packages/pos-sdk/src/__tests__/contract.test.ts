import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { API_SAMPLES, type ApiSample } from '../../scripts/apiSamples';
import { HealthResponseSchema } from '../api/ApiClient';
import {
  CheckoutRequestSchema,
  ENDPOINTS,
  type EndpointName,
  ErrorBodySchema,
  FieldIssueSchema,
  MAX_RINGGIT,
  MoneySchema,
  NonNegativeMoneySchema,
  OrderSchema,
  ShiftOrEmptySchema,
  WIRE_ERROR_STATUS,
} from '../contract';

/** The shared design docs, as copied into the repository (`__fixtures__/shared`, kept equal by shared-copies.test). */
const CONTRACT_MD = fileURLToPath(new URL('./__fixtures__/shared/contract.md', import.meta.url));
const SPEC_MD = fileURLToPath(new URL('./__fixtures__/shared/pos-terminal-spec.md', import.meta.url));

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** `POST /v2/register_face/{ticketId}`, `GET /v1/passes/STORE` and `:param` all become `:param`. */
function normalizeCall(method: string, path: string): string {
  const normalized = path
    .replace(/\{[A-Za-z_]+\}/g, ':param')
    .replace(/:[A-Za-z_]+/g, ':param')
    .replace(/\/STORE(?=\/|$)/g, '/:param');
  return `${method} ${normalized}`;
}

/** Every `METHOD /path` a document names. */
function callsNamedIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const calls = [
    ...text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/v\d+\/[A-Za-z0-9_/{}:.-]*[A-Za-z0-9_}])/g),
  ];
  return calls.map(([, method, path]) => normalizeCall(method ?? '', path ?? ''));
}

const KNOWN_CALLS = new Set(NAMES.map((name) => normalizeCall(ENDPOINTS[name].method, ENDPOINTS[name].path)));

describe('contract', () => {
  describe('sample bodies and answers', () => {
    it.each(NAMES)('%s: the sample body parses with the request schema', (name) => {
      const { request } = ENDPOINTS[name];
      const sample: ApiSample = API_SAMPLES[name];
      if (request === null) {
        expect(sample.request).toBeUndefined();
        return;
      }
      const parsed = request.safeParse(sample.request);
      expect(parsed.error?.issues).toBeUndefined();
    });

    it.each(NAMES)('%s: the sample answer parses with the response schema', (name) => {
      const def = ENDPOINTS[name];
      const sample: ApiSample = API_SAMPLES[name];
      const schema = name === 'health' ? HealthResponseSchema : def.response;
      if (schema === null) return; // streamed or binary answers: no JSON schema
      const parsed = schema.safeParse(sample.response);
      expect(parsed.error?.issues).toBeUndefined();
      expect(parsed.data).toEqual(sample.response);
    });

    it('an error body parses, with field issues as details', () => {
      const body = {
        message: 'Invalid request',
        code: 'invalid_request',
        details: [{ path: 'items.0.quantity', message: 'must be a whole number' }],
      };
      expect(ErrorBodySchema.parse(body)).toEqual(body);
      expect(z.array(FieldIssueSchema).parse(body.details)).toEqual(body.details);
    });

    it('the shift answer is a shift or an empty object', () => {
      expect(ShiftOrEmptySchema.parse({})).toEqual({});
      expect(ShiftOrEmptySchema.parse(API_SAMPLES.startShift.response)).toEqual(
        API_SAMPLES.startShift.response,
      );
      expect(ShiftOrEmptySchema.safeParse({ _id: 'shift-1' }).success).toBe(false);
    });
  });

  describe('money on the wire', () => {
    it.each([49, 12.5, 0, 0.01, -6.8, 103.2, MAX_RINGGIT])(
      'accepts %s ringgit (at most 2 decimals)',
      (value) => {
        expect(MoneySchema.safeParse(value).success).toBe(true);
      },
    );

    it.each([
      ['3 decimals', 12.345],
      ['a float artefact', 0.1 + 0.2],
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['-Infinity', Number.NEGATIVE_INFINITY],
      ['above the largest amount', MAX_RINGGIT + 1],
      ['a string', '49'],
      ['null', null],
    ])('rejects %s', (_, value) => {
      expect(MoneySchema.safeParse(value).success).toBe(false);
    });

    it('a price or tender may not be negative', () => {
      expect(NonNegativeMoneySchema.safeParse(-0.01).success).toBe(false);
      expect(NonNegativeMoneySchema.safeParse(0).success).toBe(true);
    });

    const messagesOf = (schema: typeof MoneySchema, value: unknown) =>
      schema.safeParse(value).error?.issues.map((issue) => issue.message);
    it.each([
      [12.345, ['must be an amount with at most 2 decimals']],
      [MAX_RINGGIT + 1, [`must be at most ${MAX_RINGGIT}`]],
      [1e308, [`must be at most ${MAX_RINGGIT}`]],
      [-MAX_RINGGIT - 0.01, [`must be at least -${MAX_RINGGIT}`]],
      [-1e20, [`must be at least -${MAX_RINGGIT}`]],
      [1e-7, ['must be an amount with at most 2 decimals']],
      ['49', ['must be an amount in ringgit']],
    ])('says what is wrong with %s, once', (value, messages) => {
      expect(messagesOf(MoneySchema, value)).toEqual(messages);
    });

    it.each([
      [-0.01, ['must not be negative']],
      [-1e20, ['must not be negative']],
      [1e308, [`must be at most ${MAX_RINGGIT}`]],
      [-0.001, ['must not be negative']],
    ])('says what is wrong with a price or tender of %s, once', (value, messages) => {
      expect(messagesOf(NonNegativeMoneySchema, value)).toEqual(messages);
    });
  });

  describe('unknown fields', () => {
    it('are stripped from an answer, not fatal', () => {
      const order = API_SAMPLES.getOrder.response;
      const withExtras = {
        ...order,
        loyalty_points: 12,
        order_details: { ...order.order_details, channel: 'kiosk' },
        payment: { ...order.payment, terminal_ref: 'T-9' },
      };
      expect(OrderSchema.parse(withExtras)).toEqual(order);
    });

    it('are stripped from a body, not fatal', () => {
      const body = API_SAMPLES.checkout.request;
      const withExtras = {
        ...body,
        coupon: 'X',
        items: body.items.map((item) => ({ ...item, colour: 'red' })),
      };
      expect(CheckoutRequestSchema.parse(withExtras)).toEqual(body);
    });
  });

  describe('the endpoint table', () => {
    it('has an entry for every call that design/contract.md names', () => {
      const named = callsNamedIn(CONTRACT_MD);
      expect(named.length).toBeGreaterThan(20);
      expect(named.filter((call) => !KNOWN_CALLS.has(call))).toEqual([]);
    });

    it('has an entry for every call of the spec, section 7', () => {
      const named = callsNamedIn(SPEC_MD);
      expect(named.length).toBeGreaterThanOrEqual(19);
      expect(named.filter((call) => !KNOWN_CALLS.has(call))).toEqual([]);
    });

    it('names the same wire error codes and statuses as design/contract.md', () => {
      const text = readFileSync(CONTRACT_MD, 'utf8');
      const named = [...text.matchAll(/\b(\d{3}) `([a-z_]+)`/g)].map(([, status, code]) => [
        code,
        Number(status),
      ]);
      expect(named.length).toBeGreaterThanOrEqual(7);
      for (const [code, status] of named) {
        expect(WIRE_ERROR_STATUS[code as keyof typeof WIRE_ERROR_STATUS]).toBe(status);
      }
    });

    it('keys exactly the money-moving calls (checkout, renew_membership, refund_order, cancel_order) and resend_receipt', () => {
      const keyed = NAMES.filter((name) => ENDPOINTS[name].idempotent).sort();
      expect(keyed).toEqual(['cancelOrder', 'checkout', 'refundOrder', 'renewMembership', 'resendReceipt']);
    });

    it('sends the /v2 ticket calls, and only those, to the engine address', () => {
      for (const name of NAMES) {
        expect([name, ENDPOINTS[name].base]).toEqual([
          name,
          ENDPOINTS[name].path.startsWith('/v2/') ? 'engine' : 'api',
        ]);
      }
    });

    it('needs a token on every call except the two sign-in calls, health, pairing a device and claiming a display', () => {
      const open = NAMES.filter((name) => !ENDPOINTS[name].auth).sort();
      expect(open).toEqual([
        'adminLogin',
        'displayClaim',
        'health',
        'pairDevice',
        'signIn',
        'terminalStatus',
      ]);
    });

    it('has a request schema exactly for JSON bodies', () => {
      for (const name of NAMES) {
        const { body, request } = ENDPOINTS[name];
        expect([name, request !== null]).toEqual([name, body === 'json']);
      }
    });

    it('has a response schema for every JSON answer (health: HealthResponseSchema in api/)', () => {
      const missing = NAMES.filter(
        (name) => ENDPOINTS[name].responseKind === 'json' && !ENDPOINTS[name].response,
      );
      expect(missing).toEqual(['health']);
    });
  });
});
