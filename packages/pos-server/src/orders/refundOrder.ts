import type { Transaction } from 'kysely';
import { MESSAGES, REFUND_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, type Sen, sen, subtractSen, sumSen } from 'pos-sdk/money';
import {
  checkRefund,
  planRefund,
  type RefundPlan,
  RULE_CODES,
  refundedTax,
  tenderStates,
} from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import type { Database, OrderRow } from '../db/Database';
import { timeOrderedId } from '../db/timeOrderedId';
import { HttpProblem } from '../http/HttpProblem';
import { enqueueMail, enqueueRefundNote } from '../outbox';
import { requireOpenShift } from '../shifts';
import { putBackStock, type StockLine } from '../stock';
import { requireOrder } from './findOrder';
import { reverseOrder } from './reverseOrder';

/** What a refund_order call asks for besides the invoice and the reason (the contract's `items` and `tenders`). */
export interface RefundRequestParts {
  items?: readonly { sku: string; line?: number; quantity?: number }[];
  tenders?: readonly { type: 'CASH' | 'CREDIT CARD' | 'E-WALLET'; amount?: number }[];
}

/**
 * Refunds an order by its invoice id with a reason (spec: refund only for same-day PAID invoiced orders), whole or by
 * line.
 *
 * - `checkRefund` of pos-sdk decides, with the venue's "today": 409 with its reason ('Only orders from today can be
 *   refunded', 'Only PAID orders can be refunded', 'This order has no invoice'). 404 for an unknown invoice; 409 'No
 *   open shift' without an open shift (the money leaves this shift's drawer).
 * - `planRefund` of pos-sdk picks the units (`items`; none: every unit not refunded yet), their money (pro rata, in
 *   sen, never more than was paid, the last refund gives back what remains) and the methods (`tenders`; none: the
 *   order's own, cards first, cash last). Its refusals: 409 (unknown line, too many units, nothing left), 422 (the
 *   tenders).
 * - The refunded pass units' tickets become Canceled, unused ones only: a pass used at the gate is not refunded by a
 *   cashier (409). When every unit is refunded the order becomes REFUNDED (`reverseOrder`), else it stays PAID with
 *   its refunded lines and amount.
 * - The order row is locked first (a no-op update): two refunds of the same order at once run one after the other,
 *   the second planned from what the first refunded (it refunds nothing twice), on SQLite and PostgreSQL alike.
 * - The refunded merchandise goes back on the shelf (tracked stock: a `refund` movement) unless `restock` is false.
 * - A refund slip is e-mailed to the order's customer, queued in the same transaction; so is the MyInvois refund note
 *   of an order whose receipt is already in an e-invoice (`enqueueRefundNote`).
 */
