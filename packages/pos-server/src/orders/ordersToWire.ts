import type { CartItem, Order, OrderMail, OrderTaxByCode } from 'pos-sdk/contract';
import { sen, toRinggit } from 'pos-sdk/money';
import { MERCHANDISE_CATEGORY, startOfVenueDate } from 'pos-sdk/rules';
import type { Db, OrderItemRow, OrderRow, TenderMethod } from '../db/Database';
import { groupBy } from '../db/groupBy';
import { invoiceIdsByOrder } from '../invoices';
import { type MemberRow, membersById, phoneOf } from '../members';
import { mailOfOrders } from '../outbox';
import { staffNames } from '../staff';

const ringgit = (amount: number): number => toRinggit(sen(amount));

/** Everything an order's wire shape is built from besides its row (see {@link ordersFromParts}). */
export interface OrderParts {
  /** The lines, by order then position. */
  items: readonly OrderItemRow[];
  /** The tenders, by order then position. */
  tenders: readonly { order_id: string; method: TenderMethod; amount_sen: number }[];
  /** The tickets issued, by order, line position, then issue order. */
  tickets: readonly { id: string; order_id: string; order_item_id: string }[];
  /** The membership ticket a renewal extended. */
  renewals: readonly { order_id: string; ticket_id: string }[];
  /** Notes, oldest first. */
  notes: readonly { order_id: string; text: string; staff_id: string; at: string }[];
  invoiceOf: ReadonlyMap<string, string>;
  /** The members of the lines that have one, by member id. */
  members: ReadonlyMap<string, MemberRow>;
  /** Display names of the staff named (sellers, approvers, note authors, refunders), by id. */
  names: ReadonlyMap<string, string>;
  /** The emails of each order (`outbox/orderMail`). */
  mailOf: ReadonlyMap<string, OrderMail[]>;
  /** Refunds by line (migration 0020), oldest first; absent where none can be (a checkout's answer). */
  refunds?: readonly {
    id: string;
    order_id: string;
    at: string;
    staff_id: string;
    reason: string;
    amount_sen: number;
    tax_sen: number;
  }[];
  /** The lines of those refunds. */
  refundLines?: readonly {
    refund_id: string;
    order_item_id: string;
    quantity: number;
    amount_sen: number;
    tax_sen: number;
  }[];
  /** The methods of those refunds, in order. */
  refundTenders?: readonly { refund_id: string; method: TenderMethod; amount_sen: number }[];
}

/**
 * Orders as the contract's Order, in the order of `rows`, with a handful of queries for the whole list
 * ({@link ordersFromParts} tells what each field holds).
 */
export async function ordersToWire(
  db: Db,
  rows: readonly OrderRow[],
  options: { timeZone: string },
): Promise<Order[]> {
  if (rows.length === 0) return [];
  return ordersFromParts(rows, await loadOrderParts(db, rows), options);
}

