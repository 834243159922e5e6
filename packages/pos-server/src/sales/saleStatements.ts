import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { type AuditEntry, auditRow } from '../audit';
import type {
  Db,
  IdempotencyKeysTable,
  MailOutboxRow,
  OrderItemRow,
  OrderRow,
  TicketRow,
} from '../db/Database';
import { PREPARED } from '../db/preparedQuery';
import type { StatementClaim } from '../http/idempotency';
import type { TenderRow } from './writeOrder';

/**
 * PostgreSQL: a sale's writes in one statement instead of one per table, for the PostgreSQL sale writer
 * (`saleWriter.ts`). On PostgreSQL every statement is a round trip to the database server, which costs CPU on both
 * sides and, under load, a wait for its turn on each; the fewer a sale sends, the more sales commit at once.
 *
 * {@link writeSale} writes, with INSERTs inside WITH:
 * - the order, its lines, tenders, tickets and mail, each table's rows passed as one JSON array and turned into rows
 *   by `json_populate_recordset` (one statement text whatever the number of lines or tickets, so one named
 *   statement);
 * - the store's next invoice number, the invoice, the sale's audit entry and the call's stored answer
 *   (`withIdempotency`). The store's counter row stays locked from the number's issue to the COMMIT, and every sale
 *   of the store waits for it: only the rest of this statement and the COMMIT are inside that wait, never a round
 *   trip or the building of the receipt. The audit entry and the answer name the invoice, whose id is known only in
 *   the statement: they are written with {@link INVOICE_ID_MARK} and the statement puts the id in its place.
 *
 * Every trigger the database runs for these rows runs as for separate statements (after the statement, seeing all of
 * it), and so do the foreign key checks. SQLite keeps one statement per table: there a statement is a function call,
 * and SQLite has no INSERT inside WITH. The rows are the same either way (`orderRows`, `ticketsToIssue`, `mailRows`,
 * `auditRow`).
 */

/** Stands for the invoice id in a text written before the number is issued (ASCII, so JSON keeps it as it is). */
export const INVOICE_ID_MARK = `@@pos-invoice-${randomUUID()}@@`;

/** A sale's rows, as {@link writeSale} writes them. */
export interface SaleRows {
  order: OrderRow;
  items: readonly OrderItemRow[];
  tenders: readonly TenderRow[];
  tickets: readonly TicketRow[];
  mail: readonly MailOutboxRow[];
}

/** What {@link writeSale} writes besides the rows. */
export interface SaleInvoice {
  store: string;
  orderId: string;
  now: Date;
  /** The sale's audit entry; its details may hold {@link INVOICE_ID_MARK} where the invoice id goes. */
  audit: AuditEntry;
  /** The call's answer to store (`AnswerSlot`), its JSON holding {@link INVOICE_ID_MARK} for the invoice id. */
  answer?: { scope: string; key: string; completedAt: string; body: string } | undefined;
}

/** The tables of {@link SaleRows}, in the order their rows are passed. */
const TABLES = ['orders', 'order_items', 'tenders', 'tickets', 'mail_outbox'] as const;

/** The parameters of the invoice, audit and answer part, before the rows' JSON arrays. */
const INVOICE_PARAMETERS = 17;

/** The quoted name of one of our own identifiers. */
const id = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The sale's audit entry (`$4`-`$12`), naming the invoice the statement issues in place of the mark (`$13`). */
const AUDIT_PART = `audit as (
    insert into audit_log (id, at, staff_id, terminal_id, action, subject_type, subject_id, amount_sen, details)
    select $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::bigint,
      replace($12::text, $13::text, invoice.id)
    from invoice
  )`;

/**
 * The invoice, audit and answer part: `$1` store, `$2` order id, `$3` issued at, `$4`-`$12` the audit row, `$13` the
 * mark, `$14`-`$17` the answer (all null without one: its update then matches no row).
 */
const INVOICE_PART = `counter as (
    insert into invoice_counters (store, last_number) values ($1::text, 1)
    on conflict (store) do update set last_number = invoice_counters.last_number + 1
    returning last_number
  ), invoice as (
    insert into invoices (id, store, number, order_id, issued_at)
    select $1::text || '-' || lpad(last_number::text, greatest(6, length(last_number::text)), '0'), $1::text,
      last_number, $2::text, $3::text
    from counter
    returning id
  ), ${AUDIT_PART}, answer as (
    update idempotency_keys set status = 'done', response_status = 200,
      response_body = replace($14::text, $13::text, invoice.id), completed_at = $15::text
    from invoice
    where idempotency_keys.scope = $16::text and idempotency_keys.key = $17::text
  )`;