export async function refundOrder(
  trx: Transaction<Database>,
  options: RefundRequestParts & {
    invoiceId: string;
    reason: string;
    staffId: string;
    terminalId: string;
    now: Date;
    timeZone: string;
    /** False: the refunded merchandise does not go back on the shelf. Default true. */
    restock?: boolean | undefined;
  },
): Promise<OrderRow> {
  const found = await requireOrder(trx, { invoiceId: options.invoiceId });
  // The lock: on PostgreSQL a second refund of this order waits here until the first commits, then reads its rows.
  const order = await trx
    .updateTable('orders')
    .set((eb) => ({ refunded_sen: eb.ref('refunded_sen') }))
    .where('id', '=', found.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const invoice = await trx
    .selectFrom('invoices')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const refundable = checkRefund(
    {
      date: order.created_at,
      status: order.status,
      invoice: invoice === undefined ? null : { _id: invoice.id },
    },
    options.now,
    options.timeZone,
  );
  if (!refundable.ok) throw HttpProblem.conflict(refundable.message, { rule: refundable.code });
  const shift = await requireOpenShift(trx, options.terminalId);

  const items = await trx
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  const paidTenders = await trx
    .selectFrom('tenders')
    .select(['method', 'amount_sen'])
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  const refundedRows = await trx
    .selectFrom('order_refund_tenders')
    .innerJoin('order_refunds', 'order_refunds.id', 'order_refund_tenders.refund_id')
    .select((eb) => [
      'order_refund_tenders.method',
      eb.fn.sum<number>('order_refund_tenders.amount_sen').as('total'),
    ])
    .where('order_refunds.order_id', '=', order.id)
    .groupBy('order_refund_tenders.method')
    .execute();
  const made = await trx
    .selectFrom('order_refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const refundedBy = new Map<string, Sen>(
    refundedRows.map((row) => [row.method, sen(Number(row.total ?? 0))]),
  );
  const planned = planRefund(
    {
      lines: items.map((item) => ({
        sku: item.sku,
        quantity: item.quantity,
        paid: paidForLine(order, item),
        refundedQuantity: item.refunded_quantity,
        refunded: sen(item.refunded_sen),
      })),
      tenders: tenderStates(
        paidTenders.map((tender) => ({ type: tender.method, amount: sen(tender.amount_sen) })),
        sen(order.change_sen),
        refundedBy,
      ),
    },
    {
      items: options.items,
      tenders: options.tenders?.map((tender) => ({
        type: tender.type,
        amount: tender.amount === undefined ? undefined : fromRinggit(tender.amount),
      })),
    },
  );
  if (!planned.ok) {
    if (planned.code === RULE_CODES.refund_tenders)
      throw HttpProblem.rule(planned.message, { rule: planned.code });
    throw HttpProblem.conflict(planned.message, { rule: planned.code });
  }
  const plan = planned.value;
  if (order.kind === 'renewal' && !plan.completes) throw HttpProblem.conflict(REFUND_MESSAGES.renewalWhole);

  const at = options.now.toISOString();
  const refundId = timeOrderedId();
  const reason = options.reason.trim();
  const isFirstAndWhole = order.refunded_sen === 0 && plan.completes;
  // Each line's tax this refund gives back: the share of its tax left that the money refunded is of its money left.
  const lineTaxes = plan.lines.map((line) => {
    const item = items[line.index];
    if (item === undefined) return sen(0);
    return refundedTax(
      subtractSen(sen(item.tax_sen), sen(item.refunded_tax_sen)),
      subtractSen(paidForLine(order, item), sen(item.refunded_sen)),
      line.amount,
    );
  });

  await trx
    .insertInto('order_refunds')
    .values({
      id: refundId,
      order_id: order.id,
      number: Number(made?.n ?? 0) + 1,
      shift_id: shift.id,
      staff_id: options.staffId,
      terminal_id: options.terminalId,
      at,
      reason,
      amount_sen: plan.amount,
      tax_sen: sumSen(lineTaxes),
    })
    .execute();
  const backOnShelf: StockLine[] = [];
  for (const [position, line] of plan.lines.entries()) {
    const item = items[line.index];
    if (item === undefined) continue;
    const tax = lineTaxes[position] ?? sen(0);
    if (item.type === 'MERCHANDISE')
      backOnShelf.push({ sku: item.sku, name: item.name, quantity: line.quantity });
    // Conditional on what was read: a write that did not see the other refund's units cannot add to them.
    const updated = await trx
      .updateTable('order_items')
      .set({
        refunded_quantity: item.refunded_quantity + line.quantity,
        refunded_sen: item.refunded_sen + line.amount,
        refunded_tax_sen: item.refunded_tax_sen + tax,
      })
      .where('id', '=', item.id)
      .where('refunded_quantity', '=', item.refunded_quantity)
      .returning('id')
      .executeTakeFirst();
    if (updated === undefined) throw HttpProblem.conflict(MESSAGES.refundNotPaid);
    await trx
      .insertInto('order_refund_lines')
      .values({
        refund_id: refundId,
        order_item_id: item.id,
        quantity: line.quantity,
        amount_sen: line.amount,
        tax_sen: tax,
      })
      .execute();
    if (order.kind === 'sale' && item.type === 'PASS') {
      await cancelUnusedTickets(trx, { orderItemId: item.id, quantity: line.quantity, at });
    }
  }
  // The refunded merchandise back on the shelf (tracked stock only), unless the cashier said it does not go back.
  await putBackStock(trx, {
    store: order.store,
    orderId: order.id,
    kind: 'refund',
    lines: backOnShelf,
    restock: options.restock !== false,
    reason,
    actor: { staffId: options.staffId, terminalId: options.terminalId, now: options.now },
  });
  if (plan.tenders.length > 0) {
    await trx
      .insertInto('order_refund_tenders')
      .values(
        plan.tenders.map((tender, index) => ({
          refund_id: refundId,
          position: index + 1,
          method: tender.type,
          amount_sen: tender.amount,
        })),
      )
      .execute();
  }
  await trx
    .updateTable('orders')
    .set({ refunded_sen: order.refunded_sen + plan.amount })
    .where('id', '=', order.id)
    .execute();

  // Same transaction: the refund slip is queued exactly when the refund commits. A whole refund keeps the event key
  // it always had; a refund by line is one event per refund.
  await enqueueMail(trx, {
    eventKey: isFirstAndWhole ? `refund:${order.id}` : `refund:${refundId}`,
    kinds: ['refund'],
    orderId: order.id,
    to: order.customer_email,
    now: options.now,
  });
  // Same transaction: a receipt already in an e-invoice gets its refund note (04), one per refund; else the month's
  // consolidated e-invoice nets the refund.
  await enqueueRefundNote(trx, {
    orderId: order.id,
    store: order.store,
    refundId,
    refundNumber: Number(made?.n ?? 0) + 1,
    staffId: options.staffId,
    terminalId: options.terminalId,
    now: options.now,
  });
  if (plan.completes) {
    return reverseOrder(trx, {
      order,
      reversal: 'refund',
      reason,
      notPaid: MESSAGES.refundNotPaid,
      staffId: options.staffId,
      terminalId: options.terminalId,
      shiftId: shift.id,
      now: options.now,
      amount: plan.amount,
    });
  }
  await recordAudit(trx, {
    action: 'order.refunded_in_part',
    staffId: options.staffId,
    terminalId: options.terminalId,
    at: options.now,
    subject: { type: 'order', id: order.id },
    amount: plan.amount,
    details: { reason, shift_id: shift.id, refund_id: refundId, lines: summaryOf(plan, items) },
  });
  return order;
}

/**
 * The money a customer paid for a line: its amount after its discount, and its tax when the tax was added on top
 * (when the prices held it, it is in the amount already). A refund gives back a share of it.
 */
function paidForLine(
  order: Pick<OrderRow, 'prices_include_tax'>,
  item: { total_sen: number; tax_sen: number },
): Sen {
  return sen(order.prices_include_tax === 1 ? item.total_sen : item.total_sen + item.tax_sen);
}

const summaryOf = (plan: RefundPlan, items: readonly { sku: string }[]) =>
  plan.lines.map((line) => ({
    sku: items[line.index]?.sku ?? '',
    quantity: line.quantity,
    amount: line.amount,
  }));

/**
 * Cancels `quantity` unused Valid tickets of a pass line (oldest first). A ticket redeemed at least once is not
 * refundable by a cashier: 409 when fewer unused ones are left than units refunded.
 */
async function cancelUnusedTickets(
  trx: Transaction<Database>,
  options: { orderItemId: string; quantity: number; at: string },
): Promise<void> {
  const tickets = await trx
    .selectFrom('tickets')
    .select('tickets.id')
    .where('tickets.order_item_id', '=', options.orderItemId)
    .where('tickets.status', '=', 'Valid')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ticket_uses')
            .select('ticket_uses.id')
            .whereRef('ticket_uses.ticket_id', '=', 'tickets.id'),
        ),
      ),
    )
    .orderBy('tickets.id')
    .limit(options.quantity)
    .execute();
  const ids = tickets.map((ticket) => ticket.id);
  const canceled =
    ids.length === 0
      ? []
      : await trx
          .updateTable('tickets')
          .set({ status: 'Canceled', canceled_at: options.at })
          .where('id', 'in', ids)
          .where('status', '=', 'Valid')
          .returning('id')
          .execute();
  // Tickets issued for a line number its units; a line without tickets (none issued) has nothing to cancel.
  const issued = await trx
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_item_id', '=', options.orderItemId)
    .executeTakeFirst();
  if (Number(issued?.n ?? 0) > 0 && canceled.length < options.quantity) {
    throw HttpProblem.conflict(REFUND_MESSAGES.usedPass);
  }
}
