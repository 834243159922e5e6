import type { Transaction } from 'kysely';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { SERVER_MESSAGES, SYNC_MESSAGES } from 'pos-sdk/messages';
import { type AuditEntry, recordAudit } from '../audit';
import type { Database, Db } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { preparedInsert } from '../db/preparedQuery';
import { HttpProblem } from '../http/HttpProblem';
import { type AnswerSlot, isTaken, type KeyTaken, type StatementClaim } from '../http/idempotency';
import { issueInvoice } from '../invoices';
import { useReservedTicketIds } from '../offline';
import { insertMailRows } from '../outbox';
import {
  INVOICE_ID_MARK,
  type SaleRows,
  shiftVersionAndKey,
  writeClaimedSale,
  writeSale,
} from './saleStatements';
import { insertOrderRows } from './writeOrder';

/**
 * A sale checked and built by `sell`, ready to write: its rows, and its audit entry and receipt, which name the
 * invoice the writer issues (the store's next number, known only once the writer issues it).
 */
export interface SaleToWrite extends SaleRows {
  store: string;
  terminalId: string;
  shiftId: string;
  orderId: string;
  now: Date;
  /** The ticket ids the terminal sent (reserved for it by offline_prepare), which the sale's tickets take. */
  reservedIds: readonly string[];
  /** The sale's audit entry, naming the invoice. */
  audit(invoiceId: string): AuditEntry;
  /** The call's answer, naming the invoice. */
  receipt(invoiceId: string): Receipt;
}

/** What a writer stored: the invoice it issued and the receipt naming it. */
export interface SoldSale {
  kind: 'sold';
  invoiceId: string;
  receipt: Receipt;
  /** Whether the receipt was stored as the call's answer with the sale (in the answer slot or claim it was given). */
  answerStored: boolean;
}

/** The terminal's open shift and the catalogue's version, read first by a sale. */
export interface OpenShift {
  kind: 'open';
  shiftId: string;
  catalogueVersion: number;
}

/**
 * Writes checked sales on one database engine; {@link saleWriterFor} picks it once per database handle. `sell` checks
 * and builds the rows the same way on every engine; only how they reach the database differs.
 */
export interface SaleWriter {
  /**
   * Writes a sale in the caller's transaction (whose shift was read in it with `openShiftAndCatalogue`): its rows,
   * the store's next invoice and the audit entry; and the receipt as the call's answer in `answer` if the writer
   * stores it with the sale (`answerStored`), so that `withIdempotency` does not store it again.
   *
   * @throws {HttpProblem} 409 when a ticket id sent is not reserved for the terminal or used by another sale.
   */
  write(trx: Transaction<Database>, sale: SaleToWrite, answer: AnswerSlot | undefined): Promise<SoldSale>;
  /** How this writer makes a keyed sale without a transaction; undefined when it makes every sale in one. */
  readonly inStatement: StatementSaleWriter | undefined;
}

/**
 * A keyed sale without BEGIN/COMMIT (`withIdempotencyInStatement`): a first statement reads the open shift, the
 * catalogue's version and the key's row ({@link StatementSaleWriter.open}); the sale is checked and built; a last
 * statement claims the key and writes the sale with its answer, or nothing ({@link StatementSaleWriter.write}).
 */
export interface StatementSaleWriter {
  /**
   * Whether a sale can be made so: nothing of it is written before its own rows (a discount approval used up, a
   * member recorded, an offline sale booked into an earlier shift). Ticket ids reserved for the terminal are checked and
   * marked used by the last statement. A sale that turns out to move tracked stock throws `NeedsTransaction` before
   * its last statement, and is made in a transaction instead.
   */
  accepts(body: CheckoutRequest, replay: boolean): boolean;
  /**
   * The terminal's open shift and the catalogue's version; or the key's row when the key is taken (nothing done).
   *
   * @throws {HttpProblem} 409 'No open shift'.
   */
  open(db: Db, terminalId: string, claim: StatementClaim): Promise<OpenShift | KeyTaken>;
  /**
   * Claims the key and writes the sale with its answer in one statement; `taken` (`row: null`) when the claim lost
   * to another call of the same key, nothing written.
   *
   * @throws {HttpProblem} 409 when the shift closed meanwhile, or a ticket id sent is not reserved for the terminal.
   */
  write(db: Db, sale: SaleToWrite, claim: StatementClaim): Promise<SoldSale | KeyTaken>;
}

/** The tickets' insert, compiled once per number of tickets (preparedInsert). */
const insertTickets = preparedInsert('tickets');

/** Tickets per insert statement: 19 values each, well under SQLite's limit of 32,766 bound values. */
const TICKETS_PER_INSERT = 1_000;

/**
 * A sale's rows, one statement per table (the tickets in a few for a very large sale), with the ticket ids reserved
 * offline that its tickets take.
 */