/**
 * The inserts of a sale's rows inside WITH, one per table that has rows, each from the JSON array in the parameter after
 * `lastParameter` (in table order); `where` (SQL) gates every insert.
 */
function rowInserts(
  columns: readonly (readonly string[] | undefined)[],
  lastParameter: number,
  where = '',
): string[] {
  const parts: string[] = [];
  let parameter = lastParameter;
  for (const [index, table] of TABLES.entries()) {
    const names = columns[index];
    if (names === undefined) continue;
    parameter += 1;
    const list = names.map(id).join(', ');
    parts.push(
      `${table} as (insert into ${id(table)} (${list}) select ${list} from json_populate_recordset(null::${id(table)}, $${parameter}::json)${where})`,
    );
  }
  return parts;
}

/** Each table's rows as a list (none when `rows` is undefined), and the columns of its first row. */
function rowLists(rows: SaleRows | undefined): {
  lists: readonly (readonly object[])[];
  columns: (string[] | undefined)[];
} {
  const lists: readonly (readonly object[])[] =
    rows === undefined ? [] : [[rows.order], rows.items, rows.tenders, rows.tickets, rows.mail];
  const columns = TABLES.map((_, index) => {
    const first = lists[index]?.[0];
    return first === undefined ? undefined : Object.keys(first);
  });
  return { lists, columns };
}

/** The JSON arrays of the tables that have rows, in table order: the last parameters of a sale statement. */
const rowParameters = (lists: readonly (readonly object[])[]) =>
  lists.filter((list) => list.length > 0).map((list) => JSON.stringify(list));

/** `$1`-`$13` of both sale statements: the store, the order, the time of issue, the audit row and the mark. */
function invoiceParameters(invoice: SaleInvoice): unknown[] {
  const entry = auditRow(invoice.audit);
  return [
    invoice.store,
    invoice.orderId,
    invoice.now.toISOString(),
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
  ];
}

/** Statement texts by the columns of each table's rows (a table without rows is left out). */
const texts = new Map<string, string>();

/** The text of {@link writeSale} for rows with these columns per table (undefined: no rows). */
function saleText(columns: readonly (readonly string[] | undefined)[]): string {
  const signature = columns.map((names) => names?.join(',') ?? '-').join('|');
  let text = texts.get(signature);
  if (text !== undefined) return text;
  const parts = rowInserts(columns, INVOICE_PARAMETERS);
  text = `${PREPARED}with ${[...parts, INVOICE_PART].join(', ')} select invoice.id from invoice`;
  if (texts.size >= 64) texts.clear();
  texts.set(signature, text);
  return text;
}

/**
 * Writes a sale in one statement, in the caller's transaction: its rows (none when `rows` is undefined: written
 * before), the store's next invoice (numbers unique and sequential per store, as `issueInvoice`; the id formatted as
 * `formatInvoiceId` does, the store code, a dash and the number zero-padded to 6 digits), the audit entry and the
 * answer.
 *
 * The mail rows are of the new order's own event (`sale:<order id>`), so none can have been queued before: unlike
 * `enqueueMail`, a conflict is not skipped but fails the statement (the outbox's unique key), and the sale with it.
 *
 * @returns the invoice id, e.g. `STORE-000042`.
 */
export async function writeSale(db: Db, rows: SaleRows | undefined, invoice: SaleInvoice): Promise<string> {
  const { lists, columns } = rowLists(rows);
  const { answer } = invoice;
  const parameters: unknown[] = [
    ...invoiceParameters(invoice),
    answer?.body ?? null,
    answer?.completedAt ?? null,
    answer?.scope ?? null,
    answer?.key ?? null,
    ...rowParameters(lists),
  ];
  const { rows: written } = await db.executeQuery<{ id: string }>(
    CompiledQuery.raw(saleText(columns), parameters),
  );
  const invoiceId = written[0]?.id;
  if (invoiceId === undefined) throw new Error('The invoice counter returned no number');
  return invoiceId;
}

