import { type Sen, sen, subtractSen } from 'pos-sdk/money';
import { venueDateStart } from 'pos-sdk/rules';
import type { Db } from '../db/Database';
import { formatInvoiceId } from '../invoices';
import type { ConsolidatedReceipt, ReceiptPart, ReceiptTaxType } from './consolidatedInput';

/** The instants a month of the venue's calendar starts and ends (the next month's start), `YYYY-MM`. */
export function monthRange(month: string, timeZone: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  const start = venueDateStart(`${month}-01`, timeZone);
  const end = venueDateStart(`${next}-01`, timeZone);
  if (start === undefined || end === undefined) throw new Error(`Not a month: ${month}`);
  return { start, end };
}

/**
 * The receipts a store's month consolidates: every PAID or REFUNDED order sold in the month (the venue's calendar)
 * that has a receipt number and no e-invoice of its own, each line netted of what its refunds gave back so far,
 * amounts excluding tax (with tax-inclusive prices: the line's total less its tax). With `orderIds`, those orders
 * instead of the month's (the receipts a consolidated document holds, built again).
 */
export async function readMonthReceipts(
  db: Db,
  options: { store: string; month: string; timeZone: string; orderIds?: readonly string[] },
): Promise<ConsolidatedReceipt[]> {
  const { start, end } = monthRange(options.month, options.timeZone);
  if (options.orderIds?.length === 0) return [];
  let query = db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.order_id', 'orders.id')
    .select(['orders.id', 'orders.prices_include_tax', 'invoices.number'])
    .where('orders.store', '=', options.store)
    .where('orders.status', 'in', ['PAID', 'REFUNDED'])
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
    .orderBy('invoices.number');
  // The receipts a document holds are its own, whenever they are dated now; else the month's.
  query =
    options.orderIds === undefined
      ? query
          .where('orders.created_at', '>=', start.toISOString())
          .where('orders.created_at', '<', end.toISOString())
      : query.where('orders.id', 'in', [...options.orderIds]);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .select([
      'order_id',
      'total_sen',
      'tax_type',
      'tax_name',
      'tax_rate_bp',
      'tax_sen',
      'refunded_sen',
      'refunded_tax_sen',
    ])
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const byOrder = new Map<string, ReceiptPart[]>();
  const inclusive = new Map(orders.map((order) => [order.id, Number(order.prices_include_tax) === 1]));
  for (const item of items) {
    const tax = sen(Number(item.tax_sen));
    // What the customer paid for the line: with tax added on top, its total plus its tax.
    const paid: Sen =
      inclusive.get(item.order_id) === true ? sen(Number(item.total_sen)) : sen(Number(item.total_sen) + tax);
    const netPaid = subtractSen(paid, sen(Number(item.refunded_sen)));
    const netTax = subtractSen(tax, sen(Number(item.refunded_tax_sen)));
    const type = (item.tax_type ?? '06') as ReceiptTaxType;
    const parts = byOrder.get(item.order_id) ?? [];
    parts.push({
      taxType: type,
      taxRateBp: item.tax_type === null ? 0 : Number(item.tax_rate_bp),
      taxName: item.tax_name,
      excludingTax: subtractSen(netPaid, netTax),
      tax: netTax,
    });
    byOrder.set(item.order_id, parts);
  }
  return orders.map((order) => ({
    orderId: order.id,
    number: Number(order.number),
    receipt: formatInvoiceId(options.store, Number(order.number)),
    parts: byOrder.get(order.id) ?? [],
  }));
}
