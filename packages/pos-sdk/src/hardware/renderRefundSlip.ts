import { formatAmount, fromRinggit } from '../money';
import { itemTitle } from '../rules/displayText';
import { REFUND_METHOD_LABELS } from '../rules/refundMessages';
import { formatVenueDateTime } from '../rules/venueDay';
import { alignEnds, fieldLine, separator, wrapText } from './lineLayout';
import type { RefundDocument } from './PrintDocument';
import {
  documentMoney,
  documentTimeZone,
  renderFooter,
  renderHeading,
  renderWhoLines,
} from './renderHeading';

/**
 * The refund slip: invoice no, the order's date and the refund's, the lines refunded (`qty x title` and their money),
 * REFUNDED (the total given back), one 'Given back by {method}' row per method, the reason, and what the order has
 * had back in all when it stays PAID (refunded in part).
 */
export function renderRefundSlip(document: RefundDocument, width: number): string[] {
  const { order, refund, header } = document;
  const timeZone = documentTimeZone(header);
  const items = order.order_details.cart.items;
  const lines = renderHeading(header, 'REFUND', width);
  lines.push(separator(width));
  lines.push(...fieldLine('Invoice No', order.invoice?._id ?? '-', width));
  lines.push(...fieldLine('Sold', formatVenueDateTime(order.date, timeZone), width));
  const at = refund?.at ?? order.refund?.at;
  if (at !== undefined) lines.push(...fieldLine('Refunded', formatVenueDateTime(at, timeZone), width));
  lines.push(...renderWhoLines(header, order, width));
  lines.push(separator(width));
  const refunded =
    refund?.items ?? items.map((item, line) => ({ line, quantity: item.quantity, amount: item.amount ?? 0 }));
  for (const line of refunded) {
    const item = items[line.line];
    if (item === undefined) continue;
    lines.push(...wrapText(itemTitle(item), width, { hangingIndent: '  ' }));
    lines.push(
      ...alignEnds(
        `${line.quantity} of ${item.quantity}`,
        formatAmount(fromRinggit(line.amount)),
        width,
        '  ',
      ),
    );
  }
  lines.push(separator(width));
  const amount = refund?.amount ?? order.total_amount;
  lines.push(...alignEnds('REFUNDED', documentMoney(header, fromRinggit(amount)), width));
  // The tax the refund gives back (an order with tax): the refund's, or the whole order's.
  const tax = refund === undefined ? order.order_details.cart.tax : refund.tax;
  if (tax !== undefined && order.order_details.cart.tax !== undefined) {
    lines.push(
      ...alignEnds(
        order.order_details.cart.prices_include_tax === false ? 'Tax refunded' : 'Incl. tax refunded',
        formatAmount(fromRinggit(tax)),
        width,
      ),
    );
  }
  for (const tender of refund?.tenders ?? []) {
    lines.push(
      ...alignEnds(
        `Given back by ${REFUND_METHOD_LABELS[tender.type]}`,
        formatAmount(fromRinggit(tender.amount)),
        width,
      ),
    );
  }
  const reason = refund?.reason ?? order.refund?.reason;
  if (reason !== undefined && reason !== '') lines.push(...fieldLine('Reason', reason, width));
  if (order.status === 'PAID' && order.refunded_amount !== undefined) {
    lines.push(
      ...fieldLine(
        'Refunded in all',
        `${formatAmount(fromRinggit(order.refunded_amount))} of ${formatAmount(fromRinggit(order.total_amount))}`,
        width,
      ),
    );
  }
  lines.push(...renderFooter(header, width));
  return lines;
}
