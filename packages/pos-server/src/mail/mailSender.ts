import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { EinvoiceDocument } from 'pos-sdk/contract';
import { type Clock, systemClock } from '../clock';
import type { Database, MailOutboxRow, OrderRow } from '../db/Database';
import { whenDurable } from '../db/groupCommit';
import { ordersToWire } from '../orders';
import { senderLoop } from '../outbox';
import { ticketsToWire } from '../tickets';
import { readVenueSettings } from '../venue';
import type { MailTransport } from './mailTransport';
import { renderMail } from './renderMail';

/** Options of {@link createMailSender}. */
export interface MailSenderOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  /** The From address (`POS_MAIL_FROM`); without a display name, the store's name is used as one. */
  from: string;
  timeZone: string;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  /** This instance's name in leases and attempts; default a random UUID. */
  owner?: string;
  /** How often to look for due messages when not woken; default 2000 ms. */
  pollMs?: number;
  /** How long a claim holds before another sender may take the row over; default 5 minutes. */
  leaseMs?: number;
  /** Attempts before a message is given up (`failed`); default 8. */
  maxAttempts?: number;
  /** Wait after the first failed attempt, doubled after each further one; default 30 s. */
  backoffBaseMs?: number;
  /** Longest wait between attempts; default 1 hour. */
  backoffMaxMs?: number;
  /** Rows claimed per round; default 10. */
  batchSize?: number;
  /**
   * The order's e-invoice request page (e-invoicing on, with a public address): the receipt email shows its link
   * and QR code. Given by the server; without it, receipts have none.
   */
  einvoiceRequestUrl?: (order: OrderRow) => Promise<string | null>;
  /** The e-invoice an `einvoice` message tells about, by the row's event key (`einvoice:<document id>`). */
  einvoiceOf?: (eventKey: string) => Promise<EinvoiceDocument | undefined>;
}

/** The server's mail sender: delivers the outbox. */
export interface MailSender {
  /** Sends every message due now, one round; resolves with how many attempts it made. */
  runOnce(): Promise<number>;
  /** Starts the background loop (a round now, then every `pollMs`, and whenever woken). */
  start(): void;
  /** Asks for a round soon (after a commit that queued mail). */
  wake(): void;
  /** Stops the loop and waits for the round in progress; closes the transport. */
  stop(): Promise<void>;
  readonly transport: MailTransport;
}

/** The wait before attempt `attempts + 1`: base × 2^(attempts − 1), at most `max`. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** SMTP answers 5xx for a message that will never be accepted (no such mailbox, refused): no point retrying. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** One line, no stack, for the attempts table and the order's status. */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}