/** The claim of a keyed sale made by {@link writeClaimedSale}, with the answer it stores. */
export interface SaleClaim extends StatementClaim {
  /** The answer's JSON, holding {@link INVOICE_ID_MARK} for the invoice id. */
  body: string;
}

/** The terminal's open shift, the catalogue's version and a key's row, in one statement (see `writeClaimedSale`). */
const SHIFT_VERSION_AND_KEY = `${PREPARED}select
  (select id from shifts where terminal_id = $1::text and closed_at is null limit 1) as shift_id,
  (select version from catalogue_version where id = 1) as catalogue_version,
  (select row_to_json(k) from idempotency_keys k where k.scope = $2::text and k.key = $3::text) as key_row`;

/**
 * The first statement of a keyed sale without BEGIN/COMMIT: the terminal's open shift (null without one), the
 * catalogue's version and the key's row (null when the key is new). Not locked: {@link writeClaimedSale} locks the
 * shift and claims the key.
 */
export async function shiftVersionAndKey(
  db: Db,
  terminalId: string,
  claim: Pick<StatementClaim, 'scope' | 'key'>,
): Promise<{ shiftId: string | null; catalogueVersion: number; keyRow: IdempotencyKeysTable | null }> {
  const { rows } = await db.executeQuery<{
    shift_id: string | null;
    catalogue_version: number | string | null;
    key_row: IdempotencyKeysTable | null;
  }>(CompiledQuery.raw(SHIFT_VERSION_AND_KEY, [terminalId, claim.scope, claim.key]));
  const row = rows[0];
  return {
    shiftId: row?.shift_id ?? null,
    catalogueVersion: Number(row?.catalogue_version ?? 0),
    keyRow: row?.key_row ?? null,
  };
}

/** What {@link writeClaimedSale} did. */
export type ClaimedSaleOutcome =
  | { kind: 'sold'; invoiceId: string }
  | { kind: 'taken' }
  | { kind: 'shiftClosed' }
  /** A ticket id sent is not reserved for the terminal, or used by another sale (nothing written). */
  | { kind: 'notReserved' };

/**
 * The parameters of {@link writeClaimedSale} before the rows' JSON arrays: `$1` store, `$2` order id, `$3` issued at,
 * `$4`-`$12` the audit row, `$13` the mark, `$14` the shift, `$15`-`$23` the claim and the answer, `$24` the terminal,
 * `$25` the ticket ids reserved for it that the sale uses (offline_prepare) and `$26` how many.
 */
const CLAIMED_PARAMETERS = 26;

/**
 * The shift, the store's counter, the key's claim with the answer, and the invoice, in that order: the claim needs
 * the invoice id (the answer names it), and the invoice is issued only if the claim succeeds.
 */
const CLAIMED_HEAD = `shift as (
    select id from shifts where id = $14::text and closed_at is null for key share
  ), reserved as (
    select id from offline_ticket_ids
    where terminal_id = $24::text and order_id is null and id = any($25::text[]) and exists (select 1 from shift)
    for update
  ), locked as (
    select last_number from invoice_counters
    where store = $1::text and exists (select 1 from shift) and (select count(*) from reserved) = $26::int
    for update
  ), next as (
    select last_number + 1 as number,
      $1::text || '-' || lpad((last_number + 1)::text, greatest(6, length((last_number + 1)::text)), '0') as id
    from locked
  ), claim as (
    insert into idempotency_keys (scope, key, staff_id, body_hash, status, response_status, response_body, created_at,
      completed_at)
    select $15::text, $16::text, $17::text, $18::text, 'done', 200, replace($19::text, $13::text, next.id), $20::text,
      $21::text
    from next
    on conflict (scope, key) do update set staff_id = excluded.staff_id, body_hash = excluded.body_hash,
      status = excluded.status, response_status = excluded.response_status, response_body = excluded.response_body,
      created_at = excluded.created_at, completed_at = excluded.completed_at
    where idempotency_keys.created_at < $22::text
      or (idempotency_keys.status = 'pending' and idempotency_keys.created_at < $23::text)
    returning 1
  ), counter as (
    update invoice_counters set last_number = last_number + 1
    where store = $1::text and exists (select 1 from claim)
    returning last_number
  ), invoice as (
    insert into invoices (id, store, number, order_id, issued_at)
    select next.id, $1::text, next.number, $2::text, $3::text from next
    where exists (select 1 from counter)
    returning id
  ), ${AUDIT_PART}, used as (
    update offline_ticket_ids set order_id = $2::text
    where id in (select id from reserved) and exists (select 1 from invoice)
  )`;

