import type { CheckoutRequest, PassProduct, Receipt, Ticket } from '../contract';
import { fromRinggit, multiplySen, toRinggit } from '../money';
import { passValidity } from '../rules/passValidity';
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
}

/**
 * The receipt of a sale made while the server cannot be reached (docs/offline.md): the order as the server will
 * book it (same lines, amounts, tenders and ticket ids, which the terminal drew from its reservation) marked
 * `pending_sync`, without an invoice number yet, and one Active ticket per pass unit valid as the server will
 * issue it (`passValidity`), so passes work at the gate at once. The body carries `sold_at` and the ticket ids.
 */
export function offlineReceipt(body: CheckoutRequest, sale: OfflineSaleContext): Receipt {
  const soldAt = body.sold_at ?? new Date().toISOString();
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
      total_amount: body.subtotal,
      currency: 'MYR',
      origin: body.origin,
      terminal: sale.terminal,
      staff: sale.staff,
      invoice: null,
      order_details: {
        customer: { email: body.email },
        cart: { items, subtotal: body.subtotal, discount: 0 },
      },
      payment: body.payment,
      tickets: tickets.map((ticket) => ticket._id),
      notes: [],
      pending_sync: true,
    },
    tickets,
  };
}
