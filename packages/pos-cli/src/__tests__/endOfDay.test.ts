import { existsSync } from 'node:fs';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  EXPORT_CSV_COLUMNS,
  LookupMembershipResponseSchema,
  type Order,
  OrderListSchema,
  OrderPageSchema,
  OrderSchema,
  type Receipt,
  ReceiptSchema,
  RenewMembershipResponseSchema,
  ShiftReportSchema,
  ShiftSchema,
  TicketSchema,
  UserProfileSchema,
} from 'pos-sdk/contract';
import { venueDate } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/**
 * A manager's end-of-day run, as docs/cli.md tells it, with the built `pos` binary against a real
 * server on a temporary database: each step runs a child process without a terminal.
 */
describe("pos (a manager's day, against a real server)", () => {
  let server: TestServer;
  let configDir: string;
  const today = venueDate(new Date(), 'Asia/Kuala_Lumpur');
  const pos = (...args: string[]): Promise<PosRun> => runPos(args, { configDir, server: server.url });
  const json = async (...args: string[]): Promise<unknown> => {
    const run = await pos(...args, '--json');
    expect(run.stderr, `pos ${args.join(' ')}`).toBe('');
    expect(run.code, `pos ${args.join(' ')}`).toBe(0);
    return JSON.parse(run.stdout) as unknown;
  };

  let cashOrder: Order;
  let mixedSale: Receipt;
  let refundedSale: Receipt;

  beforeAll(async () => {
    server = await startTestServer();
    configDir = await mkdtemp(join(server.dir, 'config-'));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('signs in with --email and --password and keeps the token in a 0600 file', async () => {
    const run = await pos('login', '--email', 'manager@demo.pos', '--password', 'demo1234');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Signed in as Max Manager <manager@demo.pos> on TICKET01');
    const file = join(configDir, 'session.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toHaveProperty(['pos.session']);
  });

  it("whoami prints the profile (--json: the contract's UserProfile)", async () => {
    const profile = UserProfileSchema.parse(await json('whoami'));
    expect(profile).toMatchObject({ email: 'manager@demo.pos', name: { first: 'Max', last: 'Manager' } });
    const run = await pos('whoami');
    expect(run.stdout).toContain('Max Manager <manager@demo.pos>');
  });

  it('catalog lists passes and merchandise with sku, name, group or size and price', async () => {
    const run = await pos('catalog');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/DAY-ADULT\s*│\s*Day Pass\s*│\s*Adult\s*│\s*RM 49\.00/);
    expect(run.stdout).toMatch(/GRIP-M\s*│\s*Grip Socks\s*│\s*M\s*│\s*RM 15\.00/);
    expect(run.stdout).toMatch(/BOTTLE-750\s*│\s*Water Bottle\s*│\s*750ml\s*│\s*RM 25\.00/);
  });

  it('shift start --float 200 opens the shift and prints the float slip', async () => {
    const run = await pos('shift', 'start', '--float', '200');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('FLOAT');
    expect(run.stdout).toContain('RM 200.00');
    expect(run.stdout).toContain('Shift open on TICKET01');
    const shift = ShiftSchema.parse(await json('shift', 'start'));
    expect(shift.float.map((entry) => entry.cash)).toEqual([200]);
  });

  it('sells for cash and prints the receipt, with change and the drawer opened', async () => {
    const run = await pos(
      'sell',
      '--item',
      'DAY-ADULT:2',
      '--item',
      'GRIP-M',
      '--pay',
      'cash:150',
      '--email',
      'jane@example.com',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Added 2 x Day Pass to cart');
    expect(run.stdout).toContain('Checkout completed');
    expect(run.stdout).toContain('RECEIPT');
    expect(run.stdout).toMatch(/TOTAL\s+RM 113\.00/);
    expect(run.stdout).toMatch(/Paid with CASH\s+150\.00/);
    expect(run.stdout).toMatch(/CHANGE\s+37\.00/);
    expect(run.stdout).toContain('[drawer opened]');
    const invoice = /Invoice No: (\S+)/.exec(run.stdout)?.[1];
    expect(invoice).toBeTruthy();
    cashOrder = OrderSchema.parse(await json('orders', 'show', invoice ?? ''));
    expect(cashOrder.total_amount).toBe(113);
  });

  it("sells with mixed payment and a percentage discount approved with the approver's PIN", async () => {
    mixedSale = ReceiptSchema.parse(
      await json(
        'sell',
        '--item',
        'PUNCH-10',
        '--item',
        'DAY-CHILD',
        '--discount',
        'DAY-CHILD:percentage:10',
        '--approver',
        'manager@demo.pos',
        '--pin',
        '2222',
        '--pay',
        'card:200',
        '--pay',
        'ewallet:186',
        '--email',
        'bob@example.com',
      ),
    );
    expect(mixedSale.order.total_amount).toBe(386);
    expect(mixedSale.order.payment).toEqual({
      methods: [
        { type: 'CREDIT CARD', amount: 200 },
        { type: 'E-WALLET', amount: 186 },
      ],
      change: 0,
    });
    const child = mixedSale.order.order_details.cart.items.find((item) => item.sku === 'DAY-CHILD');
    expect(child?.discount).toMatchObject({
      type: 'percentage',
      value: 10,
      amount: 4,
      approver_name: 'Max Manager',
    });
  });

  it('sells without a customer email when told --yes', async () => {
    refundedSale = ReceiptSchema.parse(
      await json('sell', '--item', 'DAY-ADULT', '--pay', 'cash:49', '--yes'),
    );
    expect(refundedSale.order.order_details.customer.email).toBe('');
  });

  it("lists today's orders in the orders table (DATE, INVOICE NO, CUSTOMER EMAIL, AMOUNT (MYR), STATUS)", async () => {
    const run = await pos('orders', 'list');
    expect(run.code).toBe(0);
    for (const heading of ['DATE', 'INVOICE NO', 'CUSTOMER EMAIL', 'AMOUNT (MYR)', 'STATUS']) {
      expect(run.stdout).toContain(heading);
    }
    expect(run.stdout).toContain(mixedSale.order.invoice?._id);
    expect(run.stdout).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    expect(run.stdout).toContain('RM 386.00');
    const page = OrderPageSchema.parse(await json('orders', 'list'));
    expect(page.orders).toHaveLength(3);
    expect(page).toMatchObject({ next_cursor: null, total: 3, total_is_estimate: false });
  });

  it('searches orders on customer email and invoice number', async () => {
    const byEmail = OrderPageSchema.parse(await json('orders', 'list', '--search', 'BOB@'));
    expect(byEmail.orders.map((order) => order._id)).toEqual([mixedSale.order._id]);
    const byInvoice = OrderPageSchema.parse(
      await json(
        'orders',
        'list',
        '--search',
        mixedSale.order.invoice?._id ?? '',
        '--from',
        today,
        '--to',
        today,
      ),
    );
    expect(byInvoice.orders.map((order) => order._id)).toEqual([mixedSale.order._id]);
  });

  it("shows an order with its items, discount note, ticket ids, SUBTOTAL, DISCOUNT and 'Paid with {method}' rows", async () => {
    const run = await pos('orders', 'show', mixedSale.order.invoice?._id ?? '');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('10% discount (Max Manager)');
    // PUNCH-10 RM 350 + DAY-CHILD RM 40 before discounts; 10% of the child pass taken off.
    expect(run.stdout).toMatch(/SUBTOTAL\s*│?\s*RM 390\.00/);
    expect(run.stdout).toMatch(/DISCOUNT\s*│?\s*-RM 4\.00/);
    expect(run.stdout).toContain('Paid with CREDIT CARD');
    expect(run.stdout).toContain('Paid with E-WALLET');
    for (const ticket of mixedSale.tickets) expect(run.stdout).toContain(ticket._id);
  });

  it("adds a note to an order ('Order updated successfully')", async () => {
    const invoice = mixedSale.order.invoice?._id ?? '';
    const run = await pos('orders', 'note', invoice, 'Wristbands', 'handed', 'out');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Order updated successfully');
    const order = OrderSchema.parse(await json('orders', 'show', invoice));
    expect(order.notes.map((note) => note.text)).toEqual(['Wristbands handed out']);
  });

  it('refunds a same-day PAID order with a reason; its status becomes REFUNDED', async () => {
    const invoice = refundedSale.order.invoice?._id ?? '';
    const order = OrderSchema.parse(await json('orders', 'refund', invoice, '--reason', 'Customer unwell'));
    expect(order.status).toBe('REFUNDED');
  });

  it('emails the receipt again to a corrected address (pos orders resend INVOICE --to EMAIL)', async () => {
    const invoice = mixedSale.order.invoice?._id ?? '';
    const run = await pos('orders', 'resend', invoice, '--to', 'bob.fixed@example.com');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Receipt queued for bob.fixed@example.com');
    expect(run.stdout).toMatch(/receipt: (Queued for|Sending to|Sent to) bob\.fixed@example\.com/);
    const order = OrderSchema.parse(await json('orders', 'show', invoice));
    expect(order.mail?.map((mail) => [mail.kind, mail.to])).toEqual(
      expect.arrayContaining([
        ['receipt', 'bob@example.com'],
        ['passes', 'bob@example.com'],
        ['receipt', 'bob.fixed@example.com'],
        ['passes', 'bob.fixed@example.com'],
      ]),
    );
  });

  it("refuses to resend to a malformed address with 'Invalid email format' (exit 2, invalid input)", async () => {
    const run = await pos('orders', 'resend', mixedSale.order.invoice?._id ?? '', '--to', 'bob@');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Invalid email format');
  });

  it("reprints a receipt ('Reprinting invoice {id}')", async () => {
    const invoice = mixedSale.order.invoice?._id ?? '';
    const run = await pos('orders', 'reprint', invoice);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Reprinting invoice ${invoice}`);
    expect(run.stdout).toContain('*** REPRINT ***');
  });

  it("exports the day's orders as CSV to a file, with the contract's columns", async () => {
    const out = join(configDir, 'today.csv');
    const run = await pos('orders', 'export', '--from', today, '--to', today, '--out', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const lines = (await readFile(out, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe(EXPORT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    for (const sale of [mixedSale, refundedSale]) {
      expect(lines.some((line) => line.includes(sale.order.invoice?._id ?? '?'))).toBe(true);
    }
    expect(lines.find((line) => line.includes(refundedSale.order.invoice?._id ?? '?'))).toContain('REFUNDED');
  });

  it('refuses an --out it cannot write before exporting: exit 2, in words, no file left', async () => {
    const nowhere = join(configDir, 'no-such-folder', 'x.csv');
    const run = await pos('orders', 'export', '--from', today, '--to', today, '--out', nowhere);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: --out ${nowhere}: the folder does not exist\n`);
    const folder = await pos('orders', 'export', '--from', today, '--to', today, '--out', configDir);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe(`error: --out ${configDir}: that is a folder\n`);
    expect(existsSync(`${configDir}.part`)).toBe(false);
  });

  it("exports the day's orders as JSON on stdout", async () => {
    const run = await pos('orders', 'export', '--from', today, '--to', today, '--format', 'json');
    expect(run.code).toBe(0);
    const exported = JSON.parse(run.stdout) as unknown;
    const orders = OrderListSchema.parse(
      Array.isArray(exported) ? exported : (exported as { orders: unknown }).orders,
    );
    expect(orders.map((order) => order._id).sort()).toEqual(
      [cashOrder._id, mixedSale.order._id, refundedSale.order._id].sort(),
    );
  });

  it('shows a ticket with its derived status, redeems it, and refuses a second redemption', async () => {
    const ticketId = mixedSale.tickets.find((ticket) => ticket.pass.sku === 'DAY-CHILD')?._id ?? '';
    const shown = TicketSchema.parse(await json('ticket', 'show', ticketId));
    expect(shown.display_status).toBe('Active');
    const run = await pos('ticket', 'redeem', ticketId);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Ticket redemption successful');
    expect(run.stdout).toContain('Fully Used');
    const again = await pos('ticket', 'redeem', ticketId);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: Ticket is Fully Used\n');
  });

  it("registers a face photo for a ticket ('Photo successfully registered')", async () => {
    const ticketId = mixedSale.tickets.find((ticket) => ticket.pass.sku === 'PUNCH-10')?._id ?? '';
    const photo = join(configDir, 'face.jpg');
    await writeFile(
      photo,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]),
    );
    const run = await pos('ticket', 'face', ticketId, '--file', photo);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Photo successfully registered');
    expect(run.stdout).toMatch(/Face photo\s*│\s*registered/);
    const notJpeg = join(configDir, 'face.png');
    await writeFile(notJpeg, 'not a photo');
    const refused = await pos('ticket', 'face', ticketId, '--file', notJpeg);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^error: .+\n$/);
    const missing = await pos('ticket', 'face', ticketId, '--file', join(configDir, 'none.jpg'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    // A non-shareable ticket already used (redeemed above) registers without a photo: a photo given is refused,
    // not dropped with 'Photo successfully registered'.
    const used = mixedSale.tickets.find((ticket) => ticket.pass.sku === 'DAY-CHILD')?._id ?? '';
    const given = await pos('ticket', 'face', used, '--file', photo);
    expect(given.code).toBe(1);
    expect(given.stderr).toBe(
      'error: This ticket registers without a photo (it is not shareable and already used): register it without one\n',
    );
    const without = await pos('ticket', 'face', used);
    expect(without.code).toBe(0);
    expect(without.stdout).toContain('Photo successfully registered');
  });

  it('sells a membership, looks the member up and renews it for 2 months', async () => {
    await json(
      'sell',
      '--item',
      'MEMBER-1M',
      '--pay',
      'card:120',
      '--email',
      'mia@example.com',
      '--name',
      'Mia Member',
      '--phone',
      '123456789',
      '--dob',
      '1990-05-01',
    );
    const found = LookupMembershipResponseSchema.parse(await json('member', 'lookup', 'mia@example.com'));
    expect(found.member).toMatchObject({ name: 'Mia Member', email: 'mia@example.com' });
    const lookup = await pos('member', 'lookup', 'mia@example.com');
    expect(lookup.stdout).toContain('Mia Member');
    const before = found.tickets[0]?.expiry ?? '';
    const renewed = RenewMembershipResponseSchema.parse(
      await json('member', 'renew', 'mia@example.com', '--months', '2', '--pay', 'card:240'),
    );
    expect(renewed.order.total_amount).toBe(240);
    expect(Date.parse(renewed.ticket.expiry)).toBeGreaterThan(Date.parse(before));
  });

  it("shows a membership's entries today and all its uses; one entry a venue day, the second refused", async () => {
    const found = LookupMembershipResponseSchema.parse(await json('member', 'lookup', 'mia@example.com'));
    const ticketId = found.tickets[0]?._id ?? '';
    const before = await pos('ticket', 'show', ticketId);
    expect(before.stdout).toMatch(/Entries today\s*│\s*0 \/ 1\s/);
    expect(before.stdout).toMatch(/Uses\s*│\s*0\s/);
    const run = await pos('ticket', 'redeem', ticketId);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Entries today\s*│\s*1 \/ 1\s/);
    expect(run.stdout).toContain('Fully Used');
    expect(run.stdout).toMatch(/USED AT\s*│\s*TERMINAL/);
    const again = await pos('ticket', 'redeem', ticketId);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: Ticket is Fully Used\n');
    const shown = TicketSchema.parse(await json('ticket', 'show', ticketId));
    expect(shown.pass).toMatchObject({ usage_limit: 0, entries_per_day: 1 });
    expect(shown.used).toHaveLength(1);
  });

  it('prints the X report so far, and ends the shift with the counted takings and the variance', async () => {
    const x = await pos('shift', 'report');
    expect(x.code).toBe(0);
    expect(x.stdout).toMatch(/Expected\s+313\.00\s+/);
    const report = ShiftReportSchema.parse(await json('shift', 'report'));
    expect(report.closed_at).toBeNull();
    // Float 200 + cash taken 150 + 49 - change 37 - cash refunded 49.
    expect(report.expected.cash).toBe(313);
    expect(report.expected.ewallet).toBe(186);

    const end = await pos(
      'shift',
      'end',
      '--cash',
      '310',
      '--card',
      String(report.expected.card),
      '--ewallet',
      '186',
    );
    expect(end.code).toBe(0);
    expect(end.stdout).toContain('END OF SHIFT');
    expect(end.stdout).toMatch(/Variance\s+-3\.00\s+0\.00\s+0\.00/);
    expect(end.stdout).toMatch(/TOTAL VARIANCE\s+-RM 3\.00/);
  });

  it("prints another cashier's shift as hers: the X report a manager prints names the shift's cashier", async () => {
    // The manager's shift has ended; Ana opens TICKET01's next one, and the manager (signed in on TICKET01 too)
    // prints its X report.
    const anaDir = await mkdtemp(join(server.dir, 'config-'));
    const ana = (...args: string[]) => runPos(args, { configDir: anaDir, server: server.url });
    expect((await ana('login', '--email', 'cashier@demo.pos', '--password', 'demo1234')).code).toBe(0);
    const opened = await ana('shift', 'start', '--float', '50');
    expect(opened.code).toBe(0);
    expect(opened.stdout).toMatch(/^Cashier: Ana Cashier$/m);
    const x = await pos('shift', 'report');
    expect(x.code).toBe(0);
    expect(x.stdout).toMatch(/^Terminal: TICKET01$/m);
    expect(x.stdout).toMatch(/^Cashier: Ana Cashier$/m);
    expect(x.stdout).not.toContain('Max Manager');
  });

  it('signs out: the token ends on the server, the session is gone and the next command says so (exit 3)', async () => {
    const file = JSON.parse(await readFile(join(configDir, 'session.json'), 'utf8')) as Record<
      string,
      string
    >;
    const { token } = JSON.parse(file['pos.session'] ?? '{}') as { token: string };
    const usersWith = () =>
      fetch(`${server.url}/v1/admin/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await usersWith()).status).toBe(200);
    const run = await pos('logout');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Signed out\n');
    expect((await usersWith()).status).toBe(403);
    const after = await pos('orders', 'list');
    expect(after.code).toBe(3);
    expect(after.stderr).toBe('error: Not signed in: run "pos login" first\n');
  });
});