async function insertSaleRows(trx: Transaction<Database>, sale: SaleToWrite): Promise<void> {
  await insertOrderRows(trx, sale);
  // Ids the terminal drew from its reservation (offline_prepare): each reserved for it and not used by another sale.
  if (
    !(await useReservedTicketIds(trx, {
      terminalId: sale.terminalId,
      orderId: sale.orderId,
      ids: sale.reservedIds,
    }))
  ) {
    throw HttpProblem.conflict(SYNC_MESSAGES.ticketIdsNotReserved);
  }
  for (let start = 0; start < sale.tickets.length; start += TICKETS_PER_INSERT) {
    await insertTickets(trx, sale.tickets.slice(start, start + TICKETS_PER_INSERT));
  }
  // Same transaction: the receipt (and passes) are queued exactly when the sale commits, never for a sale rolled
  // back. The mail of a new order's event is always new, so written whole (the PostgreSQL statement fails otherwise).
  const mail = await insertMailRows(trx, sale.mail);
  if (mail.length !== sale.mail.length)
    throw new Error(`The mail of order ${sale.orderId} was queued before`);
}

/**
 * SQLite: one statement per table, then the store's next invoice (`issueInvoice`) and the audit entry naming it, as
 * late in the transaction as they can be (see `writeOrder`). A statement is a function call there, not a round trip,
 * so nothing is gained by fewer; the answer is stored by `withIdempotency` after the sale.
 */
export const sqliteSaleWriter: SaleWriter = {
  async write(trx, sale) {
    await insertSaleRows(trx, sale);
    const invoiceId = await issueInvoice(trx, { store: sale.store, orderId: sale.orderId, now: sale.now });
    await recordAudit(trx, sale.audit(invoiceId));
    return { kind: 'sold', invoiceId, receipt: sale.receipt(invoiceId), answerStored: false };
  },
  inStatement: undefined,
};

/** The receipt's JSON, written with {@link INVOICE_ID_MARK}, with the invoice id the statement issued. */
const receiptNaming = (json: string, invoiceId: string): Receipt =>
  JSON.parse(json.replaceAll(INVOICE_ID_MARK, invoiceId)) as Receipt;

/**
 * PostgreSQL: the rows, the invoice, the audit entry and the stored answer in the last statement before the COMMIT
 * (`writeSale`, see saleStatements.ts), but for ticket ids reserved offline, which are checked against their
 * reservation first with the rows in statements of their own; and a keyed sale that writes nothing before its rows in
 * one statement without BEGIN/COMMIT (`writeClaimedSale`), which checks reserved ticket ids itself.
 */
export const postgresSaleWriter: SaleWriter = {
  async write(trx, sale, answer) {
    let rows: SaleRows | undefined = sale;
    if (sale.reservedIds.length > 0) {
      await insertSaleRows(trx, sale);
      rows = undefined;
    }
    const invoice = {
      store: sale.store,
      orderId: sale.orderId,
      now: sale.now,
      audit: sale.audit(INVOICE_ID_MARK),
    };
    if (answer === undefined) {
      const invoiceId = await writeSale(trx, rows, invoice);
      return { kind: 'sold', invoiceId, receipt: sale.receipt(invoiceId), answerStored: false };
    }
    const body = JSON.stringify(sale.receipt(INVOICE_ID_MARK));
    const invoiceId = await writeSale(trx, rows, { ...invoice, answer: { ...answer, body } });
    return { kind: 'sold', invoiceId, receipt: receiptNaming(body, invoiceId), answerStored: true };
  },
  inStatement: {
    accepts: (body, replay) =>
      !replay &&
      body.items.every((item) => item.discount?.approval === undefined && item.member === undefined),
    async open(db, terminalId, claim) {
      const read = await shiftVersionAndKey(db, terminalId, claim);
      if (read.keyRow !== null && isTaken(read.keyRow, claim)) return { kind: 'taken', row: read.keyRow };
      if (read.shiftId === null) throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
      return { kind: 'open', shiftId: read.shiftId, catalogueVersion: read.catalogueVersion };
    },
    async write(db, sale, claim) {
      const body = JSON.stringify(sale.receipt(INVOICE_ID_MARK));
      const outcome = await writeClaimedSale(db, sale, {
        store: sale.store,
        orderId: sale.orderId,
        now: sale.now,
        audit: sale.audit(INVOICE_ID_MARK),
        shiftId: sale.shiftId,
        claim: { ...claim, body },
        terminalId: sale.terminalId,
        reservedIds: sale.reservedIds,
      });
      switch (outcome.kind) {
        case 'shiftClosed':
          throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
        case 'notReserved':
          throw HttpProblem.conflict(SYNC_MESSAGES.ticketIdsNotReserved);
        case 'taken':
          return { kind: 'taken', row: null };
        case 'sold':
          return {
            kind: 'sold',
            invoiceId: outcome.invoiceId,
            receipt: receiptNaming(body, outcome.invoiceId),
            answerStored: true,
          };
      }
    },
  },
};

/** The writer of sales on this database's engine. */
export function saleWriterFor(db: Db): SaleWriter {
  return isPostgres(db) ? postgresSaleWriter : sqliteSaleWriter;
}
