import type { CheckoutRequest } from 'pos-sdk/contract';
import { SALE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, type Sen, sen, subtractSen, sumSen, toRinggit } from 'pos-sdk/money';
import {
  cartTax,
  cartTotals,
  cartWithItem,
  checkCustomerEmail,
  grossAmount,
  isMembership,
  type OrderTax,
  type PriceMode,
  priceModeOf,
  type RuleCartItem,
  type RuleTaxCode,
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
  /** gross − discount: the cart's subtotal. */
  subtotal: Sen;
  /** What the customer pays: the subtotal, and the tax when it is added on top. */
  total: Sen;
  /** The sale's tax, per line and per code, at the codes' rates now. */
  tax: OrderTax;
  /** How the venue's prices read now: with their tax (`inclusive`) or without (`exclusive`). */
  priceMode: PriceMode;
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
 * 5. the tax (`cartTax` of pos-sdk, at each variant's code now): a line's `tax` or the cart's `tax` that was sent
 *    and differs (409 with both figures);
 * 6. the customer email rule (`checkCustomerEmail`, 422);
 * 7. the payment (`checkTenders`) against what the customer pays: the subtotal, plus the tax when it is added on top.
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

  const { tax, priceMode } = checkTax(body, lines);

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
    subtotal: totals.subtotal,
    total: tax.amountToPay,
    tax,
    priceMode,
    email: email.kind === 'ok' ? email.email : '',
    payment: checkTenders(tax.amountToPay, body.payment),
  };
}

/** The codes the lines' variants have now, once each, as the tax rules read them. */
function codesOf(lines: readonly PricedLine[]): RuleTaxCode[] {
  const codes = new Map<string, RuleTaxCode>();
  for (const { catalogue } of lines) {
    if (catalogue.tax === null) continue;
    const { code, name, type, rateBp } = catalogue.tax;
    codes.set(code, { code, name, type, rate_bp: rateBp });
  }
  return [...codes.values()];
}

/**
 * The sale's tax at each variant's code and rate now (`cartTax`), checked against what the terminal sent: a line's
 * `tax` (its code, rate and amount) and the cart's `tax`, each when sent. A terminal that disagrees gets 409 with the
 * server's figure and its own, and its cart is kept: it reloads the catalogue and the venue's codes, and sells again.
 * The price mode is the venue's now (read with the catalogue entries, so a change of it is a catalogue change).
 */
export function checkTax(
  body: Pick<CheckoutRequest, 'items' | 'tax'>,
  lines: readonly PricedLine[],
): { tax: OrderTax; priceMode: PriceMode } {
  const priceMode = priceModeOf(lines[0]?.catalogue.pricesIncludeTax);
  const tax = cartTax(
    lines.map((line) => ({ ...line.rule, tax_code: line.catalogue.tax?.code ?? null })),
    codesOf(lines),
    priceMode,
  );
  for (const [position, line] of lines.entries()) {
    const sent = line.request.tax;
    if (sent === undefined) continue;
    const server = tax.lines[position];
    const serverTax = server?.tax ?? sen(0);
    const sentTax = fromRinggit(sent.amount);
    if (server?.code !== sent.code || server.rate_bp !== sent.rate_bp || serverTax !== sentTax) {
      const message = SALE_MESSAGES.taxChanged(line.request.sku, serverTax, sentTax);
      throw HttpProblem.conflict(message, {
        path: `items.${line.index}.tax`,
        sku: line.request.sku,
        server: { code: server?.code ?? null, rate_bp: server?.rate_bp ?? 0, amount: toRinggit(serverTax) },
        sent,
      });
    }
  }
  if (body.tax !== undefined && fromRinggit(body.tax) !== tax.total) {
    throw HttpProblem.conflict(SALE_MESSAGES.taxMismatch(tax.total, fromRinggit(body.tax)), {
      server: toRinggit(tax.total),
      sent: body.tax,
    });
  }
  return { tax, priceMode };
}
