import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { fromRinggit } from 'pos-sdk/money';
import { checkEinvoiceBuyer } from 'pos-sdk/rules';
import type { Database } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { INDIVIDUAL_EINVOICE_ABOVE_SEN, queueSaleEinvoice, type SaleBuyer } from './individualEinvoice';
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
