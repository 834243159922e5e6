import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../contract';
import { fixture, fixtureNames } from '../testing';

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

describe('pos-sdk/testing fixtures', () => {
  it('has one fixture for every call of ENDPOINTS, and none for a call that is gone', () => {
    expect([...fixtureNames()].sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)(
    '%s: the answer parses with its answer schema and the body with its request schema',
    (name) => {
      const def = ENDPOINTS[name];
      const { status, request, answer } = fixture(name);
      expect(status).toBe(200);
      if (def.response !== null) {
        const parsed = def.response.safeParse(answer);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
      if (def.request !== null) {
        const parsed = def.request.safeParse(request);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
    },
  );

  it('is what the server gives: invoices of the store, one ticket per pass sold', () => {
    const { request, answer } = fixture('checkout');
    expect(answer.order.invoice?._id).toBe('STORE-000001');
    const passes = request.items.filter((item) => item.type === 'PASS');
    expect(answer.tickets).toHaveLength(passes.reduce((sum, item) => sum + item.quantity, 0));
    expect(request.payment.methods.map((method) => method.type)).toEqual(['CREDIT CARD', 'CASH']);
  });

  it('gives a copy: changing it does not change the next one', () => {
    const first = fixture('venue');
    first.answer.name = 'Changed';
    expect(fixture('venue').answer.name).not.toBe('Changed');
  });
});
