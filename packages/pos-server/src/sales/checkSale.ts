import type { CheckoutRequest } from 'pos-sdk/contract';
import { SALE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, type Sen, subtractSen, sumSen } from 'pos-sdk/money';
import {
  cartTotals,
  cartWithItem,
  checkCustomerEmail,
  grossAmount,
  isMembership,
  type RuleCartItem,
} from 'pos-sdk/rules';
import type { CatalogueLookup } from '../catalogue';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { checkMember } from '../members';
import { checkDiscount } from './checkDiscount';
import { type CheckedPayment, checkTenders } from './checkTenders';
import { type PricedLine, priceCartLine } from './priceCartLine';

/** A sale the server accepts: its lines at catalogue prices, totals, customer email and payment. */
export interface CheckedSale {
  lines: PricedLine[];
  numItems: number;
  /** Sum of price × quantity, before discounts. */
  gross: Sen;
  /** Sum of the discounts. */
  discount: Sen;
  /** gross − discount: the cart's subtotal, what is paid. */
  total: Sen;
  /** The customer email, '' for none. */
  email: string;
  payment: CheckedPayment;
}

/**
 * Re-checks a checkout with the server's catalogue and the same rules of pos-sdk the clients use:
 *
 * 1. each line against the catalogue (`priceCartLine`: sold, unchanged, at its price);
 * 2. the cart rules, by adding the lines one by one with `cartWithItem`: 'Membership renewal needs to be process
 *    independently.', 'Only 1 membership item is allowed in the cart!', 'Membership passes can only have quantity
 *    of 1', 'Quantity for {name} has to be at least {min_qty}' (422);
 * 3. discounts (`checkDiscount`); membership items carry a valid member (422);
 * 4. `num_items` and `subtotal` against `cartTotals` (409);
 * 5. the customer email rule (`checkCustomerEmail`, 422);
 * 6. the payment (`checkTenders`).
 *
 * Approvals are not used up here (see `consumeDiscountApprovals`).
 */
export async function checkSale(
  db: Db,
  body: CheckoutRequest,
  options: { store: string; now: Date; timeZone: string; lookup?: CatalogueLookup },
): Promise<CheckedSale> {
  const seen = new Set<string>();
  for (const [index, item] of body.items.entries()) {
    if (seen.has(`${item.type}:${item.sku}`)) {
      throw HttpProblem.invalidRequest(SALE_MESSAGES.duplicateSku(item.sku), [
        { path: `items.${index}.sku`, message: SALE_MESSAGES.duplicateSku(item.sku) },
      ]);
    }
    seen.add(`${item.type}:${item.sku}`);
  }

  const priced: PricedLine[] = [];
  for (const [index, item] of body.items.entries()) {
    priced.push(await priceCartLine(db, item, { index, ...options }));
  }

  let cart: RuleCartItem[] = [];
  for (const line of priced) {
    const added = cartWithItem(cart, line.rule);
    if (!added.ok) {
      throw HttpProblem.rule(added.message, [
        { path: `items.${line.index}.quantity`, message: added.message },
      ]);
    }
    cart = added.value ?? cart;
  }

  const lines = priced.map(checkDiscount);
  for (const line of lines) {
    if (!isMembership(line.rule)) continue;
    const member = line.request.member;
    if (member === undefined) {
      throw HttpProblem.rule(SALE_MESSAGES.memberRequired, [
        { path: `items.${line.index}.member`, message: SALE_MESSAGES.memberRequired },
      ]);
    }
    checkMember(member, { path: `items.${line.index}.member`, now: options.now, timeZone: options.timeZone });
  }

  const totals = cartTotals(lines.map((line) => line.rule));
  if (body.num_items !== totals.num_items)
    throw HttpProblem.conflict(SALE_MESSAGES.numItemsMismatch(totals.num_items));
  if (fromRinggit(body.subtotal) !== totals.subtotal) {
    throw HttpProblem.conflict(SALE_MESSAGES.subtotalMismatch(totals.subtotal));
  }

  const email = checkCustomerEmail(body.email, totals.items);
  if (email.kind === 'invalid' || email.kind === 'required') {
    throw HttpProblem.rule(email.message, [{ path: 'email', message: email.message }]);
  }

  const gross = sumSen(lines.map((line) => grossAmount(line.rule)));
  return {
    lines,
    numItems: totals.num_items,
    gross,
    discount: subtractSen(gross, totals.subtotal),
    total: totals.subtotal,
    email: email.kind === 'ok' ? email.email : '',
    payment: checkTenders(totals.subtotal, body.payment),
  };
}
