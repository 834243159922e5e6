import type { Transaction } from 'kysely';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { SERVER_MESSAGES, SYNC_MESSAGES } from 'pos-sdk/messages';
import { isMembership } from 'pos-sdk/rules';
import type { AuditEntry } from '../audit';
import type { CatalogueCache } from '../catalogue';
import type { Database, Db, TicketRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import { HttpProblem } from '../http/HttpProblem';
import type { AnswerSlot, KeyTaken, StatementClaim } from '../http/idempotency';
import { type MemberRow, membersById, upsertMember } from '../members';
import { ordersFromParts } from '../orders';
import { mailRows, queuedMail, saleMailKinds } from '../outbox';
import { lockIfClosed, refreshExpectedTakings } from '../shifts';
import { staffNames } from '../staff';
import { takeStockForSale } from '../stock';
import { ticketsFromParts, ticketsToIssue } from '../tickets';
import { consumeDiscountApprovals } from './checkDiscount';
import { type CheckedSale, checkSale } from './checkSale';
import type { PricedLine } from './priceCartLine';
import type { SaleToWrite, SaleWriter, SoldSale, StatementSaleWriter } from './saleWriter';
import { orderRows } from './writeOrder';

/**
 * Thrown by {@link sell} on the one-statement path for a sale with tracked merchandise, before anything is written:
 * `sellOnce` makes the sale again in a transaction, where its stock moves with it.
 */
export class NeedsTransaction extends Error {
  constructor() {
    super('the sale moves stock: it is made in a transaction');
    this.name = 'NeedsTransaction';
  }
}

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
 * Sells a cart (POST /v1/checkout) inside the caller's transaction: the terminal needs an open shift (409 'No open
 * shift'); the cart is checked and its rows built ({@link sell}); then `writer` writes the order, its invoice, lines,
 * tenders and one ticket per pass unit, with the audit entry, and the receipt as the call's answer in `answer` when it
 * stores it with the sale.
 *
 * @returns what the writer stored: the invoice and the receipt (the order, whose lines carry `ticket: [ids]`, and the
 *   tickets issued).
 */
export async function checkout(
  trx: Transaction<Database>,
  body: CheckoutRequest,
  context: SaleContext,
  writer: SaleWriter,
  answer?: AnswerSlot,
): Promise<SoldSale> {
  checkOrigin(body, context.store);
  const { shiftId, catalogueVersion } = await openShiftAndCatalogue(
    trx,
    context.terminalId,
    context.replay === true ? context.now : undefined,
  );
  // A replayed sale booked into a shift closed since changes what its drawer should have held: its end-of-shift
  // figures kept for the sales summary are added up again, with this sale.
  const isIntoClosedShift = context.replay === true && (await lockIfClosed(trx, shiftId));
  const sold = await writer.write(trx, await sell(trx, body, context, { shiftId, catalogueVersion }), answer);
  if (isIntoClosedShift) await refreshExpectedTakings(trx, shiftId);
  return sold;
}

/**
 * {@link checkout} of a keyed sale without BEGIN/COMMIT, for a sale `writer.accepts`: the writer's first statement
 * reads the open shift, the catalogue's version and the key's row; the sale is checked and built; the writer's last
 * statement claims the key and writes the sale with its answer, or nothing. Run by `withIdempotencyInStatement`.
 *
 * @returns what the writer stored, or `taken` when the key was found taken (nothing written).
 * @throws {HttpProblem} as {@link checkout}.
 */
export async function checkoutInStatement(
  db: Db,
  body: CheckoutRequest,
  context: SaleContext,
  writer: StatementSaleWriter,
  claim: StatementClaim,
): Promise<SoldSale | KeyTaken> {
  checkOrigin(body, context.store);
  const opened = await writer.open(db, context.terminalId, claim);
  if (opened.kind === 'taken') return opened;
  return writer.write(db, await sell(db, body, context, opened), claim);
}

/** @throws {HttpProblem} 400 for a sale of another store than the server's. */
function checkOrigin(body: CheckoutRequest, store: string): void {
  if (body.origin !== store) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.unknownStore(body.origin), [
      { path: 'origin', message: SERVER_MESSAGES.unknownStore(body.origin) },
    ]);
  }
}

/**
 * Checks a cart and builds the sale's rows, after the reads (and the writes before the rows) it needs: the cart is
 * re-checked with the catalogue and the rules (`checkSale`), discount approvals are used up, the members of
 * membership lines recorded, and the names the receipt shows read (the members and the approvers; the seller's
 * too unless `context.staffName` has it). The rows themselves are built without the database ({@link buildSale}).
 */
