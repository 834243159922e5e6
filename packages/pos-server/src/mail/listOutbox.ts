import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import type { EndpointBody, EndpointReply } from '../http/serveEndpoint';

/** A page's last message: when it was queued and its id (ties on the time are told apart by the id). */
function cursorOf(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

function readCursor(cursor: string): { createdAt: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const createdAt = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 1 || Number.isNaN(Date.parse(createdAt)) || id === '') {
    throw HttpProblem.invalidRequest('Invalid cursor', [
      { path: 'cursor', message: 'must come from next_cursor' },
    ]);
  }
  return { createdAt, id };
}

/**
 * A page of the mail outbox, newest first (POST /v1/admin/mail/outbox): every message, or those of one `status`
 * (`failed`: given up after their retries); `cursor` is the `next_cursor` of the page before. Each message names its
 * order and invoice, which the back office resends with resend_receipt.
 *
 * @throws {HttpProblem} 400 'Invalid cursor' for a cursor that no page gave.
 */
export async function listOutbox(
  db: Db,
  request: EndpointBody<'mailOutbox'>,
): Promise<EndpointReply<'mailOutbox'>> {
  const { status, limit, cursor } = request;
  let query = db
    .selectFrom('mail_outbox')
    .innerJoin('orders', 'orders.id', 'mail_outbox.order_id')
    .select([
      'mail_outbox.id',
      'mail_outbox.kind',
      'mail_outbox.to_address',
      'mail_outbox.status',
      'mail_outbox.attempts',
      'mail_outbox.last_error',
      'mail_outbox.created_at',
      'mail_outbox.sent_at',
      'mail_outbox.order_id',
      'orders.invoice_id',
    ]);
  if (status !== undefined) query = query.where('mail_outbox.status', '=', status);
  if (cursor !== undefined) {
    const after = readCursor(cursor);
    query = query.where((eb) =>
      eb.or([
        eb('mail_outbox.created_at', '<', after.createdAt),
        eb.and([eb('mail_outbox.created_at', '=', after.createdAt), eb('mail_outbox.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('mail_outbox.created_at', 'desc')
    .orderBy('mail_outbox.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    mails: page.map((row) => ({
      _id: row.id,
      kind: row.kind,
      to: row.to_address,
      status: row.status,
      attempts: Number(row.attempts),
      last_error: row.last_error,
      created_at: row.created_at,
      sent_at: row.sent_at,
      order: { _id: row.order_id, invoice: row.invoice_id },
    })),
    next_cursor: rows.length > limit && last !== undefined ? cursorOf(last.created_at, last.id) : null,
  };
}
