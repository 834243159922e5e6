import { EXPORT_CSV_COLUMNS, type Order, type PaymentType } from 'pos-sdk/contract';
import { formatAmount, fromRinggit, type Sen, subtractSen, sumSen } from 'pos-sdk/money';
import { formatVenueDateTime, itemTitle } from 'pos-sdk/rules';
import { isTaxCollected } from './orderCsvFormatter';

/** One CSV column of the export. */
export type ExportColumn = (typeof EXPORT_CSV_COLUMNS)[number];

const amount = (ringgit: number): string => formatAmount(fromRinggit(ringgit));

const tendered = (order: Order, type: PaymentType): string =>
  formatAmount(
    sumSen(
      order.payment.methods
        .filter((method) => method.type === type)
        .map((method) => fromRinggit(method.amount)),
    ),
  );

/** `2 x Day Pass - Adult; 1 x Grip Socks - M`. */
const itemsOf = (order: Order): string =>
  order.order_details.cart.items.map((item) => `${item.quantity} x ${itemTitle(item)}`).join('; ');

/** An order's tax per code less what its refunds gave back of it, in sen (its lines' `tax` and `refunded_tax`). */
function taxByCode(order: Order): Map<string, Sen> {
  const byCode = new Map<string, Sen>();
  for (const item of order.order_details.cart.items) {
    if (item.tax === undefined) continue;
    const left = subtractSen(fromRinggit(item.tax.amount), fromRinggit(item.refunded_tax ?? 0));
    byCode.set(item.tax.code, sumSen([byCode.get(item.tax.code) ?? fromRinggit(0), left]));
  }
  return byCode;
}

/**
 * An order as the export's CSV cells, in `EXPORT_CSV_COLUMNS` order: the date in the venue's time zone
 * (DD-MM-YYYY HH:mm:ss, as the orders screen), amounts as `49.00`, `subtotal` before discounts so that
 * subtotal − discount = total_amount, the tenders per method (cash, card, e-wallet), and last the money refunded so
 * far (`refunded`: refunds by line leave an order PAID; a whole refund gives the order's total). With `taxCodes`
 * (the period's, sorted), then a cell per code, `tax_<code>`: the tax of its lines of that code less what refunds gave
 * back of it (0.00 for a canceled order, whose tax all went back), and `tax`, their sum.
 *
 * The definition of the columns from a contract Order. The export itself writes the same text from rows read for
 * it (`orderCsvFormatter`), without building Orders; the test `exportCsvParity` holds the two to the same bytes.
 */
export function orderCsvRow(order: Order, timeZone: string, taxCodes: readonly string[] = []): string[] {
  const cells: Record<ExportColumn, string> = {
    date: formatVenueDateTime(order.date, timeZone),
    invoice: order.invoice?._id ?? '',
    order_id: order._id,
    status: order.status,
    customer_email: order.order_details.customer.email,
    items: itemsOf(order),
    num_items: String(order.order_details.cart.items.reduce((count, item) => count + item.quantity, 0)),
    subtotal: amount(order.order_details.cart.subtotal),
    discount: amount(order.order_details.cart.discount ?? 0),
    total_amount: amount(order.total_amount),
    cash: tendered(order, 'CASH'),
    card: tendered(order, 'CREDIT CARD'),
    ewallet: tendered(order, 'E-WALLET'),
    change: amount(order.payment.change),
    staff: order.staff ?? '',
    terminal: order.terminal ?? '',
    refunded: amount(order.refunded_amount ?? 0),
  };
  const row = EXPORT_CSV_COLUMNS.map((column) => cells[column]);
  if (taxCodes.length === 0) return row;
  const isCollected = isTaxCollected(order.status, fromRinggit(order.refunded_amount ?? 0));
  const taxOf = taxByCode(order);
  const taxes = taxCodes.map((code) => (isCollected ? (taxOf.get(code) ?? fromRinggit(0)) : fromRinggit(0)));
  return [...row, ...taxes.map(formatAmount), formatAmount(sumSen(taxes))];
}