/**
 * Creates the mail sender. It delivers outbox rows (`enqueueMail`) and never lets mail touch a sale:
 *
 * - **Claim with a lease.** A due row (`queued`, or `sending` whose lease ran out) is claimed by one conditional
 *   UPDATE that sets `status = sending`, this sender as `lease_owner` and `lease_until`, and counts the attempt.
 *   Of two servers on one PostgreSQL database, only the one whose UPDATE changed the row sends it; a sender that
 *   died mid-way loses its lease and another takes the row over.
 * - **Record each attempt** in `mail_attempts`: `sent`, `retry` with the reason (then `queued` again, not before
 *   the exponential backoff), or `failed` (given up after `maxAttempts`, or at once on a permanent 5xx refusal).
 * - **Once.** A row is marked `sent` only by the lease holder, and each message keeps one Message-ID on every
 *   attempt (`<outbox id@pos>`), so a receiver drops the copy of the rare attempt that was delivered but not
 *   recorded (a crash between the SMTP server's acceptance and the update).
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, transport, timeZone: defaultTimeZone } = options;
  const clock = options.clock ?? systemClock;
  const owner = options.owner ?? randomUUID();
  const pollMs = options.pollMs ?? 2000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseMs = options.backoffBaseMs ?? 30_000;
  const maxMs = options.backoffMaxMs ?? 60 * 60_000;
  const batchSize = options.batchSize ?? 10;

  /** Claims one row for this sender; undefined when another sender got it first. */
  const claim = async (row: MailOutboxRow, now: Date): Promise<MailOutboxRow | undefined> => {
    const at = now.toISOString();
    const claimed = await db
      .updateTable('mail_outbox')
      .set({
        status: 'sending',
        lease_owner: owner,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: Number(row.attempts) + 1,
        message_id: row.message_id ?? `<${row.id}@pos>`,
      })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    return claimed;
  };

  const recordAttempt = async (
    row: MailOutboxRow,
    outcome: 'sent' | 'retry' | 'failed',
    error: string | null,
  ) => {
    await db
      .insertInto('mail_attempts')
      .values({
        id: randomUUID(),
        outbox_id: row.id,
        attempt: Number(row.attempts),
        sender: owner,
        at: clock().toISOString(),
        outcome,
        error,
      })
      .execute();
  };

  const deliver = async (row: MailOutboxRow): Promise<void> => {
    const orderRow = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', row.order_id)
      .executeTakeFirstOrThrow();
    // The venue's settings (back office): its name, details, receipt footer and time zone head the emails as they
    // do the printed receipts.
    const venue = await readVenueSettings(db, { store: orderRow.store, timeZone: defaultTimeZone });
    const timeZone = venue.time_zone;
    const [order] = await ordersToWire(db, [orderRow], { timeZone });
    if (order === undefined) throw new Error(`Order ${row.order_id} is missing`);
    const ticketRows =
      order.tickets.length === 0
        ? []
        : await db.selectFrom('tickets').selectAll().where('id', 'in', order.tickets).orderBy('id').execute();
    const byId = new Map(ticketRows.map((ticket) => [ticket.id, ticket]));
    const ordered = order.tickets.flatMap((id) => {
      const ticket = byId.get(id);
      return ticket === undefined ? [] : [ticket];
    });
    const tickets = await ticketsToWire(db, ordered, { now: clock(), timeZone });
    const storeName = venue.name;
    const requestUrl =
      row.kind === 'receipt' ? ((await options.einvoiceRequestUrl?.(orderRow)) ?? undefined) : undefined;
    const einvoice = row.kind === 'einvoice' ? await options.einvoiceOf?.(row.event_key) : undefined;
    const mail = await renderMail({
      kind: row.kind,
      order,
      tickets,
      storeName,
      timeZone: venue.time_zone,
      venue,
      eventKey: row.event_key,
      ...(requestUrl === undefined ? {} : { einvoiceRequestUrl: requestUrl }),
      ...(einvoice === undefined ? {} : { einvoice }),
    });
    const from = /</.test(options.from) ? options.from : { name: storeName, address: options.from };
    await transport.send(
      {
        from,
        to: row.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: row.message_id ?? `<${row.id}@pos>`,
        date: new Date(row.created_at),
        attachments: mail.images.map((image) => ({
          filename: image.filename,
          content: image.content,
          contentType: image.contentType,
          cid: image.cid,
          contentDisposition: 'inline' as const,
        })),
      },
      `${row.created_at.replace(/[:.]/g, '-')}-${row.kind}-${row.id}.eml`,
    );
  };

  /** Makes one attempt at a claimed row and records how it went. */
  const attempt = async (row: MailOutboxRow): Promise<void> => {
    try {
      await deliver(row);
    } catch (error) {
      const reason = reasonOf(error);
      const givesUp = isPermanent(error) || Number(row.attempts) >= maxAttempts;
      const now = clock();
      await db
        .updateTable('mail_outbox')
        .set({
          status: givesUp ? 'failed' : 'queued',
          last_error: reason,
          lease_owner: null,
          lease_until: null,
          next_attempt_at: new Date(
            now.getTime() + (givesUp ? 0 : backoffDelay(Number(row.attempts), baseMs, maxMs)),
          ).toISOString(),
        })
        .where('id', '=', row.id)
        .where('lease_owner', '=', owner)
        .execute();
      await recordAttempt(row, givesUp ? 'failed' : 'retry', reason);
      options.logger?.warn({ mail: row.id, kind: row.kind, attempt: row.attempts, reason }, 'mail not sent');
      return;
    }
    await db
      .updateTable('mail_outbox')
      .set({
        status: 'sent',
        sent_at: clock().toISOString(),
        lease_owner: null,
        lease_until: null,
        last_error: null,
      })
      .where('id', '=', row.id)
      .where('lease_owner', '=', owner)
      .execute();
    await recordAttempt(row, 'sent', null);
    options.logger?.info({ mail: row.id, kind: row.kind }, 'mail sent');
  };

  const runOnce = async (): Promise<number> => {
    const now = clock();
    const at = now.toISOString();
    const due = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    let attempts = 0;
    for (const candidate of due) {
      const row = await claim(candidate, now);
      if (row === undefined) continue; // another sender has it
      // The row (a sale's mail, queued by its transaction) and the claim may still be in an open batch of SQLite's
      // group commit: nothing is sent before they are on disk (a batch lost to a failed COMMIT sends nothing).
      await whenDurable();
      attempts += 1;
      await attempt(row);
    }
    return attempts;
  };

  const loop = senderLoop(runOnce, { pollMs, logger: options.logger, name: 'mail sender' });

  return {
    transport,
    runOnce,
    start: loop.start,
    wake: loop.wake,
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
