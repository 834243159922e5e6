import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { type AuditEntry, auditRow } from '../audit';
import type { Db, MailOutboxRow, OrderRow, TicketRow } from '../db/Database';
import { PREPARED } from '../db/preparedQuery';
import type { OrderItemRow } from '../orders/ordersToWire';
import type { TenderRow } from './writeOrder';

/**
 * PostgreSQL: a sale's writes in two statements instead of eight (issue 11). On PostgreSQL every statement is a round
 * trip to the database server, and a round trip cost the server's process about 0.08 ms of CPU and the database
 * server 0.045 ms even for `select 1` on this development machine; a sale made 14 of them (BEGIN and COMMIT
 * included), and under load each one also waits its turn on both.
 *
 * - {@link insertSaleRows}: the order, its lines, tenders, tickets and mail in one statement (INSERTs inside WITH,
 *   each table's rows passed as one JSON array and turned into rows by `json_populate_recordset`: one statement text
 *   whatever the number of lines or tickets, so one named statement).
 * - {@link issueInvoiceAndAudit}: the store's next invoice number, the invoice, the sale's audit entry and the call's
 *   stored answer (`withIdempotency`) in one statement, the last before the COMMIT. The store's counter row stays
 *   locked from the number's issue to the COMMIT, and every sale of the store waits for it: before, four statements
 *   and the building of the receipt were inside that wait, now the COMMIT alone is. The audit entry and the answer
 *   name the invoice, whose id is known only in the statement: they are written with {@link INVOICE_ID_MARK} and the
 *   statement puts the id in its place.
 *
 * SQLite keeps one statement per table: there a statement is a function call, and SQLite has no INSERT inside WITH.
 * The rows are the same either way (`orderRows`, `ticketsToIssue`, `mailRows`, `auditRow`), and so is every trigger
 * the database runs for them.
 */

/** Stands for the invoice id in a text written before the number is issued (ASCII, so JSON keeps it as it is). */
export const INVOICE_ID_MARK = `@@pos-invoice-${randomUUID()}@@`;

/** A sale's rows, as {@link insertSaleRows} writes them. */
export interface SaleRows {
  order: OrderRow;
  items: readonly OrderItemRow[];
  tenders: readonly TenderRow[];
  tickets: readonly TicketRow[];
  mail: readonly MailOutboxRow[];
}

/** The tables of {@link SaleRows}, in the order their rows are passed. */
const TABLES = ['orders', 'order_items', 'tenders', 'tickets', 'mail_outbox'] as const;

/** Statement texts by the columns of each table's rows (a table without rows is left out). */
const texts = new Map<string, string>();

/** The quoted name of one of our own identifiers. */
const id = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The text of {@link insertSaleRows} for rows with these columns per table (undefined: no rows). */
function saleRowsText(columns: readonly (readonly string[] | undefined)[]): string {
  const signature = columns.map((names) => names?.join(',') ?? '-').join('|');
  let text = texts.get(signature);
  if (text !== undefined) return text;
  const parts: string[] = [];
  let parameter = 0;
  for (const [index, table] of TABLES.entries()) {
    const names = columns[index];
    if (names === undefined) continue;
    parameter += 1;
    const list = names.map(id).join(', ');
    const conflict =
      table === 'mail_outbox'
        ? ` on conflict (${['event_key', 'kind', 'to_address'].map(id).join(', ')}) do nothing returning ${id('id')}`
        : '';
    parts.push(
      `${table} as (insert into ${id(table)} (${list}) select ${list} from json_populate_recordset(null::${id(table)}, $${parameter}::json)${conflict})`,
    );
  }
  const mail =
    columns[TABLES.indexOf('mail_outbox')] === undefined
      ? 'select null::text as id where false'
      : 'select id from mail_outbox';
  text = `${PREPARED}with ${parts.join(', ')} ${mail}`;
  if (texts.size >= 64) texts.clear();
  texts.set(signature, text);
  return text;
}

/**
 * Writes a sale's order, lines, tenders, tickets and mail in one statement, in the caller's transaction.
 *
 * @returns the mail rows written (those of an event already queued are not, as `enqueueMail`).
 */
export async function insertSaleRows(db: Db, rows: SaleRows): Promise<MailOutboxRow[]> {
  const lists: readonly (readonly object[])[] = [
    [rows.order],
    rows.items,
    rows.tenders,
    rows.tickets,
    rows.mail,
  ];
  const columns = lists.map((list) => (list.length === 0 ? undefined : Object.keys(list[0] as object)));
  const values = lists.filter((list) => list.length > 0).map((list) => JSON.stringify(list));
  const { rows: written } = await db.executeQuery<{ id: string }>(
    CompiledQuery.raw(saleRowsText(columns), values),
  );
  const ids = new Set(written.map((row) => row.id));
  return rows.mail.filter((row) => ids.has(row.id));
}

/**
 * Issues the store's next invoice for an order and writes the audit entry of its sale, in one statement: numbers are
 * unique and sequential per store, as `issueInvoice`, and the id is formatted as `formatInvoiceId` does (the store
 * code, a dash, the number zero-padded to 6 digits). `audit`'s details may hold {@link INVOICE_ID_MARK} where the
 * invoice id goes.
 *
 * @returns the invoice id, e.g. `STORE-000042`.
 */
export async function issueInvoiceAndAudit(
  db: Db,
  options: {
    store: string;
    orderId: string;
    now: Date;
    audit: AuditEntry;
    /** The call's answer to store with it (`AnswerSlot`), its JSON holding {@link INVOICE_ID_MARK} for the id. */
    answer?: { scope: string; key: string; completedAt: string; body: string };
  },
): Promise<string> {
  const entry = auditRow(options.audit);
  const { answer } = options;
  const { rows } = await db.executeQuery<{ id: string }>(
    CompiledQuery.raw(INVOICE_AND_AUDIT, [
      options.store,
      options.orderId,
      options.now.toISOString(),
      entry.id,
      entry.at,
      entry.staff_id,
      entry.terminal_id,
      entry.action,
      entry.subject_type,
      entry.subject_id,
      entry.amount_sen,
      entry.details,
      INVOICE_ID_MARK,
      answer?.body ?? null,
      answer?.completedAt ?? null,
      answer?.scope ?? null,
      answer?.key ?? null,
    ]),
  );
  const invoiceId = rows[0]?.id;
  if (invoiceId === undefined) throw new Error('The invoice counter returned no number');
  return invoiceId;
}

/** The statement of {@link issueInvoiceAndAudit}. */
const INVOICE_AND_AUDIT = `${PREPARED}with counter as (
    insert into invoice_counters (store, last_number) values ($1::text, 1)
    on conflict (store) do update set last_number = invoice_counters.last_number + 1
    returning last_number
  ), invoice as (
    insert into invoices (id, store, number, order_id, issued_at)
    select $1::text || '-' || lpad(last_number::text, greatest(6, length(last_number::text)), '0'), $1::text,
      last_number, $2::text, $3::text
    from counter
    returning id
  ), audit as (
    insert into audit_log (id, at, staff_id, terminal_id, action, subject_type, subject_id, amount_sen, details)
    select $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::bigint,
      replace($12::text, $13::text, invoice.id)
    from invoice
  ), answer as (
    update idempotency_keys set status = 'done', response_status = 200,
      response_body = replace($14::text, $13::text, invoice.id), completed_at = $15::text
    from invoice
    where idempotency_keys.scope = $16::text and idempotency_keys.key = $17::text
  )
  select id from invoice`;
