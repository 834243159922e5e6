import type { Selectable } from 'kysely';
import { fromRinggit, type Sen } from 'pos-sdk/money';
import { grossAmount, lineAmount, MERCHANDISE_CATEGORY, type OrderTax, type PriceMode } from 'pos-sdk/rules';
import type { Db, OrderItemRow, OrderRow, TendersTable } from '../db/Database';
import { preparedInsert } from '../db/preparedQuery';
import { timeOrderedId } from '../db/timeOrderedId';
import type { CheckedPayment } from './checkTenders';
import type { PricedLine } from './priceCartLine';

/** A checked sale or renewal to write. */
export interface OrderToWrite {
  kind: 'sale' | 'renewal';
  store: string;
  terminalId: string;
  shiftId: string;
  staffId: string;
  /** '' for none. */
  email: string;
  lines: readonly PricedLine[];
  /** The member of each line that has one, by line index. */
  memberIds: ReadonlyMap<number, string>;
  numItems: number;
  gross: Sen;
  discount: Sen;
  /** What the customer pays: the subtotal, with the tax when it is added on top. */
  total: Sen;
  /** The tax of the lines (`cartTax`), in line order. */
  tax: OrderTax;
  priceMode: PriceMode;
  payment: CheckedPayment;
  now: Date;
}

/**
 * A written order: its ids and the rows written, from which its answer is built without reading them back. Its
 * invoice is issued by the caller, last (see {@link writeOrder}).
 */
export interface WrittenOrder {
  orderId: string;
  /** The order item id of each line, in line order. */
  itemIds: string[];
  order: OrderRow;
  items: OrderItemRow[];
  tenders: TenderRow[];
}

/** A row of `tenders`. */
export type TenderRow = Selectable<TendersTable>;

/**
 * Writes a PAID order with its lines and tenders, in the caller's transaction, in three statements whatever the
 * number of lines and tenders (the lines and the tenders are one multi-row insert each). Tickets are issued by the
 * caller, and so is the invoice (`issueInvoice`), as late in the transaction as it can: the store's invoice counter
 * row stays locked from the number's issue to the commit (on PostgreSQL every sale of the store waits for it), so the
 * fewer statements after it, the more sales commit at once.
 */
export async function writeOrder(db: Db, order: OrderToWrite): Promise<WrittenOrder> {
  const written = orderRows(order);
  await insertOrderRows(db, written);
  return written;
}

/** Writes the rows of {@link orderRows}: the order, its lines, its tenders (three statements). */
export async function insertOrderRows(
  db: Db,
  written: { order: OrderRow; items: readonly OrderItemRow[]; tenders: readonly TenderRow[] },
): Promise<void> {
  await insertOrders(db, [written.order]);
  await insertOrderItems(db, written.items);
  await insertTenders(db, written.tenders);
}

/** The rows {@link writeOrder} writes, with new ids, without writing them. */
export function orderRows(order: OrderToWrite): WrittenOrder {
  const orderId = timeOrderedId();
  const row: OrderRow = {
    id: orderId,
    kind: order.kind,
    store: order.store,
    terminal_id: order.terminalId,
    shift_id: order.shiftId,
    staff_id: order.staffId,
    status: 'PAID',
    currency: 'MYR',
    customer_email: order.email === '' ? null : order.email,
    num_items: order.numItems,
    subtotal_sen: order.gross,
    discount_sen: order.discount,
    total_sen: order.total,
    tendered_sen: order.payment.paid,
    change_sen: order.payment.change,
    created_at: order.now.toISOString(),
    canceled_at: null,
    canceled_by: null,
    cancel_reason: null,
    refunded_at: null,
    refunded_by: null,
    refund_reason: null,
    reversed_in_shift_id: null,
    refunded_sen: 0,
    tax_sen: order.tax.total,
    prices_include_tax: order.priceMode === 'inclusive' ? 1 : 0,
  };
  const items = order.lines.map((line, position): OrderItemRow => {
    const { rule, catalogue } = line;
    const discount = rule.discount;
    const taxed = order.tax.lines[position];
    const code = taxed?.code == null ? null : catalogue.tax;
    return {
      id: timeOrderedId(),
      order_id: orderId,
      position: position + 1,
      type: rule.type,
      sku: rule.sku,
      name: rule.name,
      category: catalogue.type === 'PASS' ? catalogue.category : MERCHANDISE_CATEGORY,
      variant_group: line.group,
      quantity: rule.quantity,
      unit_price_sen: rule.price,
      amount_sen: grossAmount(rule),
      discount_type: discount?.type ?? null,
      // The discount's value (RM or percent, 2 decimals) kept exactly, as hundredths.
      discount_value_hundredths:
        discount === undefined || discount === null ? null : fromRinggit(discount.value),
      discount_sen: discount?.amount ?? 0,
      discount_approver_id: discount?.approver ?? null,
      total_sen: lineAmount(rule),
      min_qty: catalogue.type === 'PASS' ? catalogue.minQty : null,
      usage_limit: catalogue.type === 'PASS' ? catalogue.usageLimit : null,
      visit_date: line.visitDate,
      member_id: order.memberIds.get(line.index) ?? null,
      refunded_quantity: 0,
      refunded_sen: 0,
      tax_code: code?.code ?? null,
      tax_name: code?.name ?? null,
      tax_type: code?.type ?? null,
      tax_rate_bp: code === null ? 0 : (taxed?.rate_bp ?? 0),
      tax_sen: code === null ? 0 : (taxed?.tax ?? 0),
      refunded_tax_sen: 0,
    };
  });
  const tenders = order.payment.tenders.map(
    (tender, position): TenderRow => ({
      id: timeOrderedId(),
      order_id: orderId,
      position: position + 1,
      method: tender.method,
      amount_sen: tender.amount,
    }),
  );
  return { orderId, itemIds: items.map((item) => item.id), order: row, items, tenders };
}

// The inserts of a sale, compiled once per shape (preparedInsert).
const insertOrders = preparedInsert('orders');
const insertOrderItems = preparedInsert('order_items');
const insertTenders = preparedInsert('tenders');
