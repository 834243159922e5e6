import { CompiledQuery, type Transaction } from 'kysely';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { SERVER_MESSAGES, SYNC_MESSAGES } from 'pos-sdk/messages';
import { isMembership } from 'pos-sdk/rules';
import { type AuditEntry, recordAudit } from '../audit';
import type { CatalogueCache } from '../catalogue';
import type { Database, Db, IdempotencyKeysTable, MailOutboxRow, TicketRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { PREPARED, preparedInsert, preparedQuery } from '../db/preparedQuery';
import { HttpProblem } from '../http/HttpProblem';
import { type AnswerSlot, isTaken, type StatementClaim } from '../http/idempotency';
import { issueInvoice } from '../invoices';
import { membersById, upsertMember } from '../members';
import { useReservedTicketIds } from '../offline';
import { ordersFromParts } from '../orders';
import { insertMailRows, mailRows, queuedMail, saleMailKinds } from '../outbox';
import { staffNames } from '../staff';
import { ticketsFromParts, ticketsToIssue } from '../tickets';
import { consumeDiscountApprovals } from './checkDiscount';
import { checkSale } from './checkSale';
import type { PricedLine } from './priceCartLine';
import { INVOICE_ID_MARK, writeClaimedSale, writeSale } from './saleStatements';
import { insertOrderRows, orderRows } from './writeOrder';

/** The tickets' insert, compiled once per number of tickets (preparedInsert). */
const insertTickets = preparedInsert('tickets');

/** Tickets per insert statement: 19 values each, well under SQLite's limit of 32,766 bound values. */
const TICKETS_PER_INSERT = 1_000;

/** Who sells, where and when. */
export interface SaleContext {
  staffId: string;
  terminalId: string;
  /** The server's store (`POS_STORE`): the only `origin` it sells for. */
  store: string;
  timeZone: string;
  now: Date;
  /** The seller's display name, for the receipt (default: read from the database). */
  staffName?: string;
  /** The server's catalogue cache (default: every line read from the database). */
  catalogue?: CatalogueCache;
  /**
   * A sale made while the terminal was offline, replayed now (`offline/saleTime`): `now` is when it was made, and it
   * is booked into the shift that was open on the terminal then (even if closed since).
   */
  replay?: boolean;
  /** When the replay reached the server (the audit entry keeps it beside the sale's own time). */
  replayedAt?: Date;
  /**
   * Where the call's answer goes (`withIdempotency`): on PostgreSQL the sale stores it with its last statement,
   * inside the store's invoice number lock, instead of one round trip later.
   */
  answer?: AnswerSlot | undefined;
}

/**
 * The terminal's open shift and the catalogue's version, in one statement: the version is read first thing in the
 * transaction, before any catalogue entry (see `CatalogueCache`).
 *
 * @throws {HttpProblem} 409 'No open shift'.
 */
export async function openShiftAndCatalogue(
  trx: Transaction<Database>,
  terminalId: string,
  /** A replayed sale's time: the shift open on the terminal then, closed since or not. */
  at?: Date,
): Promise<{ shiftId: string; catalogueVersion: number }> {
  const row =
    at === undefined
      ? await openShiftWithVersion.executeTakeFirst(trx, terminalId)
      : await shiftAtWithVersion.executeTakeFirst(trx, terminalId, at.toISOString());
  if (row === undefined) {
    throw HttpProblem.conflict(
      at === undefined ? SERVER_MESSAGES.noOpenShift : SYNC_MESSAGES.noShiftAtSaleTime,
    );
  }
  return { shiftId: row.id, catalogueVersion: Number(row.catalogue_version ?? 0) };
}

/** A terminal's shifts with the catalogue's version beside each. */
const shiftsWithVersion = (db: Db, terminalId: string) =>
  db
    .selectFrom('shifts')
    .select((eb) => [
      'shifts.id',
      eb
        .selectFrom('catalogue_version')
        .select('catalogue_version.version')
        .where('catalogue_version.id', '=', 1)
        .as('catalogue_version'),
    ])
    .where('shifts.terminal_id', '=', terminalId);

/**
 * The terminal's open shift (compiled once: every sale reads it), share-locked on PostgreSQL until the sale commits,
 * so end_shift waits for the sale before it adds up the report, or the sale finds the shift closed (see
 * `findOpenShift`).
 */
const openShiftWithVersion = preparedQuery((db, terminalId: string) => {
  const query = shiftsWithVersion(db, terminalId).where('shifts.closed_at', 'is', null);
  return isPostgres(db) ? query.forKeyShare('shifts') : query;
}, 1);

/** The shift open on the terminal at a replayed sale's time, closed since or not. */
const shiftAtWithVersion = preparedQuery(
  (db, terminalId: string, time: string) =>
    shiftsWithVersion(db, terminalId)
      .where('shifts.opened_at', '<=', time)
      .where((eb) => eb.or([eb('shifts.closed_at', 'is', null), eb('shifts.closed_at', '>', time)]))
      .orderBy('shifts.opened_at', 'desc')
      .limit(1),
  2,
);

/**
 * The ids a pass line's tickets get: those the terminal sent (`ticket`, reserved for it by offline_prepare, one per
 * unit), else the ones just drawn.
 *
 * @throws {HttpProblem} 400 when the line sends another number of ids than its quantity, or one id twice.
 */
function ticketIdsOfLine(line: PricedLine, drawn: readonly TicketRow[]): TicketRow[] {
  const sent = line.request.ticket;
  if (sent === undefined) return [...drawn];
  const quantity = line.rule.quantity;
  if (sent.length !== quantity || new Set(sent).size !== sent.length) {
    const message = SYNC_MESSAGES.ticketIdsCount(line.request.sku, quantity);
    throw HttpProblem.invalidRequest(message, [{ path: `items.${line.index}.ticket`, message }]);
  }
  const ids = [...sent].sort();
  return drawn.map((row, position) => ({ ...row, id: ids[position] ?? row.id }));
}

/**
 * Sells a cart (POST /v1/checkout) inside one transaction: the terminal needs an open shift (409 'No open shift');
 * the cart is re-checked with the catalogue and the rules (`checkSale`); discount approvals are used up; then the
 * order, its invoice, lines, tenders, the members of membership lines and one ticket per pass unit are written,
 * with the audit entry.
 *
 * @returns the receipt: the order (its lines carry `ticket: [ids]`) and the tickets issued.
 */
export async function checkout(
  trx: Transaction<Database>,
  body: CheckoutRequest,
  context: SaleContext,
): Promise<Receipt> {
  const receipt = await sell(trx, body, context, undefined);
  if (receipt === undefined) throw new Error('A sale in a transaction ended without a receipt');
  return receipt;
}

/**
 * Whether {@link checkoutInOneStatement} can make this sale: on PostgreSQL, with an idempotency key, and nothing that
 * writes before the sale's own rows (a discount approval used up, a member recorded, an offline sale booked into an
 * earlier shift). Ticket ids reserved for the terminal (a till that can sell offline sends them with every sale) are
 * checked and marked used by the sale's statement.
 */
export function sellsInOneStatement(db: Db, body: CheckoutRequest, replay: boolean): boolean {
  return (
    isPostgres(db) &&
    !replay &&
    body.items.every((item) => item.discount?.approval === undefined && item.member === undefined)
  );
}

/**
 * {@link checkout} on PostgreSQL without BEGIN/COMMIT (fewer round trips on the hot path), for a sale {@link sellsInOneStatement} accepts: one
 * statement reads the open shift, the catalogue's version and the key's row; the sale is checked and priced; one
 * statement claims the key and writes the sale with its answer (`writeClaimedSale`), or nothing. Run by
 * `withIdempotencyInStatement`, which replays the key's answer when `claim.taken` is set.
 *
 * @returns the receipt, or undefined when the key was found taken (`claim.taken`).
 * @throws {HttpProblem} as {@link checkout}.
 */
export function checkoutInOneStatement(
  db: Db,
  body: CheckoutRequest,
  context: SaleContext,
  claim: StatementClaim,
): Promise<Receipt | undefined> {
  return sell(db, body, context, claim);
}

/** The terminal's open shift, the catalogue's version and a key's row, in one statement (see `checkoutInOneStatement`). */
const SHIFT_VERSION_AND_KEY = `${PREPARED}select
  (select id from shifts where terminal_id = $1::text and closed_at is null limit 1) as shift_id,
  (select version from catalogue_version where id = 1) as catalogue_version,
  (select row_to_json(k) from idempotency_keys k where k.scope = $2::text and k.key = $3::text) as key_row`;

async function shiftVersionAndKey(
  db: Db,
  terminalId: string,
  claim: StatementClaim,
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

async function sell(
  trx: Db,
  body: CheckoutRequest,
  context: SaleContext,
  claim: StatementClaim | undefined,
): Promise<Receipt | undefined> {
  const { now, timeZone, store } = context;
  if (body.origin !== store) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.unknownStore(body.origin), [
      { path: 'origin', message: SERVER_MESSAGES.unknownStore(body.origin) },
    ]);
  }
  let shiftId: string;
  let catalogueVersion: number;
  if (claim === undefined) {
    ({ shiftId, catalogueVersion } = await openShiftAndCatalogue(
      trx as Transaction<Database>,
      context.terminalId,
      context.replay === true ? now : undefined,
    ));
  } else {
    const read = await shiftVersionAndKey(trx, context.terminalId, claim);
    if (read.keyRow !== null && isTaken(read.keyRow, claim)) {
      claim.taken = read.keyRow;
      return undefined;
    }
    if (read.shiftId === null) throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
    shiftId = read.shiftId;
    catalogueVersion = read.catalogueVersion;
  }
  const sale = await checkSale(trx, body, {
    store,
    now,
    timeZone,
    ...(context.catalogue === undefined ? {} : { lookup: context.catalogue.lookup(catalogueVersion) }),
  });
  await consumeDiscountApprovals(trx, sale.lines, {
    staffId: context.staffId,
    terminalId: context.terminalId,
    now,
  });

  const memberIds = new Map<number, string>();
  for (const line of sale.lines) {
    if (isMembership(line.rule) && line.request.member !== undefined) {
      memberIds.set(line.index, await upsertMember(trx, line.request.member, now));
    }
  }
  const written = orderRows({
    kind: 'sale',
    store,
    terminalId: context.terminalId,
    shiftId,
    staffId: context.staffId,
    email: sale.email,
    lines: sale.lines,
    memberIds,
    numItems: sale.numItems,
    gross: sale.gross,
    discount: sale.discount,
    total: sale.total,
    payment: sale.payment,
    now,
  });

  const tickets: TicketRow[] = [];
  const reserved: string[] = [];
  for (const [position, line] of sale.lines.entries()) {
    const { catalogue } = line;
    if (catalogue.type !== 'PASS' || line.visitDate === null) continue;
    const issued = ticketsToIssue({
      orderId: written.orderId,
      orderItemId: written.itemIds[position] ?? '',
      store,
      sku: catalogue.sku,
      passName: catalogue.name,
      category: catalogue.category,
      group: catalogue.group,
      visitDate: line.visitDate,
      duration: catalogue.duration,
      usageLimit: catalogue.usageLimit,
      entriesPerDay: catalogue.entriesPerDay,
      shareable: catalogue.shareable,
      count: line.rule.quantity,
      memberId: memberIds.get(line.index) ?? null,
      now,
      timeZone,
    });
    tickets.push(...ticketIdsOfLine(line, issued));
    reserved.push(...(line.request.ticket ?? []));
  }
  const ticketCount = tickets.length;
  // Same transaction: the receipt (and passes) are queued exactly when the sale commits, never for a sale rolled back.
  const mailToWrite = mailRows({
    eventKey: `sale:${written.orderId}`,
    kinds: saleMailKinds(ticketCount),
    orderId: written.orderId,
    to: sale.email,
    now,
  });
  const onPostgres = isPostgres(trx);
  // PostgreSQL writes the whole sale with its last statement (saleStatements.ts), but for ticket ids reserved offline
  // in a transaction, which are checked against their reservation first; the keyed statement checks them itself.
  const inOneStatement = onPostgres && (reserved.length === 0 || claim !== undefined);
  // The mail of a new order's event is always new: written whole (writeSale fails otherwise).
  let mail: readonly MailOutboxRow[] = mailToWrite;
  if (!inOneStatement) {
    await insertOrderRows(trx, written);
    // Ids the terminal drew from its reservation (offline_prepare): each reserved for it and not used by another
    // sale.
    if (
      !(await useReservedTicketIds(trx, {
        terminalId: context.terminalId,
        orderId: written.orderId,
        ids: reserved,
      }))
    ) {
      throw HttpProblem.conflict(SYNC_MESSAGES.ticketIdsNotReserved);
    }
    // The tickets of every line in one statement (a few for a very large sale: SQLite binds at most 32,766 values).
    for (let start = 0; start < tickets.length; start += TICKETS_PER_INSERT) {
      await insertTickets(trx, tickets.slice(start, start + TICKETS_PER_INSERT));
    }
    mail = await insertMailRows(trx, mailToWrite);
  }

  // The store's next invoice number, as late as the audit entry that names it allows (see writeOrder).
  const audit = (invoice: string): AuditEntry => ({
    action: 'order.paid',
    staffId: context.staffId,
    terminalId: context.terminalId,
    at: now,
    subject: { type: 'order', id: written.orderId },
    amount: sale.total,
    details: {
      invoice,
      shift_id: shiftId,
      tickets: ticketCount,
      ...(context.replay === true ? { replayed_at: context.replayedAt?.toISOString() } : {}),
      discount_sen: sale.discount,
      approvers: sale.lines.flatMap((line) =>
        line.rule.discount?.approver ? [line.rule.discount.approver] : [],
      ),
    },
  });
  // The answer is built from the rows just written, not read back; only what the sale did not write is read:
  // the members of membership lines and the approvers' names, when the sale has any.
  const members = await membersById(
    trx,
    written.items.map((item) => item.member_id),
  );
  const approvers = written.items.flatMap((item) =>
    item.discount_approver_id === null ? [] : [item.discount_approver_id],
  );
  const names = new Map(
    await staffNames(trx, context.staffName === undefined ? [context.staffId, ...approvers] : approvers),
  );
  if (context.staffName !== undefined) names.set(context.staffId, context.staffName);
  const receiptWith = (invoiceId: string): Receipt => {
    const [order] = ordersFromParts(
      [written.order],
      {
        items: written.items,
        tenders: written.tenders,
        tickets,
        renewals: [],
        notes: [],
        invoiceOf: new Map([[written.orderId, invoiceId]]),
        members,
        names,
        mailOf: new Map([[written.orderId, queuedMail(mail)]]),
      },
      { timeZone },
    );
    if (order === undefined) throw new Error('The order just written is missing');
    const issued = ticketsFromParts(
      tickets,
      {
        usesOf: new Map(),
        invoiceOf: new Map([[written.orderId, invoiceId]]),
        faceOf: new Map(),
        members,
        names: new Map(),
      },
      { now, timeZone },
    );
    return { order, tickets: issued };
  };

  if (claim !== undefined) {
    const answer = JSON.stringify(receiptWith(INVOICE_ID_MARK));
    const outcome = await writeClaimedSale(
      trx,
      { ...written, tickets, mail: mailToWrite },
      {
        store,
        orderId: written.orderId,
        now,
        audit: audit(INVOICE_ID_MARK),
        shiftId,
        claim: { ...claim, body: answer },
        terminalId: context.terminalId,
        reservedIds: reserved,
      },
    );
    if (outcome.kind === 'shiftClosed') throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
    if (outcome.kind === 'notReserved') throw HttpProblem.conflict(SYNC_MESSAGES.ticketIdsNotReserved);
    if (outcome.kind === 'taken') {
      claim.taken = null;
      return undefined;
    }
    claim.stored = true;
    return JSON.parse(answer.replaceAll(INVOICE_ID_MARK, outcome.invoiceId)) as Receipt;
  }
  if (!onPostgres) {
    const invoiceId = await issueInvoice(trx, { store, orderId: written.orderId, now });
    await recordAudit(trx, audit(invoiceId));
    return receiptWith(invoiceId);
  }
  // PostgreSQL: the rows, the invoice, the audit entry and the stored answer in the last statement before the COMMIT,
  // the invoice id put in place by the statement (see saleStatements.ts).
  const { answer } = context;
  const marked =
    answer === undefined ? undefined : { ...answer, body: JSON.stringify(receiptWith(INVOICE_ID_MARK)) };
  const invoiceId = await writeSale(
    trx,
    inOneStatement ? { ...written, tickets, mail: mailToWrite } : undefined,
    {
      store,
      orderId: written.orderId,
      now,
      audit: audit(INVOICE_ID_MARK),
      answer: marked,
    },
  );
  if (answer === undefined || marked === undefined) return receiptWith(invoiceId);
  answer.stored = true;
  return JSON.parse(marked.body.replaceAll(INVOICE_ID_MARK, invoiceId)) as Receipt;
}