export async function sell(
  handle: Db,
  body: CheckoutRequest,
  context: SaleContext,
  { shiftId, catalogueVersion }: { shiftId: string; catalogueVersion: number },
): Promise<SaleToWrite> {
  const { now, timeZone, store } = context;
  const sale = await checkSale(handle, body, {
    store,
    now,
    timeZone,
    ...(context.catalogue === undefined ? {} : { lookup: context.catalogue.lookup(catalogueVersion) }),
  });
  await consumeDiscountApprovals(handle, sale.lines, {
    staffId: context.staffId,
    terminalId: context.terminalId,
    now,
  });
  const memberIds = new Map<number, string>();
  for (const line of sale.lines) {
    if (isMembership(line.rule) && line.request.member !== undefined) {
      memberIds.set(line.index, await upsertMember(handle, line.request.member, now));
    }
  }
  // The answer is built from the rows the sale writes, not read back; only what the sale does not write is read:
  // the members of membership lines and the approvers' names, when the sale has any.
  const members = await membersById(handle, memberIds.values());
  const approvers = sale.lines.flatMap((line) =>
    line.rule.discount?.approver ? [line.rule.discount.approver] : [],
  );
  const names = new Map(
    await staffNames(handle, context.staffName === undefined ? [context.staffId, ...approvers] : approvers),
  );
  if (context.staffName !== undefined) names.set(context.staffId, context.staffName);
  const built = buildSale(sale, context, { shiftId, memberIds, members, names, approvers });
  // Tracked merchandise off the shelf in the sale's transaction: a refusal for stock rolls the whole sale back.
  const merchandise = sale.lines.flatMap((line) =>
    line.catalogue.type === 'MERCHANDISE' && line.catalogue.tracked
      ? [{ sku: line.catalogue.sku, name: line.catalogue.name, quantity: line.rule.quantity }]
      : [],
  );
  if (merchandise.length > 0) {
    // The one-statement path writes nothing before its last statement: such a sale is made in a transaction instead.
    if (!handle.isTransaction) throw new NeedsTransaction();
    await takeStockForSale(handle, {
      store,
      orderId: built.orderId,
      lines: merchandise,
      replay: context.replay === true,
      actor: { staffId: context.staffId, terminalId: context.terminalId, now },
    });
  }
  return built;
}

/** The rows of a checked sale, and its audit entry and receipt for the invoice the writer issues. */
function buildSale(
  sale: CheckedSale,
  context: SaleContext,
  read: {
    shiftId: string;
    memberIds: ReadonlyMap<number, string>;
    members: ReadonlyMap<string, MemberRow>;
    names: ReadonlyMap<string, string>;
    approvers: readonly string[];
  },
): SaleToWrite {
  const { now, timeZone, store, terminalId, staffId } = context;
  const { shiftId, memberIds, members, names } = read;
  const written = orderRows({
    kind: 'sale',
    store,
    terminalId,
    shiftId,
    staffId,
    email: sale.email,
    lines: sale.lines,
    memberIds,
    numItems: sale.numItems,
    gross: sale.gross,
    discount: sale.discount,
    total: sale.total,
    tax: sale.tax,
    priceMode: sale.priceMode,
    payment: sale.payment,
    now,
  });
  const { orderId } = written;

  const tickets: TicketRow[] = [];
  const reservedIds: string[] = [];
  for (const [position, line] of sale.lines.entries()) {
    const { catalogue } = line;
    if (catalogue.type !== 'PASS' || line.visitDate === null) continue;
    const issued = ticketsToIssue({
      orderId,
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
    reservedIds.push(...(line.request.ticket ?? []));
  }
  // Written in the sale's transaction or statement: the receipt (and passes) are queued exactly when the sale
  // commits.
  const mail = mailRows({
    eventKey: `sale:${orderId}`,
    kinds: saleMailKinds(tickets.length),
    orderId,
    to: sale.email,
    now,
  });

  return {
    store,
    terminalId,
    shiftId,
    orderId,
    now,
    order: written.order,
    items: written.items,
    tenders: written.tenders,
    tickets,
    mail,
    reservedIds,
    audit: (invoice: string): AuditEntry => ({
      action: 'order.paid',
      staffId,
      terminalId,
      at: now,
      subject: { type: 'order', id: orderId },
      amount: sale.total,
      details: {
        invoice,
        shift_id: shiftId,
        tickets: tickets.length,
        ...(context.replay === true ? { replayed_at: context.replayedAt?.toISOString() } : {}),
        discount_sen: sale.discount,
        approvers: read.approvers,
      },
    }),
    receipt: (invoiceId: string): Receipt => {
      const invoiceOf = new Map([[orderId, invoiceId]]);
      const [order] = ordersFromParts(
        [written.order],
        {
          items: written.items,
          tenders: written.tenders,
          tickets,
          renewals: [],
          notes: [],
          invoiceOf,
          members,
          names,
          mailOf: new Map([[orderId, queuedMail(mail)]]),
        },
        { timeZone },
      );
      if (order === undefined) throw new Error('The order just written is missing');
      const issued = ticketsFromParts(
        tickets,
        { usesOf: new Map(), invoiceOf, faceOf: new Map(), members, names: new Map() },
        { now, timeZone },
      );
      return { order, tickets: issued };
    },
  };
}
