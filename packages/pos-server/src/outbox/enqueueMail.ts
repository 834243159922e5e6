import type { OrderMail } from 'pos-sdk/contract';
import type { Db, MailKind, MailOutboxRow } from '../db/Database';
import { preparedInsert } from '../db/preparedQuery';
import { timeOrderedId } from '../db/timeOrderedId';

/** What to queue: the messages of one event about one order, to one address. */
export interface MailToQueue {
  /** The event, e.g. `sale:<order id>`: the same event never queues the same message to the same address twice. */
  eventKey: string;
  kinds: readonly MailKind[];
  orderId: string;
  /** The recipient; blank queues nothing (an order without a customer email). */
  to: string | null | undefined;
  now: Date;
}

/**
 * Writes outbox rows in the caller's transaction (the checkout's, the renewal's, the refund's), so a message is
 * queued exactly when the order change commits and never lost after it: the mail sender delivers it later, with
 * retries. Nothing is sent here, and nothing here can fail a sale because of mail.
 *
 * @returns the rows written now, in the order of `kinds` (a repeated event writes none): one statement.
 */
export async function enqueueMail(db: Db, mail: MailToQueue): Promise<MailOutboxRow[]> {
  return insertMailRows(db, mailRows(mail));
}

/** Writes the rows of {@link mailRows}; returns those written (not those of an event already queued). */
export async function insertMailRows(db: Db, rows: readonly MailOutboxRow[]): Promise<MailOutboxRow[]> {
  if (rows.length === 0) return [];
  const written = await insertMail(db, rows);
  const ids = new Set(written.map((row) => row.id));
  return rows.filter((row) => ids.has(row.id));
}

/** The outbox rows {@link enqueueMail} writes, with new ids, without writing them (none for a blank address). */
export function mailRows(mail: MailToQueue): MailOutboxRow[] {
  const to = (mail.to ?? '').trim().toLowerCase();
  if (to === '' || mail.kinds.length === 0) return [];
  return mail.kinds.map(
    (kind): MailOutboxRow => ({
      id: timeOrderedId(),
      event_key: mail.eventKey,
      kind,
      to_address: to,
      order_id: mail.orderId,
      status: 'queued',
      attempts: 0,
      next_attempt_at: mail.now.toISOString(),
      lease_owner: null,
      lease_until: null,
      last_error: null,
      message_id: null,
      created_at: mail.now.toISOString(),
      sent_at: null,
    }),
  );
}

/** The outbox insert (an event's mail once: a replayed event queues nothing), compiled once per shape. */
const insertMail = preparedInsert('mail_outbox', (insert) =>
  insert
    .onConflict((conflict) => conflict.columns(['event_key', 'kind', 'to_address']).doNothing())
    .returning('id'),
);

/** The emails of an order as `Order.mail` shows them, from the outbox rows just written (oldest first). */
export function queuedMail(rows: readonly MailOutboxRow[]): OrderMail[] {
  // As `mailOfOrders` orders them: by time, then kind descending (the receipt before the passes).
  const sorted = [...rows].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || b.kind.localeCompare(a.kind),
  );
  return sorted.map((row) => ({
    kind: row.kind,
    to: row.to_address,
    status: row.status,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
  }));
}

/** The messages a sale sends: the receipt, and the passes when it issued tickets. */
export function saleMailKinds(ticketCount: number): MailKind[] {
  return ticketCount > 0 ? ['receipt', 'passes'] : ['receipt'];
}