/** Reads the {@link OrderParts} of some orders: a handful of queries for the whole list. */
export async function loadOrderParts(db: Db, rows: readonly OrderRow[]): Promise<OrderParts> {
  const orderIds = rows.map((row) => row.id);
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const tenders = await db
    .selectFrom('tenders')
    .select(['order_id', 'method', 'amount_sen'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const tickets = await db
    .selectFrom('tickets')
    .innerJoin('order_items', 'order_items.id', 'tickets.order_item_id')
    .select(['tickets.id', 'tickets.order_id', 'tickets.order_item_id'])
    .where('tickets.order_id', 'in', orderIds)
    .orderBy('tickets.order_id')
    .orderBy('order_items.position')
    .orderBy('tickets.created_at')
    .orderBy('tickets.id')
    .execute();
  const renewals = await db
    .selectFrom('membership_renewals')
    .select(['order_id', 'ticket_id'])
    .where('order_id', 'in', orderIds)
    .execute();
  const notes = await db
    .selectFrom('order_notes')
    .select(['order_id', 'text', 'staff_id', 'at'])
    .where('order_id', 'in', orderIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const invoiceOf = await invoiceIdsByOrder(db, orderIds);
  const members = await membersById(
    db,
    items.map((item) => item.member_id),
  );
  const refunded = rows.filter((row) => row.refunded_sen > 0).map((row) => row.id);
  const refunds =
    refunded.length === 0
      ? []
      : await db
          .selectFrom('order_refunds')
          .select(['id', 'order_id', 'at', 'staff_id', 'reason', 'amount_sen', 'tax_sen'])
          .where('order_id', 'in', refunded)
          .orderBy('order_id')
          .orderBy('number')
          .execute();
  const refundIds = refunds.map((refund) => refund.id);
  const refundLines =
    refundIds.length === 0
      ? []
      : await db
          .selectFrom('order_refund_lines')
          .select(['refund_id', 'order_item_id', 'quantity', 'amount_sen', 'tax_sen'])
          .where('refund_id', 'in', refundIds)
          .execute();
  const refundTenders =
    refundIds.length === 0
      ? []
      : await db
          .selectFrom('order_refund_tenders')
          .select(['refund_id', 'method', 'amount_sen'])
          .where('refund_id', 'in', refundIds)
          .orderBy('refund_id')
          .orderBy('position')
          .execute();
  const names = await staffNames(db, [
    ...refunds.map((refund) => refund.staff_id),
    ...rows.flatMap((row) => [row.staff_id, row.refunded_by, row.canceled_by]),
    ...notes.map((note) => note.staff_id),
    ...items.map((item) => item.discount_approver_id),
  ]);
  const mailOf = await mailOfOrders(db, orderIds);
  return {
    items,
    tenders,
    tickets,
    renewals,
    notes,
    invoiceOf,
    members,
    names,
    mailOf,
    refunds,
    refundLines,
    refundTenders,
  };
}

/**
 * An order's tax per code, as sold (the lines' code, name, type and rate), in the order the codes first appear: the
 * taxable base (the lines' amounts, less their tax when the prices held it) and the tax, each the sum of its lines'.
 */
function taxesOf(items: readonly OrderItemRow[], pricesIncludeTax: boolean): OrderTaxByCode[] {
  const byCode = new Map<string, { item: OrderItemRow; base: number; tax: number }>();
  for (const item of items) {
    if (item.tax_code === null) continue;
    const seen = byCode.get(item.tax_code) ?? { item, base: 0, tax: 0 };
    seen.base += pricesIncludeTax ? item.total_sen - item.tax_sen : item.total_sen;
    seen.tax += item.tax_sen;
    byCode.set(item.tax_code, seen);
  }
  return [...byCode.entries()].map(([code, { item, base, tax }]) => ({
    code,
    name: item.tax_name ?? code,
    type: (item.tax_type ?? '06') as OrderTaxByCode['type'],
    rate_bp: item.tax_rate_bp,
    base: ringgit(base),
    tax: ringgit(tax),
  }));
}

/**
 * Orders as the contract's Order, in the order of `rows`, from their parts (no query: a checkout builds its answer
 * from what it has just written):
 *
 * - `order_details.cart`: the lines as sold (price, discount with approver and approver_name, never the approval
 *   token; `ticket: [ids]`; `amount` = price × quantity − discount), `subtotal` = the lines before discounts,
 *   `discount` = their discounts; `total_amount` = subtotal − discount (what was paid).
 * - `payment`: the tenders and the change; `tickets`: the ticket ids (a renewal's: the membership ticket it
 *   extended); `notes` with the author's name; `refund` / `cancel` when reversed; `mail`: its emails and how
 *   they went (`outbox/orderMail`).
 */
export function ordersFromParts(
  rows: readonly OrderRow[],
  parts: OrderParts,
  options: { timeZone: string },
): Order[] {
  const { items, tenders, tickets, renewals, notes, invoiceOf, members, names, mailOf } = parts;
  const nameOf = (id: string) => names.get(id) ?? id;

  const itemsOf = groupBy(items, (item) => item.order_id);
  const tendersOf = groupBy(tenders, (tender) => tender.order_id);
  const ticketsOfItem = groupBy(tickets, (ticket) => ticket.order_item_id);
  const ticketsOfOrder = groupBy(tickets, (ticket) => ticket.order_id);
  const renewalOf = new Map(renewals.map((renewal) => [renewal.order_id, renewal.ticket_id]));
  const notesOf = groupBy(notes, (note) => note.order_id);
  const refundsOf = groupBy(parts.refunds ?? [], (refund) => refund.order_id);
  const linesOfRefund = groupBy(parts.refundLines ?? [], (line) => line.refund_id);
  const tendersOfRefund = groupBy(parts.refundTenders ?? [], (tender) => tender.refund_id);

  return rows.map((row): Order => {
    const renewedTicket = renewalOf.get(row.id);
    const issued = (ticketsOfOrder.get(row.id) ?? []).map((ticket) => ticket.id);
    const orderTickets =
      renewedTicket === undefined || issued.includes(renewedTicket) ? issued : [renewedTicket];
    const orderItems = itemsOf.get(row.id) ?? [];
    const lines = orderItems.map((item): CartItem => {
      const member = item.member_id === null ? undefined : members.get(item.member_id);
      const itemTickets = (ticketsOfItem.get(item.id) ?? []).map((ticket) => ticket.id);
      const line: CartItem = {
        sku: item.sku,
        name: item.name,
        category: item.category ?? MERCHANDISE_CATEGORY,
        quantity: item.quantity,
        type: item.type,
        price: { value: ringgit(item.unit_price_sen), currency: 'MYR' },
        ticket: row.kind === 'renewal' && itemTickets.length === 0 ? orderTickets : itemTickets,
        amount: ringgit(item.total_sen),
      };
      if (item.refunded_quantity > 0) {
        line.refunded_quantity = item.refunded_quantity;
        line.refunded_amount = ringgit(item.refunded_sen);
      }
      if (item.tax_code !== null) {
        line.tax = { code: item.tax_code, rate_bp: item.tax_rate_bp, amount: ringgit(item.tax_sen) };
        if (item.refunded_tax_sen > 0) line.refunded_tax = ringgit(item.refunded_tax_sen);
      }
      if (item.variant_group !== null) line.group = item.variant_group;
      if (item.min_qty !== null) line.min_qty = item.min_qty;
      if (item.usage_limit !== null) line.usage_limit = item.usage_limit;
      if (item.visit_date !== null) {
        line.visit_date = startOfVenueDate(item.visit_date, options.timeZone).toISOString();
      }
      if (item.discount_type !== null && item.discount_approver_id !== null) {
        line.discount = {
          type: item.discount_type,
          value: ringgit(item.discount_value_hundredths ?? 0),
          amount: ringgit(item.discount_sen),
          approver: item.discount_approver_id,
          approver_name: nameOf(item.discount_approver_id),
        };
      }
      if (member !== undefined && member.dob !== null) {
        const phone = phoneOf(member);
        if (phone !== null) {
          line.member = {
            type: item.variant_group ?? undefined,
            sku: item.sku,
            name: member.name,
            email: member.email,
            dob: member.dob,
            phone,
          };
        }
      }
      return line;
    });
    const invoiceId = invoiceOf.get(row.id);
    const refundsOfRow = refundsOf.get(row.id) ?? [];
    const taxed = orderItems.some((item) => item.tax_code !== null);
    // Only orders with a refund by line carry these fields: the wire of every other order is as it was.
    const refundFields: Pick<Order, 'refunded_amount' | 'refunds'> =
      row.refunded_sen > 0 || refundsOfRow.length > 0
        ? {
            refunded_amount: ringgit(row.refunded_sen),
            refunds: refundsOfRow.map((refund) => ({
              _id: refund.id,
              at: refund.at,
              by: nameOf(refund.staff_id),
              reason: refund.reason,
              amount: ringgit(refund.amount_sen),
              items: (linesOfRefund.get(refund.id) ?? [])
                .map((line) => {
                  const index = orderItems.findIndex((item) => item.id === line.order_item_id);
                  return {
                    line: index,
                    sku: orderItems[index]?.sku ?? '',
                    quantity: line.quantity,
                    amount: ringgit(line.amount_sen),
                    ...(taxed ? { tax: ringgit(line.tax_sen) } : {}),
                  };
                })
                .sort((a, b) => a.line - b.line),
              tenders: (tendersOfRefund.get(refund.id) ?? []).map((tender) => ({
                type: tender.method,
                amount: ringgit(tender.amount_sen),
              })),
              ...(taxed ? { tax: ringgit(refund.tax_sen) } : {}),
            })),
          }
        : {};
    return {
      _id: row.id,
      date: row.created_at,
      status: row.status,
      total_amount: ringgit(row.total_sen),
      currency: 'MYR',
      origin: row.store,
      terminal: row.terminal_id,
      staff: nameOf(row.staff_id),
      invoice: invoiceId === undefined ? null : { _id: invoiceId },
      order_details: {
        customer: { email: row.customer_email ?? '' },
        cart: {
          items: lines,
          subtotal: ringgit(row.subtotal_sen),
          discount: ringgit(row.discount_sen),
          // Only orders with a taxed line carry these: the wire of a venue without tax codes is as it was.
          ...(taxed
            ? {
                tax: ringgit(row.tax_sen),
                taxes: taxesOf(orderItems, row.prices_include_tax === 1),
                prices_include_tax: row.prices_include_tax === 1,
              }
            : {}),
        },
      },
      payment: {
        methods: (tendersOf.get(row.id) ?? []).map((tender) => ({
          type: tender.method,
          amount: ringgit(tender.amount_sen),
        })),
        change: ringgit(row.change_sen),
      },
      tickets: orderTickets,
      notes: (notesOf.get(row.id) ?? []).map((note) => ({
        text: note.text,
        by: nameOf(note.staff_id),
        at: note.at,
      })),
      refund:
        row.refunded_at === null
          ? null
          : { reason: row.refund_reason ?? '', by: nameOf(row.refunded_by ?? ''), at: row.refunded_at },
      cancel:
        row.canceled_at === null
          ? null
          : { reason: row.cancel_reason, by: nameOf(row.canceled_by ?? ''), at: row.canceled_at },
      mail: mailOf.get(row.id) ?? [],
      ...refundFields,
    };
  });
}
