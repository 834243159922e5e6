import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { fromRinggit } from 'pos-sdk/money';
import { checkEinvoiceBuyer } from 'pos-sdk/rules';
import type { Clock } from '../clock';
import type { Database } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import {
  INDIVIDUAL_EINVOICE_ABOVE_SEN,
  keepBuyer,
  keptBuyer,
  queueSaleEinvoice,
  type SaleBuyer,
} from './individualEinvoice';
import type { SigningCredentials } from './signingCredentials';

/**
 * The buyer a checkout names (`body.buyer`), checked before the sale is made: each problem in words, 400, and
 * nothing sold. Its email defaults to the sale's customer email. Undefined without one (the general public).
 *
 * @throws HttpProblem 400 naming every wrong field (`buyer.<field>`).
 */
export function checkoutBuyer(body: CheckoutRequest): SaleBuyer | undefined {
  if (body.buyer === undefined) return undefined;
  const checked = checkEinvoiceBuyer(
    { ...body.buyer, email: body.buyer.email || body.email },
    { emailRequired: false },
  );
  if (!checked.ok) {
    const issues = checked.issues.map((issue) => ({ ...issue, path: `buyer.${issue.path}` }));
    throw HttpProblem.invalidRequest(
      `The e-invoice buyer is not valid: ${checked.issues.map((issue) => issue.message).join('; ')}`,
      issues,
    );
  }
  return checked.buyer;
}

/** {@link checkoutBuyer}, or none when it is wrong: for a sale made offline and replayed, which must be booked. */
export function checkoutBuyerOrNone(body: CheckoutRequest): SaleBuyer | undefined {
  try {
    return checkoutBuyer(body);
  } catch {
    return undefined;
  }
}

/**
 * After a sale above RM 10,000 ({@link INDIVIDUAL_EINVOICE_ABOVE_SEN}), which LHDN does not let into a consolidated
 * e-invoice: queues its own e-invoice, to the buyer the cashier gave or to the general public (LHDN's guideline
 * allows it), when e-invoicing is on. The sale is made already and stands whatever happens here: a venue identity
 * still incomplete is logged, and the manager can see the sale has no e-invoice (`pos einvoice list`). A retried
 * checkout queues nothing more (one document per order).
 *
 * @returns whether a document was queued (or was there already).
 */
export async function queueLargeSale(
  db: Kysely<Database>,
  receipt: Receipt,
  options: {
    store: string;
    buyer: SaleBuyer | undefined;
    timeZone: string;
    now: Date;
    signing: () => SigningCredentials | undefined;
    logger?: FastifyBaseLogger;
    /** The seller, for the audit entry. */
    staffId?: string;
    terminalId?: string;
  },
): Promise<boolean> {
  const { order } = receipt;
  if (fromRinggit(order.total_amount) <= INDIVIDUAL_EINVOICE_ABOVE_SEN || !order.invoice) return false;
  try {
    // The buyer is kept first: should the e-invoice not be queued now, `createLargeSaleChore` queues it later to them.
    if (options.buyer !== undefined) {
      await keepBuyer(db, {
        store: options.store,
        orderId: order._id,
        buyer: options.buyer,
        now: options.now,
      });
    }
    await queueSaleEinvoice(db, {
      store: options.store,
      orderId: order._id,
      buyer: options.buyer ?? 'generalPublic',
      source: 'checkout',
      timeZone: options.timeZone,
      now: options.now,
      signing: options.signing(),
      ...(options.staffId === undefined ? {} : { staffId: options.staffId }),
      ...(options.terminalId === undefined ? {} : { terminalId: options.terminalId }),
    });
    return true;
  } catch (error) {
    options.logger?.error(
      { err: error, order: order._id },
      'the e-invoice of a sale above RM 10,000 was not queued',
    );
    return false;
  }
}

/** How far back {@link createLargeSaleChore} looks for a sale above RM 10,000 without its e-invoice: 62 days. */
const MISSED_SALES_WINDOW_MS = 62 * 24 * 60 * 60_000;

/**
 * The sales above RM 10,000 of the last two months whose own e-invoice was not queued at checkout (the venue's
 * identity was incomplete then, or the server stopped between the sale and its e-invoice), that no consolidated
 * e-invoice holds: each is queued now, to the buyer kept at checkout or the general public.
 *
 * @returns how many were queued.
 */
export async function queueMissedLargeSales(
  db: Kysely<Database>,
  options: { store: string; timeZone: string; now: Date; signing: SigningCredentials },
): Promise<number> {
  const since = new Date(options.now.getTime() - MISSED_SALES_WINDOW_MS).toISOString();
  const missed = await db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.store', '=', options.store)
    .where('orders.status', '=', 'PAID')
    .where('orders.total_sen', '>', INDIVIDUAL_EINVOICE_ABOVE_SEN)
    .where('orders.created_at', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('einvoice_documents')
            .select('einvoice_documents.id')
            .whereRef('einvoice_documents.order_id', '=', 'orders.id')
            .where('einvoice_documents.type_code', '=', '01'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('einvoice_document_orders')
            .select('einvoice_document_orders.order_id')
            .whereRef('einvoice_document_orders.order_id', '=', 'orders.id'),
        ),
      ),
    )
    .orderBy('orders.created_at')
    .limit(20)
    .execute();
  let queued = 0;
  for (const { id } of missed) {
    await queueSaleEinvoice(db, {
      store: options.store,
      orderId: id,
      buyer: await keptBuyer(db, id),
      source: 'checkout',
      timeZone: options.timeZone,
      now: options.now,
      signing: options.signing,
    });
    queued += 1;
  }
  return queued;
}

/**
 * The sender's chore for {@link queueMissedLargeSales}, at most once a minute: run at the start of a round, before the
 * month's end is looked at, so that a sale above RM 10,000 gets its own e-invoice rather than going into the month's
 * consolidated one. A failure (the identity still incomplete) is logged, at most hourly, and tried again.
 */
export function createLargeSaleChore(options: {
  db: Kysely<Database>;
  store: string;
  timeZone: () => Promise<string>;
  signing: SigningCredentials;
  clock: Clock;
  logger?: FastifyBaseLogger;
}): () => Promise<void> {
  let nextRun = 0;
  let nextWarning = 0;
  return async () => {
    const now = options.clock();
    if (now.getTime() < nextRun) return;
    nextRun = now.getTime() + 60_000;
    try {
      const queued = await queueMissedLargeSales(options.db, {
        store: options.store,
        timeZone: await options.timeZone(),
        now,
        signing: options.signing,
      });
      if (queued > 0) options.logger?.info({ queued }, 'e-invoices of sales above RM 10,000 queued');
    } catch (error) {
      if (now.getTime() >= nextWarning) {
        nextWarning = now.getTime() + 60 * 60_000;
        options.logger?.warn({ err: error }, 'the e-invoice of a sale above RM 10,000 is not queued yet');
      }
    }
  };
}
