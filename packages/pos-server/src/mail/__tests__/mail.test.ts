import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Order, Receipt, RenewMembershipResponse } from 'pos-sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, MEMBER, openShift, sell } from '../../__tests__/support/saleSupport';
import { decodeQrPng, freePort, type SmtpSink, startSmtpSink } from '../../__tests__/support/smtpSink';
import {
  createTestApp,
  createTestClock,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestClock,
  type TestSession,
} from '../../__tests__/support/testApp';
import { loadConfig } from '../../config';
import { enqueueMail } from '../../outbox/enqueueMail';
import { backoffDelay, createMailSender, type MailSender } from '../mailSender';
import {
  createFileTransport,
  createMailTransport,
  createSmtpTransport,
  describeSmtpUrl,
} from '../mailTransport';

const NOW = '2026-11-22T02:00:00.000Z'; // 10:00 in Kuala Lumpur
const GUEST = 'guest@example.com';

describeOnEngines('mail outbox and sender', (engine) => {
  let t: TestApp;
  let session: TestSession;
  let clock: TestClock;
  const senders: MailSender[] = [];
  const sinks: SmtpSink[] = [];

  beforeAll(async () => {
    clock = createTestClock(NOW);
    t = await createTestApp({ engine, clock });
    session = await t.signIn();
    await openShift(t, session);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    for (const sender of senders.splice(0)) await sender.stop();
    for (const sink of sinks.splice(0)) await sink.close();
  });

  const senderTo = (
    url: string,
    options: Pick<Parameters<typeof createMailSender>[0], 'owner' | 'einvoiceRequestUrl'> = {},
  ) => {
    const sender = createMailSender({
      db: t.db,
      transport: createSmtpTransport(url, { timeoutMs: 5000 }),
      from: 'receipts@gym.example',
      timeZone: t.config.timeZone,
      clock,
      backoffBaseMs: 60_000,
      ...options,
    });
    senders.push(sender);
    return sender;
  };
  const sink = async (port?: number) => {
    const started = await startSmtpSink(port);
    sinks.push(started);
    return started;
  };
  /** Sells two Adult Day Passes and a pair of socks to the guest. */
  const sellTwoPasses = (email = GUEST): Promise<Receipt> =>
    sell(
      t,
      session,
      checkoutBody([cartItem('DAY-ADULT', 2, clock()), cartItem('GRIP-M', 1, clock())], { email }),
    );
  const outboxOf = (orderId: string) =>
    t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('kind', 'desc')
      .execute();
  /** Marks every queued message of other tests as sent, so each test sees only its own. */
  const forgetOthers = () =>
    t.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '!=', 'sent').execute();

  it('a sale with two passes queues the receipt and the passes in its transaction, and the order shows them queued', async () => {
    await forgetOthers();
    const { order } = await sellTwoPasses();
    const rows = await outboxOf(order._id);
    expect(rows.map((row) => [row.kind, row.to_address, row.status, row.event_key])).toEqual([
      ['receipt', GUEST, 'queued', `sale:${order._id}`],
      ['passes', GUEST, 'queued', `sale:${order._id}`],
    ]);
    expect(order.mail?.map((mail) => [mail.kind, mail.to, mail.status, mail.attempts])).toEqual([
      ['receipt', GUEST, 'queued', 0],
      ['passes', GUEST, 'queued', 0],
    ]);
  });

  it("with e-invoicing, the receipt shows the sale's e-invoice request link and its QR code", async () => {
    await forgetOthers();
    const smtp = await sink();
    const socks = await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())], { email: GUEST }));
    const link = `https://pos.gym.example/e-invoice/${socks.order._id}.0123456789abcdefghijkl`;
    const sender = senderTo(smtp.url, {
      einvoiceRequestUrl: async (order) => (order.id === socks.order._id ? link : null),
    });
    expect(await sender.runOnce()).toBe(1);
    const [receipt] = await smtp.received(1);
    expect(receipt?.text).toContain(`Need an e-invoice in your name? Ask for it here:\n${link}`);
    expect(receipt?.html).toContain(`<a href="${link}">`);
    const images = (receipt?.attachments ?? []).filter(
      (attachment) => attachment.contentType === 'image/png',
    );
    expect(images.map((image) => decodeQrPng(image.content))).toEqual([link]);
    expect(receipt?.html).toContain(`cid:${images[0]?.cid}`);
  });

  it('a sale without a customer email queues nothing; merchandise only sends the receipt alone', async () => {
    await forgetOthers();
    const none = await sell(t, session, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
    expect(await outboxOf(none.order._id)).toEqual([]);
    const socks = await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())], { email: GUEST }));
    expect((await outboxOf(socks.order._id)).map((row) => row.kind)).toEqual(['receipt']);
  });

  it('sends one receipt and the passes through SMTP; the QR images decode to the ticket IDs', async () => {
    await forgetOthers();
    const smtp = await sink();
    const { order, tickets } = await sellTwoPasses();
    expect(await senderTo(smtp.url).runOnce()).toBe(2);
    const messages = await smtp.received(2);
    expect(messages).toHaveLength(2);
    const receipt = messages.find((message) => message.subject?.startsWith('Receipt '));
    const passes = messages.find((message) => message.subject?.startsWith('Your passes '));
    const invoice = order.invoice?._id ?? '';
    expect(receipt?.subject).toBe(`Receipt ${invoice} from STORE`);
    expect(receipt?.to).toMatchObject({ text: GUEST });
    expect(receipt?.from?.value[0]).toMatchObject({ name: 'STORE', address: 'receipts@gym.example' });
    // The printed receipt's lines, in the plain-text part and in the HTML.
    expect(receipt?.text).toContain(`Invoice No: ${invoice}`);
    expect(receipt?.text).toMatch(/TOTAL\s+RM 113\.00/);
    expect(receipt?.text).toContain(`Ticket ${tickets[0]?._id}`);
    expect(receipt?.html).toContain('<pre');
    expect(receipt?.html).toContain('Paid with CASH');

    expect(passes?.subject).toBe(`Your passes from STORE (${invoice})`);
    const images = (passes?.attachments ?? []).filter((attachment) => attachment.contentType === 'image/png');
    expect(images).toHaveLength(2);
    const decoded = images.map((image) => decodeQrPng(image.content));
    expect(decoded.sort()).toEqual(tickets.map((ticket) => ticket._id).sort());
    for (const image of images) expect(passes?.html).toContain(`cid:${image.cid}`);
    expect(passes?.text).toContain(`${tickets[0]?._id}\n  Pass: Day Pass`);
    expect(passes?.text).toContain('Valid from: 22-11-2026 00:00:00');
    expect(passes?.text).toContain('Valid until: 23-11-2026 00:00:00');
    expect(passes?.text).toContain('Uses: 0 / 1');

    const rows = await outboxOf(order._id);
    expect(rows.map((row) => [row.status, Number(row.attempts), row.sent_at])).toEqual([
      ['sent', 1, clock().toISOString()],
      ['sent', 1, clock().toISOString()],
    ]);
    const attempts = await t.db
      .selectFrom('mail_attempts')
      .select(['outcome', 'attempt'])
      .where(
        'outbox_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(attempts).toEqual([
      { outcome: 'sent', attempt: 1 },
      { outcome: 'sent', attempt: 1 },
    ]);
    // Nothing is sent twice: a later round finds nothing due.
    clock.advance(60 * 60_000);
    expect(await senderTo(smtp.url).runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(2);
  });

  it('SMTP down for the first attempts, then up: retried with exponential backoff, delivered once', async () => {
    await forgetOthers();
    const port = await freePort();
    const sender = senderTo(`smtp://pos:secret@127.0.0.1:${port}`);
    const sale = await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())], { email: GUEST }));
    expect(sale.order.order_details.customer.email).toBe(GUEST); // the sale itself never waits for mail

    expect(await sender.runOnce()).toBe(1); // attempt 1: connection refused
    let [row] = await outboxOf(sale.order._id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.next_attempt_at).toBe(new Date(clock().getTime() + 60_000).toISOString());
    expect(await sender.runOnce()).toBe(0); // not before the backoff

    clock.advance(60_000);
    expect(await sender.runOnce()).toBe(1); // attempt 2: still down; the wait doubles
    [row] = await outboxOf(sale.order._id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row?.next_attempt_at).toBe(new Date(clock().getTime() + 120_000).toISOString());

    const smtp = await sink(port); // the mail server comes back
    clock.advance(120_000);
    expect(await sender.runOnce()).toBe(1);
    await smtp.received(1);
    clock.advance(60 * 60_000);
    expect(await sender.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    [row] = await outboxOf(sale.order._id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    const outcomes = await t.db
      .selectFrom('mail_attempts')
      .select(['attempt', 'outcome'])
      .where('outbox_id', '=', row?.id ?? '')
      .orderBy('attempt')
      .execute();
    expect(outcomes).toEqual([
      { attempt: 1, outcome: 'retry' },
      { attempt: 2, outcome: 'retry' },
      { attempt: 3, outcome: 'sent' },
    ]);
    const order = (await t.post(session, '/v1/admin/get_order', { order_id: sale.order._id })).json<Order>();
    expect(order.mail?.[0]).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('gives up after the last attempt and says why on the order (failed, with the reason)', async () => {
    await forgetOthers();
    const port = await freePort();
    const sender = createMailSender({
      db: t.db,
      transport: createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 5000 }),
      from: 'receipts@gym.example',
      timeZone: t.config.timeZone,
      clock,
      maxAttempts: 2,
      backoffBaseMs: 1000,
    });
    senders.push(sender);
    const sale = await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())], { email: GUEST }));
    await sender.runOnce();
    clock.advance(1000);
    await sender.runOnce();
    const order = (await t.post(session, '/v1/admin/get_order', { order_id: sale.order._id })).json<Order>();
    expect(order.mail?.[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(order.mail?.[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('server killed between commit and send: a fresh sender delivers after restart, once', async () => {
    await forgetOthers();
    // The sale committed its outbox rows; the server died before any sender ran (no sender in this app).
    const { order, tickets } = await sellTwoPasses();
    const smtp = await sink();
    const restarted = senderTo(smtp.url);
    expect(await restarted.runOnce()).toBe(2);
    const messages = await smtp.received(2);
    const images = messages.flatMap((message) => message.attachments.map((attachment) => attachment.content));
    expect(images.map(decodeQrPng).sort()).toEqual(tickets.map((ticket) => ticket._id).sort());
    clock.advance(60 * 60_000);
    expect(await senderTo(smtp.url).runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(2);
    expect((await outboxOf(order._id)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('a sender that died holding a claim: nobody sends until its lease runs out, then one sender does, once', async () => {
    await forgetOthers();
    const sale = await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())], { email: GUEST }));
    const [row] = await outboxOf(sale.order._id);
    // What a sender leaves when it is killed mid-attempt: the row claimed, its lease running for 5 minutes.
    await t.db
      .updateTable('mail_outbox')
      .set({
        status: 'sending',
        lease_owner: 'dead-sender',
        lease_until: new Date(clock().getTime() + 5 * 60_000).toISOString(),
        attempts: 1,
        message_id: `<${row?.id}@pos>`,
      })
      .where('id', '=', row?.id ?? '')
      .execute();
    const smtp = await sink();
    expect(await senderTo(smtp.url).runOnce()).toBe(0);
    clock.advance(5 * 60_000 + 1);
    const [one, two] = [senderTo(smtp.url, { owner: 'a' }), senderTo(smtp.url, { owner: 'b' })];
    const made = await Promise.all([one.runOnce(), two.runOnce()]);
    expect(made[0] + made[1]).toBe(1);
    await smtp.received(1);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.messageId).toBe(`<${row?.id}@pos>`);
    expect((await outboxOf(sale.order._id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two servers on one database: each message goes out exactly once', async () => {
    await forgetOthers();
    const sales = [await sellTwoPasses(), await sellTwoPasses()];
    const smtp = await sink();
    const made = await Promise.all([
      senderTo(smtp.url, { owner: 'server-1' }).runOnce(),
      senderTo(smtp.url, { owner: 'server-2' }).runOnce(),
    ]);
    expect(made[0] + made[1]).toBe(4);
    await smtp.received(4);
    expect(new Set(smtp.messages.map((message) => message.messageId)).size).toBe(4);
    for (const sale of sales) {
      expect((await outboxOf(sale.order._id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    }
  });

  it('one event never queues the same message to the same address twice', async () => {
    const { order } = await sellTwoPasses();
    const again = await t.db.transaction().execute((trx) =>
      enqueueMail(trx, {
        eventKey: `sale:${order._id}`,
        kinds: ['receipt', 'passes'],
        orderId: order._id,
        to: GUEST.toUpperCase(),
        now: clock(),
      }),
    );
    expect(again).toEqual([]);
    expect(await outboxOf(order._id)).toHaveLength(2);
  });

  it('a refund queues the refund notice with the reason, and it is sent', async () => {
    await forgetOthers();
    const { order } = await sellTwoPasses();
    const refunded = await t.inject({
      method: 'POST',
      url: '/v1/admin/refund_order',
      payload: { invoice_id: order.invoice?._id, message: 'Rain all day' },
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await outboxOf(order._id)).map((row) => [row.kind, row.event_key])).toContainEqual([
      'refund',
      `refund:${order._id}`,
    ]);
    const smtp = await sink();
    await senderTo(smtp.url).runOnce();
    const messages = await smtp.received(3);
    const notice = messages.find((message) => message.subject?.startsWith('Refund of'));
    expect(notice?.subject).toBe(`Refund of ${order.invoice?._id} at STORE`);
    expect(notice?.text).toContain('Reason: Rain all day');
    expect(notice?.text).toContain('Amount: RM 113.00');
    expect(notice?.text).toContain('Status: REFUNDED');
  });

  it('a refund by line queues a refund slip per refund: the items, the amount, the methods and the reason', async () => {
    await forgetOthers();
    const { order } = await sellTwoPasses();
    const refunded = await t.inject({
      method: 'POST',
      url: '/v1/admin/refund_order',
      payload: {
        invoice_id: order.invoice?._id,
        message: 'One left early',
        items: [{ sku: 'DAY-ADULT', quantity: 1 }],
      },
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
    });
    expect(refunded.statusCode).toBe(200);
    const refundId = refunded.json<Order>().refunds?.[0]?._id;
    expect((await outboxOf(order._id)).map((row) => [row.kind, row.event_key])).toContainEqual([
      'refund',
      `refund:${refundId}`,
    ]);
    const smtp = await sink();
    await senderTo(smtp.url).runOnce();
    const messages = await smtp.received(3);
    const slip = messages.find((message) => message.subject?.startsWith('Refund of'));
    expect(slip?.text).toContain('Part of your order has been refunded.');
    expect(slip?.text).toContain('Refunded: 1 x Day Pass - Adult RM 49.00');
    expect(slip?.text).toContain('Amount: RM 49.00');
    expect(slip?.text).toContain('Given back by CASH: RM 49.00');
    expect(slip?.text).toContain('Reason: One left early');
  });

  it('a membership renewal queues and sends its confirmation with the new expiry', async () => {
    await forgetOthers();
    await sell(t, session, checkoutBody([cartItem('MEMBER-1M', 1, clock())], { email: MEMBER.email }));
    await forgetOthers();
    const item = cartItem('RENEW-1M', 2, clock(), { member: { type: 'Adult', sku: 'RENEW-1M', ...MEMBER } });
    const renewed = await t.inject({
      method: 'POST',
      url: '/v1/renew_membership',
      payload: checkoutBody([item], { email: MEMBER.email }) as unknown as Record<string, unknown>,
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
    });
    expect(renewed.statusCode).toBe(200);
    const { order, ticket } = renewed.json<RenewMembershipResponse>();
    expect((await outboxOf(order._id)).map((row) => [row.kind, row.to_address])).toEqual([
      ['renewal', MEMBER.email],
    ]);
    const smtp = await sink();
    expect(await senderTo(smtp.url).runOnce()).toBe(1);
    const [confirmation] = await smtp.received(1);
    expect(confirmation?.subject).toBe('Membership renewed at STORE');
    expect(confirmation?.text).toContain(`Pass: ${ticket.pass.name}`);
    expect(confirmation?.text).toContain('Valid until: 22-02-2027 00:00:00');
    expect(confirmation?.text).toContain(`Invoice No: ${order.invoice?._id}`);
  });

  describe('resend_receipt', () => {
    const resend = (body: unknown, key: string = randomUUID()) =>
      t.inject({
        method: 'POST',
        url: '/v1/admin/resend_receipt',
        payload: body as Record<string, unknown>,
        headers: { ...session.headers, 'idempotency-key': key },
      });

    it('queues the receipt and passes again to a corrected address; the same key queues nothing more', async () => {
      const { order } = await sellTwoPasses('gest@exmaple.com');
      const key = randomUUID();
      const first = await resend({ invoice_id: order.invoice?._id, to: GUEST }, key);
      expect(first.statusCode).toBe(200);
      const answered = first.json<Order>();
      expect(answered.order_details.customer.email).toBe('gest@exmaple.com');
      expect(
        answered.mail?.filter((mail) => mail.to === GUEST).map((mail) => [mail.kind, mail.status]),
      ).toEqual([
        ['receipt', 'queued'],
        ['passes', 'queued'],
      ]);
      expect((await resend({ invoice_id: order.invoice?._id, to: GUEST }, key)).statusCode).toBe(200);
      expect(await outboxOf(order._id)).toHaveLength(4);
      expect((await resend({ invoice_id: order.invoice?._id })).statusCode).toBe(200); // to the order's email
      expect(await outboxOf(order._id)).toHaveLength(6);
    });

    it("refuses a malformed address with 422 'Invalid email format', an order without email with 422, an unknown invoice with 404", async () => {
      const { order } = await sellTwoPasses();
      const bad = await resend({ invoice_id: order.invoice?._id, to: 'guest@' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ message: 'Invalid email format', code: 'rule' });
      const anonymous = await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())]));
      const none = await resend({ invoice_id: anonymous.order.invoice?._id });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({ message: 'Enter the email address to send the receipt to' });
      expect((await resend({ invoice_id: 'STORE-999999', to: GUEST })).statusCode).toBe(404);
      expect((await resend({ to: GUEST })).statusCode).toBe(400);
    });
  });
});

describe('mail transport and settings', () => {
  it('writes .eml files under <POS_DATA_DIR>/outbox/ when no SMTP server is configured (a fresh data folder)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-mail-fresh-'));
    const clock = createTestClock(NOW);
    const t = await createTestApp({ clock, config: { dataDir } });
    try {
      const session = await t.signIn();
      await openShift(t, session);
      const { tickets } = await sell(
        t,
        session,
        checkoutBody([cartItem('DAY-ADULT', 2, clock())], { email: GUEST }),
      );
      const transport = createMailTransport({ smtpUrl: undefined, dataDir });
      expect(transport.kind).toBe('files');
      expect(transport.description).toBe(join(dataDir, 'outbox'));
      const sender = createMailSender({
        db: t.db,
        transport,
        from: 'pos@localhost',
        timeZone: t.config.timeZone,
        clock,
      });
      expect(await sender.runOnce()).toBe(2);
      await sender.stop();
      const files = readdirSync(join(dataDir, 'outbox')).sort();
      expect(files).toHaveLength(2);
      expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
      const parsed = await Promise.all(
        files.map((file) => simpleParser(readFileSync(join(dataDir, 'outbox', file)))),
      );
      const passes = parsed.find((message) => message.subject?.startsWith('Your passes'));
      expect(passes?.to).toMatchObject({ text: GUEST });
      expect(passes?.attachments.map((attachment) => decodeQrPng(attachment.content)).sort()).toEqual(
        tickets.map((ticket) => ticket._id).sort(),
      );
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads POS_SMTP_URL and POS_MAIL_FROM, refusing anything but smtp:// or smtps://', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'pos@localhost' });
    expect(
      loadConfig({
        POS_SMTP_URL: 'smtps://pos:pw@smtp.example.com:465',
        POS_MAIL_FROM: 'Demo Gym <r@gym.example>',
      }),
    ).toMatchObject({ smtpUrl: 'smtps://pos:pw@smtp.example.com:465', mailFrom: 'Demo Gym <r@gym.example>' });
    expect(() => loadConfig({ POS_SMTP_URL: 'http://smtp.example.com' })).toThrow(
      /^Invalid configuration: POS_SMTP_URL/,
    );
    expect(() => loadConfig({ POS_MAIL_FROM: 'not an address' })).toThrow(
      /^Invalid configuration: POS_MAIL_FROM/,
    );
  });

  it('never logs the SMTP password', () => {
    expect(describeSmtpUrl('smtps://pos:secret@smtp.example.com:465')).toBe(
      'smtps://pos:***@smtp.example.com:465',
    );
    expect(createSmtpTransport('smtp://127.0.0.1:2525').description).toBe('smtp://127.0.0.1:2525');
    expect(createFileTransport('/tmp/x').kind).toBe('files');
  });

  it('waits twice as long after each failed attempt, up to the maximum', () => {
    expect([1, 2, 3, 4].map((attempts) => backoffDelay(attempts, 30_000, 100_000))).toEqual([
      30_000, 60_000, 100_000, 100_000,
    ]);
  });
});
