/**
 * Scale out: two server instances on one PostgreSQL database, with no proxy between them and the terminals (each
 * call goes to the instance the terminal picks). Both are started as `pos-server serve` starts (`loadConfig`, then
 * `startServer`: its own pool, caches and mail sender, listening on its own port, with its own data directory) and
 * are called over real sockets. Every invariant that a single instance keeps must hold across the two.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { cartItem, checkoutBody, jpegBytes, multipart } from './support/saleSupport';
import { startServerOn } from './support/serverOnTestDatabase';
import {
  CASHIER,
  createTestApp,
  DEMO_PASSWORD,
  demoPin,
  MANAGER,
  PG_TEST_URL,
  SETUP_TIMEOUT_MS,
  type TestApp,
} from './support/testApp';

/** The headers of a till: its user token and its host id. */
type Till = Record<string, string>;

/** An answer: the status and the parsed JSON body (or the raw bytes for a photo). */
interface Answer {
  status: number;
  body: unknown;
}

/** A JSON POST to an instance, with a till's headers and an optional Idempotency-Key. */
async function post(
  server: RunningServer,
  path: string,
  till: Till,
  body: unknown = {},
  key?: string,
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      ...till,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Signs a staff member in on a terminal through one instance, as the cashier UI does. */
async function signInOn(server: RunningServer, email: string, host: string): Promise<Till> {
  const signIn = await post(server, '/v1/identity/sign_in', {}, { email, password: DEMO_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign_in: ${JSON.stringify(signIn.body)}`);
  const { idToken } = signIn.body as { idToken: string };
  const login = await post(server, '/v1/admin_login', { 'x-host-name': host }, { idToken });
  if (login.status !== 200) throw new Error(`admin_login: ${JSON.stringify(login.body)}`);
  return { authorization: `Bearer ${(login.body as { userToken: string }).userToken}`, 'x-host-name': host };
}

/** The sorted statuses of some answers. */
const statuses = (answers: readonly Answer[]) => answers.map((answer) => answer.status).sort((x, y) => x - y);

if (PG_TEST_URL === undefined) {
  console.info(
    'Two-instance tests skipped: they need PostgreSQL; set POS_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
  );
}

describe.skipIf(PG_TEST_URL === undefined)('two server instances on one PostgreSQL database', () => {
  let t: TestApp;
  let a: RunningServer;
  let b: RunningServer;
  /** TICKET01, signed in through instance A; TICKET02, signed in through instance B. */
  let till1: Till;
  let till2: Till;
  const root = mkdtempSync(join(tmpdir(), 'pos-two-instances-'));
  const dataDirA = join(root, 'a');
  const dataDirB = join(root, 'b');

  beforeAll(async () => {
    // The test app makes the schema and seeds the demo data; it is only used to read the database afterwards.
    t = await createTestApp({ engine: 'postgres' });
    await t.registerTerminal('TICKET02');
    a = await startServerOn(t, { POS_DATA_DIR: dataDirA });
    b = await startServerOn(t, { POS_DATA_DIR: dataDirB });
    till1 = await signInOn(a, CASHIER, 'TICKET01');
    till2 = await signInOn(b, CASHIER, 'TICKET02');
    // Each till opens its shift through the other instance: shifts are in the database, not in an instance.
    for (const [server, till] of [
      [b, till1],
      [a, till2],
    ] as const) {
      expect((await post(server, '/v1/admin/start_shift', till)).status).toBe(200);
      expect((await post(server, '/v1/admin/set_float', till, { float: 100 })).status).toBe(200);
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  const checkout = async (server: RunningServer, till: Till, body: CheckoutRequest): Promise<Receipt> => {
    const answer = await post(server, '/v1/checkout', till, body);
    if (answer.status !== 200) throw new Error(`checkout ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as Receipt;
  };
  const usesOf = async (ticketId: string) =>
    (
      await t.db
        .selectFrom('ticket_uses')
        .select('use_number')
        .where('ticket_id', '=', ticketId)
        .orderBy('use_number')
        .execute()
    ).map((use) => use.use_number);
  /** 8 gates at once, 4 on each instance, redeem a ticket. */
  const redeemOnBoth = (ticketId: string) =>
    Promise.all(
      Array.from({ length: 8 }, (_, gate) =>
        gate % 2 === 0
          ? post(a, `/v2/check_ticket_redeem/${ticketId}`, till1)
          : post(b, `/v2/check_ticket_redeem/${ticketId}`, till2),
      ),
    );
  const expectOneWinner = (answers: readonly Answer[]) => {
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers) {
      expect(answer.body).toMatchObject(
        answer.status === 200
          ? { message: 'Ticket redemption successful' }
          : { message: 'Ticket is Fully Used', code: 'conflict' },
      );
    }
  };

  it('lets exactly one gate win the last use of a ticket redeemed on both instances at once', async () => {
    const { tickets } = await checkout(a, till1, checkoutBody([cartItem('DAY-ADULT', 5)]));
    expect(tickets).toHaveLength(5);
    const rounds = await Promise.all(tickets.map((ticket) => redeemOnBoth(ticket._id)));
    for (const [index, answers] of rounds.entries()) {
      expectOneWinner(answers);
      expect(await usesOf(tickets[index]?._id ?? '')).toEqual([1]);
    }

    // A 10 Punch Day Pass used 9 times, alternately through each instance, then its last use at both at once.
    const punch =
      (await checkout(b, till2, checkoutBody([cartItem('PUNCH-10')], { email: 'punch@example.com' })))
        .tickets[0]?._id ?? '';
    for (let use = 1; use <= 9; use++) {
      const answer =
        use % 2 === 0
          ? await post(a, `/v2/check_ticket_redeem/${punch}`, till1)
          : await post(b, `/v2/check_ticket_redeem/${punch}`, till2);
      expect(answer.status).toBe(200);
    }
    expectOneWinner(await redeemOnBoth(punch));
    expect(await usesOf(punch)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('makes one order of one Idempotency-Key sent to instance A and retried on instance B', async () => {
    const ordersBefore = await t.db.selectFrom('orders').select('id').execute();

    // A retry after a lost answer: A did the work, B replays it.
    const key = `two-instances-${randomUUID()}`;
    const body = checkoutBody([cartItem('DAY-CHILD', 2)]);
    const first = await post(a, '/v1/checkout', till1, body, key);
    expect(first.status).toBe(200);
    const retried = await post(b, '/v1/checkout', till1, body, key);
    expect(retried).toEqual(first);

    // The same key at both instances at the same moment (3 each): one order, the same answer everywhere.
    const racingKey = `two-instances-${randomUUID()}`;
    const racingBody = checkoutBody([cartItem('DAY-ADULT', 1), cartItem('DAY-CHILD', 1)]);
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(index % 2 === 0 ? a : b, '/v1/checkout', till1, racingBody, racingKey),
      ),
    );
    expect(statuses(racing)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const answer of racing) expect(answer).toEqual(racing[0]);
    expect(await post(b, '/v1/checkout', till1, racingBody, racingKey)).toEqual(racing[0]);

    const orderIds = [first.body, racing[0]?.body].map(
      (receipt) => (receipt as Receipt | undefined)?.order._id,
    );
    const ordersAfter = await t.db.selectFrom('orders').select('id').execute();
    expect(ordersAfter).toHaveLength(ordersBefore.length + 2);
    expect(ordersAfter.map((order) => order.id)).toEqual(expect.arrayContaining(orderIds));
    const keys = await t.db
      .selectFrom('idempotency_keys')
      .select(['key', 'status'])
      .where('key', 'in', [key, racingKey])
      .execute();
    expect(keys.map((row) => row.status)).toEqual(['done', 'done']);

    // The key stays bound to its body on the other instance too.
    const reused = await post(b, '/v1/checkout', till1, checkoutBody([cartItem('DAY-ADULT', 3)]), key);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({
      message: 'This Idempotency-Key was already used for a different request',
    });
  });

  it('numbers the invoices of many sales spread over both instances without gaps or duplicates', async () => {
    // Each till sells through both instances (a terminal picks either), all at once.
    const routes = [
      [a, () => till1],
      [b, () => till2],
      [b, () => till1],
      [a, () => till2],
    ] as const;
    const sales = 24;
    const receipts = await Promise.all(
      Array.from({ length: sales }, (_, index) => {
        const [server, till] = routes[index % routes.length] ?? routes[0];
        return checkout(
          server,
          till(),
          checkoutBody([cartItem(index % 3 === 0 ? 'DAY-CHILD' : 'DAY-ADULT')]),
        );
      }),
    );
    const issued = receipts.map((receipt) => receipt.order.invoice?._id);
    expect(new Set(issued).size).toBe(sales);

    const invoices = await t.db
      .selectFrom('invoices')
      .select(['id', 'number', 'order_id'])
      .where('store', '=', t.config.store)
      .orderBy('number')
      .execute();
    const orders = await t.db.selectFrom('orders').select('id').where('store', '=', t.config.store).execute();
    // Gap-free and unique over the whole store: 1, 2, …, n, one per order.
    expect(invoices.map((invoice) => invoice.number)).toEqual(
      Array.from({ length: invoices.length }, (_, index) => index + 1),
    );
    expect(invoices).toHaveLength(orders.length);
    expect(new Set(invoices.map((invoice) => invoice.order_id)).size).toBe(orders.length);
    for (const invoice of invoices) {
      expect(invoice.id).toBe(`${t.config.store}-${String(invoice.number).padStart(6, '0')}`);
    }
    expect(invoices.map((invoice) => invoice.id)).toEqual(expect.arrayContaining(issued));
  });

  it('serves on instance B the face photo registered on instance A (and the other way round)', async () => {
    const ticket = (await checkout(a, till1, checkoutBody([cartItem('DAY-ADULT')]))).tickets[0]?._id ?? '';
    const register = async (server: RunningServer, till: Till, photo: Buffer) => {
      const upload = multipart(photo);
      const response = await fetch(`${server.url}/v2/register_face/${ticket}`, {
        method: 'POST',
        headers: { ...till, ...upload.headers },
        body: upload.payload,
      });
      expect(response.status).toBe(200);
    };
    const photoOn = async (server: RunningServer, till: Till) => {
      const response = await fetch(`${server.url}/v1/admin/ticket_photo/${ticket}`, { headers: till });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      return Buffer.from(await response.arrayBuffer());
    };

    const first = jpegBytes(5000);
    first.fill(0x11, 4, 4000);
    await register(a, till1, first);
    expect((await photoOn(b, till2)).equals(first)).toBe(true);

    const second = jpegBytes(4000);
    second.fill(0x22, 4, 3000);
    await register(b, till2, second);
    expect((await photoOn(a, till1)).equals(second)).toBe(true);
    expect((await photoOn(b, till1)).equals(second)).toBe(true);
    // Nothing went through either instance's disk.
    expect(existsSync(join(dataDirA, 'faces'))).toBe(false);
    expect(existsSync(join(dataDirB, 'faces'))).toBe(false);
  });

  it('counts wrong PINs on both instances together: the 6th try is locked, wherever it goes', async () => {
    const idOf = async (email: string) =>
      (await t.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

    // One after another, alternately: neither instance alone saw 5 wrong PINs. Ana approves here (a manager's
    // grant), so her PIN is tried at all: an approver without the right is refused before any PIN.
    const cashier = await idOf(CASHIER);
    await t.db.updateTable('staff').set({ approve_discounts: 1 }).where('id', '=', cashier).execute();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const [server, till] = attempt % 2 === 1 ? [a, till1] : [b, till2];
      const wrong = await post(server, '/v1/admin/verify_pin', till, { approver: cashier, pin: '0000' });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ message: 'Incorrect PIN' });
    }
    for (const [server, till] of [
      [b, till2],
      [a, till1],
    ] as const) {
      const locked = await post(server, '/v1/admin/verify_pin', till, {
        approver: cashier,
        pin: demoPin(CASHIER),
      });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ code: 'locked' });
    }

    // At the same moment, 4 at each instance: 5 are checked, 3 are refused.
    const manager = await idOf(MANAGER);
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? post(a, '/v1/admin/verify_pin', till1, { approver: manager, pin: '0000' })
          : post(b, '/v1/admin/verify_pin', till2, { approver: manager, pin: '0000' }),
      ),
    );
    expect(statuses(racing)).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    const right = await post(b, '/v1/admin/verify_pin', till2, { approver: manager, pin: demoPin(MANAGER) });
    expect(right.status).toBe(429);
  });
});
