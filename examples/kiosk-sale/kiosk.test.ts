import { createTestPos, fixture, type TestPos } from 'pos-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyAtKiosk, openKiosk } from './kiosk';

// The kiosk against a simulated terminal: pos-sdk/testing's fetch mock answers like the reference server
// (every call with its recorded fixture) and checks each request against the contract. No server, no nock.
describe('kiosk sale', () => {
  let terminal: TestPos;
  beforeEach(async () => {
    terminal = createTestPos({ signedIn: true });
    await openKiosk(terminal.pos);
  });
  afterEach(() => {
    expect(terminal.server.unexpected).toEqual([]); // every request kept the contract
    terminal.dispose();
  });

  it('sells the pick, paid in full by card, and shows the invoice and tickets', async () => {
    const result = await buyAtKiosk(terminal.pos, {
      sku: 'DAY-ADULT',
      quantity: 2,
      email: 'guest@example.com',
    });

    const sent = terminal.server.callsTo('checkout')[0]?.body;
    expect(sent).toMatchObject({
      email: 'guest@example.com',
      items: [{ sku: 'DAY-ADULT', quantity: 2 }],
      subtotal: 98,
      payment: { methods: [{ type: 'CREDIT CARD', amount: 98 }], change: 0 },
    });
    const { order, tickets } = fixture('checkout').answer;
    expect(result).toEqual({
      ok: true,
      invoice: 'STORE-000001',
      tickets: tickets.map((ticket) => ticket._id),
      total: order.total_amount,
    });
    expect(terminal.pos.cart.isEmpty.value).toBe(true);
    expect(terminal.hardware.calls.map((call) => call.kind)).toContain('print');
  });

  it('shows the server refusal and keeps the cart; trying again sends the same sale once more', async () => {
    terminal.server.fail('checkout', { code: 'rule', message: 'Card payment declined' }, { once: true });
    const order = { sku: 'GRIP-M', quantity: 1, email: 'guest@example.com' };

    expect(await buyAtKiosk(terminal.pos, order)).toEqual({ ok: false, message: 'Card payment declined' });
    expect(terminal.pos.cart.isEmpty.value).toBe(false);

    expect(await buyAtKiosk(terminal.pos, order)).toMatchObject({ ok: true, invoice: 'STORE-000001' });
    const [declined, paid] = terminal.server.callsTo('checkout');
    expect(paid?.headers['idempotency-key']).toBe(declined?.headers['idempotency-key']);
  });

  it('says the server is not responding when the network is down, and charges nothing twice', async () => {
    terminal.server.failNetwork('checkout');

    const result = await buyAtKiosk(terminal.pos, { sku: 'GRIP-M', quantity: 1, email: 'guest@example.com' });

    expect(result).toEqual({ ok: false, message: 'Server not responding' });
    const keys = new Set(terminal.server.callsTo('checkout').map((call) => call.headers['idempotency-key']));
    expect(terminal.server.callsTo('checkout').length).toBeGreaterThan(1); // the SDK retried a money call
    expect(keys.size).toBe(1); // always as the same sale
  });
});
