import type { Transaction } from 'kysely';
import { isMembership } from 'pos-sdk';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { recordAudit } from '../audit';
import type { Database } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { upsertMember } from '../members/upsertMember';
import { ordersToWire } from '../orders/ordersToWire';
import { SERVER_MESSAGES } from '../serverMessages';
import { requireOpenShift } from '../shifts/openShift';
import { ticketsOfOrders } from '../tickets/findTicket';
import { issueTickets } from '../tickets/issueTickets';
import { ticketsToWire } from '../tickets/ticketsToWire';
import { consumeDiscountApprovals } from './checkDiscount';
import { checkSale } from './checkSale';
import { writeOrder } from './writeOrder';

/** Who sells, where and when. */
export interface SaleContext {
  staffId: string;
  terminalId: string;
  /** The server's store (`POS_STORE`): the only `origin` it sells for. */
  store: string;
  timeZone: string;
  now: Date;
}

/**
 * Sells a cart (POST /v1/checkout) inside one transaction: the terminal needs an open shift (409 'No open shift');
 * the cart is re-checked with the catalogue and the rules (`checkSale`); discount approvals are used up; then the
 * order, its invoice, lines, tenders, the members of membership lines and one ticket per pass unit are written,
 * with the audit entry.
 *
 * @returns the receipt: the order (its lines carry `ticket: [ids]`) and the tickets issued.
 */
export async function checkout(
  trx: Transaction<Database>,
  body: CheckoutRequest,
  context: SaleContext,
): Promise<Receipt> {
  const { now, timeZone, store } = context;
  if (body.origin !== store) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.unknownStore(body.origin), [
      { path: 'origin', message: SERVER_MESSAGES.unknownStore(body.origin) },
    ]);
  }
  const shift = await requireOpenShift(trx, context.terminalId);
  const sale = await checkSale(trx, body, { store, now, timeZone });
  await consumeDiscountApprovals(trx, sale.lines, {
    staffId: context.staffId,
    terminalId: context.terminalId,
    now,
  });

  const memberIds = new Map<number, string>();
  for (const line of sale.lines) {
    if (isMembership(line.rule) && line.request.member !== undefined) {
      memberIds.set(line.index, await upsertMember(trx, line.request.member, now));
    }
  }
  const written = await writeOrder(trx, {
    kind: 'sale',
    store,
    terminalId: context.terminalId,
    shiftId: shift.id,
    staffId: context.staffId,
    email: sale.email,
    lines: sale.lines,
    memberIds,
    numItems: sale.numItems,
    gross: sale.gross,
    discount: sale.discount,
    total: sale.total,
    payment: sale.payment,
    now,
  });

  let ticketCount = 0;
  for (const [position, line] of sale.lines.entries()) {
    const { catalogue } = line;
    if (catalogue.type !== 'PASS' || line.visitDate === null) continue;
    const issued = await issueTickets(trx, {
      orderId: written.orderId,
      orderItemId: written.itemIds[position] ?? '',
      store,
      sku: catalogue.sku,
      passName: catalogue.name,
      category: catalogue.category,
      group: catalogue.group,
      visitDate: line.visitDate,
      duration: catalogue.duration,
      usageLimit: catalogue.usageLimit,
      shareable: catalogue.shareable,
      count: line.rule.quantity,
      memberId: memberIds.get(line.index) ?? null,
      now,
      timeZone,
    });
    ticketCount += issued.length;
  }

  await recordAudit(trx, {
    action: 'order.paid',
    staffId: context.staffId,
    terminalId: context.terminalId,
    at: now,
    subject: { type: 'order', id: written.orderId },
    amount: sale.total,
    details: {
      invoice: written.invoiceId,
      shift_id: shift.id,
      tickets: ticketCount,
      discount_sen: sale.discount,
      approvers: sale.lines.flatMap((line) =>
        line.rule.discount?.approver ? [line.rule.discount.approver] : [],
      ),
    },
  });

  const row = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', written.orderId)
    .executeTakeFirstOrThrow();
  const [order] = await ordersToWire(trx, [row], { timeZone });
  if (order === undefined) throw new Error('The order just written is missing');
  const tickets = await ticketsToWire(trx, await ticketsOfOrders(trx, [written.orderId]), { now, timeZone });
  return { order, tickets };
}
