import type { CheckoutRequest, Order, PassProduct, Receipt, Ticket } from '../contract';
import { addSen, fromRinggit, multiplySen, type Sen, sen, subtractSen, sumSen, toRinggit } from '../money';
import { passValidity } from '../rules/passValidity';
import type { RuleTaxCode } from '../rules/tax';
import { deriveTicketStatus } from '../rules/ticketStatus';
import { venueDate } from '../rules/venueDay';

/** Who and where a sale made offline was made, for its receipt. */
export interface OfflineSaleContext {
  /** The sale's idempotency key: the receipt's order id until it syncs. */
  readonly key: string;
  readonly terminal: string;
  readonly staff: string;
  readonly timeZone: string;
  /** The catalogue the terminal sells from (a pass's `shareable` flag and a membership's `entries_per_day`). */
  readonly passes: readonly PassProduct[];
  /** The venue's tax codes (their names and types for the receipt's tax per code); none: no tax. */
  readonly taxCodes?: readonly RuleTaxCode[];
  /** Whether the venue's prices hold their tax (default true). */
  readonly pricesIncludeTax?: boolean;
}

/**
 * The order's tax fields of a sale's body, as the server will book them: the lines' tax (the terminal computed it
 * with the same rule), per code with its base, and the total; nothing when no line is taxed.
 */
function taxFieldsOf(
  body: CheckoutRequest,
  sale: OfflineSaleContext,
): Pick<Order['order_details']['cart'], 'tax' | 'taxes' | 'prices_include_tax'> {
  const taxed = body.items.filter((item) => item.tax !== undefined);
  if (taxed.length === 0) return {};
  const included = sale.pricesIncludeTax !== false;
  const codes = new Map((sale.taxCodes ?? []).map((code) => [code.code, code]));
  const byCode = new Map<string, { rate_bp: number; base: Sen; tax: Sen }>();
  for (const item of taxed) {
    if (item.tax === undefined) continue;
    const amount = subtractSen(
      multiplySen(fromRinggit(item.price.value), item.quantity),
      fromRinggit(item.discount?.amount ?? 0),
    );
    const tax = fromRinggit(item.tax.amount);
    const seen = byCode.get(item.tax.code) ?? { rate_bp: item.tax.rate_bp, base: sen(0), tax: sen(0) };
    byCode.set(item.tax.code, {
      rate_bp: seen.rate_bp,
      base: addSen(seen.base, included ? subtractSen(amount, tax) : amount),
      tax: addSen(seen.tax, tax),
    });
  }
  return {
    tax: toRinggit(sumSen([...byCode.values()].map((code) => code.tax))),
    taxes: [...byCode.entries()].map(([code, sums]) => ({
      code,
      name: codes.get(code)?.name ?? code,
      type: codes.get(code)?.type ?? '06',
      rate_bp: sums.rate_bp,
      base: toRinggit(sums.base),
      tax: toRinggit(sums.tax),
    })),
    prices_include_tax: included,
  };
}

/**
 * The receipt of a sale made while the server cannot be reached (docs/offline.md): the order as the server will
 * book it (same lines, amounts, tenders and ticket ids, which the terminal drew from its reservation) marked
 * `pending_sync`, without an invoice number yet, and one Active ticket per pass unit valid as the server will
 * issue it (`passValidity`), so passes work at the gate at once. The body carries `sold_at` and the ticket ids.
 */
export function offlineReceipt(body: CheckoutRequest, sale: OfflineSaleContext): Receipt {
  const soldAt = body.sold_at ?? new Date().toISOString();
  const taxFields = taxFieldsOf(body, sale);
  // With tax added on top the customer paid the subtotal and the tax.
  const total =
    taxFields.prices_include_tax === false && taxFields.tax !== undefined
      ? toRinggit(addSen(fromRinggit(body.subtotal), fromRinggit(taxFields.tax)))
      : body.subtotal;
  const variants = new Map(
    sale.passes.flatMap((pass) => pass.variants.map((variant) => [variant.sku, variant])),
  );
  const tickets: Ticket[] = [];
  const items = body.items.map((item) => {
    const amount = toRinggit(multiplySen(fromRinggit(item.price.value), item.quantity));
    if (item.type !== 'PASS' || item.visit_date === undefined || item.duration === undefined) {
      return { ...item, amount };
    }
    const visitDay = venueDate(item.visit_date, sale.timeZone);
    const { validFrom, expiresAt } = passValidity(visitDay, item.duration, sale.timeZone);
    for (const id of item.ticket ?? []) {
      const ticket: Ticket = {
        _id: id,
        date: validFrom.toISOString(),
        expiry: expiresAt.toISOString(),
        status: 'Valid',
        used: [],
        order: { _id: sale.key, invoice: null },
        allow_redeem: true,
        pass: {
          name: item.name,
          sku: item.sku,
          visit_date: validFrom.toISOString(),
          usage_limit: item.usage_limit ?? 1,
          shareable: variants.get(item.sku)?.shareable === true,
          quantity: 1,
          entries_per_day: variants.get(item.sku)?.entries_per_day ?? 1,
        },
        member: null,
      };
      tickets.push({ ...ticket, display_status: deriveTicketStatus(ticket, soldAt, sale.timeZone) });
    }
    return { ...item, amount };
  });
  return {
    order: {
      _id: sale.key,
      date: soldAt,
      status: 'PAID',
      total_amount: total,
      currency: 'MYR',
      origin: body.origin,
      terminal: sale.terminal,
      staff: sale.staff,
      invoice: null,
      order_details: {
        customer: { email: body.email },
        cart: { items, subtotal: body.subtotal, discount: 0, ...taxFields },
      },
      payment: body.payment,
      tickets: tickets.map((ticket) => ticket._id),
      notes: [],
      pending_sync: true,
    },
    tickets,
  };
}