/** Statement texts of {@link writeClaimedSale} by the columns of each table's rows. */
const claimedTexts = new Map<string, string>();

function claimedSaleText(columns: readonly (readonly string[] | undefined)[]): string {
  const signature = columns.map((names) => names?.join(',') ?? '-').join('|');
  let text = claimedTexts.get(signature);
  if (text !== undefined) return text;
  const parts = [
    CLAIMED_HEAD,
    ...rowInserts(columns, CLAIMED_PARAMETERS, ' where exists (select 1 from invoice)'),
  ];
  text = `${PREPARED}with ${parts.join(', ')} select (select id from invoice) as id, exists (select 1 from shift) as shift_open,
    (select count(*) from reserved) = $26::int as reserved, exists (select 1 from next) as counted`;
  if (claimedTexts.size >= 64) claimedTexts.clear();
  claimedTexts.set(signature, text);
  return text;
}

/** Stores whose invoice counter row is known to exist (per database handle): {@link writeClaimedSale} locks it. */
const countersSeen = new WeakMap<object, Set<string>>();

/**
 * PostgreSQL, a keyed sale without BEGIN/COMMIT: one statement that share-locks the open shift (as
 * `openShiftWithVersion` does, so end_shift waits for it), locks the store's invoice counter, claims the key with the
 * answer (as `withIdempotency`'s claim, the answer naming the invoice it is about to issue), and only if the claim
 * succeeds issues the invoice and writes the sale's rows and audit entry. A statement is atomic by itself: all of it or
 * none. A duplicate sent at the same moment waits on the key, then finds it taken; the counter is locked first so that
 * the invoice number is known to the claim, and a lost claim leaves it as it was.
 *
 * @returns `sold` with the invoice id; `taken` when the key's claim lost (nothing written); `shiftClosed` when the
 *   shift is no longer open (nothing written).
 */
export async function writeClaimedSale(
  db: Db,
  rows: SaleRows,
  invoice: SaleInvoice & {
    shiftId: string;
    claim: SaleClaim;
    /** The terminal, and the ids reserved for it (offline_prepare) that the sale's tickets get (`useReservedTicketIds`). */
    terminalId: string;
    reservedIds: readonly string[];
  },
): Promise<ClaimedSaleOutcome> {
  let seen = countersSeen.get(db);
  if (seen === undefined) {
    seen = new Set();
    countersSeen.set(db, seen);
  }
  const { lists, columns } = rowLists(rows);
  const { claim } = invoice;
  const parameters: unknown[] = [
    ...invoiceParameters(invoice),
    invoice.shiftId,
    claim.scope,
    claim.key,
    claim.staffId,
    claim.bodyHash,
    claim.body,
    claim.createdAt,
    claim.completedAt,
    claim.expired,
    claim.abandoned,
    invoice.terminalId,
    [...new Set(invoice.reservedIds)],
    new Set(invoice.reservedIds).size,
    ...rowParameters(lists),
  ];
  const text = claimedSaleText(columns);
  for (let round = 0; ; round++) {
    // The store's counter row is made once (its first sale): the statement locks it, it does not create it.
    if (!seen.has(invoice.store)) {
      await db
        .insertInto('invoice_counters')
        .values({ store: invoice.store, last_number: 0 })
        .onConflict((conflict) => conflict.column('store').doNothing())
        .execute();
      seen.add(invoice.store);
    }
    const { rows: result } = await db.executeQuery<{
      id: string | null;
      shift_open: boolean;
      reserved: boolean;
      counted: boolean;
    }>(CompiledQuery.raw(text, parameters));
    const row = result[0];
    if (row === undefined) throw new Error('The sale statement returned no row');
    if (row.id !== null) return { kind: 'sold', invoiceId: row.id };
    if (!row.shift_open) return { kind: 'shiftClosed' };
    if (!row.reserved) return { kind: 'notReserved' };
    if (row.counted) return { kind: 'taken' };
    // No counter row (deleted since this process made it): made again, once.
    seen.delete(invoice.store);
    if (round > 0) throw new Error(`The invoice counter of store ${invoice.store} cannot be locked`);
  }
}
