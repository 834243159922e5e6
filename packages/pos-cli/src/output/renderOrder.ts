import type { Order, OrderSummary } from 'pos-sdk/contract';
import { MAIL_MESSAGES, mailStatusLine, paidWith } from 'pos-sdk/messages';
import { formatRM, fromRinggit, negateSen } from 'pos-sdk/money';
import { discountNote, itemTitle, orderTotals } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { formatRinggit } from './formatRinggit';
import { renderFields, renderTable } from './renderTable';

/**
 * The invoice modal of the orders screen as text: invoice no, date, status, customer email; the
 * items (name with discount note, unit price, quantity, amount, ticket ids); SUBTOTAL, DISCOUNT,
 * TOTAL, 'Paid with {method}' per tender, CHANGE; the notes, refund and cancellation; the emails and how they
 * went.
 */
export function renderOrder(ctx: CliContext, order: Order): string {
  const { color } = ctx;
  const items = order.order_details.cart.items;
  const header = renderFields(
    [
      ['Invoice No', order.invoice?._id ?? '-'],
      ['Order', order._id],
      ['Date', ctx.formatDate(order.date)],
      ['Status', order.status],
      ['Customer email', order.order_details.customer.email],
      ['Cashier', order.staff],
      ['Terminal', order.terminal],
    ],
    { color },
  );
  const itemRows = items.map((item) => [
    `${itemTitle(item)}${
      item.discount ? `\n  ${discountNote(item.discount)}` : ''
    }${item.ticket && item.ticket.length > 0 ? `\n  ${item.ticket.join(' ')}` : ''}${
      (item.refunded_quantity ?? 0) > 0
        ? `\n  ${item.refunded_quantity} refunded (${formatRinggit(item.refunded_amount ?? 0)})`
        : ''
    }`,
    formatRinggit(item.price.value),
    String(item.quantity),
    item.amount === undefined ? '' : formatRinggit(item.amount),
  ]);
  // As on the receipt: SUBTOTAL before discounts, DISCOUNT taken off, TOTAL paid.
  const { subtotal, discount } = orderTotals(order.order_details.cart);
  const summary: [string, string][] = [
    ['SUBTOTAL', formatRM(subtotal)],
    ['DISCOUNT', formatRM(negateSen(discount))],
    ['TOTAL', formatRinggit(order.total_amount)],
    ...order.payment.methods.map((method): [string, string] => [
      paidWith(method.type),
      formatRinggit(method.amount),
    ]),
    ['CHANGE', formatRinggit(order.payment.change)],
    // Refunds by line: what went back so far (the order stays PAID until every unit is refunded).
    ...(order.refunded_amount === undefined
      ? []
      : [['REFUNDED', formatRinggit(order.refunded_amount)] as [string, string]]),
  ];
  const parts = [
    header,
    renderTable(['ITEM', 'UNIT PRICE', 'QTY', 'AMOUNT'], itemRows, {
      color,
      align: ['left', 'right', 'right', 'right'],
    }),
    renderTable([], summary, { color, align: ['left', 'right'] }),
  ];
  if (order.notes.length > 0) {
    parts.push(
      renderTable(
        ['NOTE', 'BY', 'AT'],
        order.notes.map((note) => [note.text, note.by, ctx.formatDate(note.at)]),
        { color },
      ),
    );
  }
  if (order.mail !== undefined && order.mail.length > 0) {
    parts.push(
      renderTable(
        [MAIL_MESSAGES.emailStatus.toUpperCase(), 'STATUS', 'ATTEMPTS'],
        order.mail.map((mail) => [
          mail.kind,
          mailStatusLine(mail.status, mail.to, mail.last_error),
          String(mail.attempts),
        ]),
        { color },
      ),
    );
  }
  if (order.refunds !== undefined && order.refunds.length > 0) {
    parts.push(
      renderTable(
        ['REFUND', 'BY', 'AT', 'ITEMS', 'GIVEN BACK'],
        order.refunds.map((refund) => [
          `${formatRinggit(refund.amount)}: ${refund.reason}`,
          refund.by,
          ctx.formatDate(refund.at),
          refund.items.map((line) => `${line.quantity} x ${line.sku}`).join(', '),
          refund.tenders.map((tender) => `${tender.type} ${formatRinggit(tender.amount)}`).join(', '),
        ]),
        { color },
      ),
    );
  }
  if (order.refund) {
    parts.push(`Refunded ${ctx.formatDate(order.refund.at)} by ${order.refund.by}: ${order.refund.reason}`);
  }
  if (order.cancel) {
    parts.push(
      `Canceled ${ctx.formatDate(order.cancel.at)} by ${order.cancel.by}${order.cancel.reason ? `: ${order.cancel.reason}` : ''}`,
    );
  }
  return parts.join('\n');
}

/** The orders table: DATE, INVOICE NO, CUSTOMER EMAIL, AMOUNT (MYR), STATUS (spec section 2), of get_orders rows. */
export function renderOrderList(ctx: CliContext, orders: readonly OrderSummary[]): string {
  const rows = orders.map((order) => [
    ctx.formatDate(order.date),
    order.invoice?._id ?? '-',
    order.customer.email,
    formatRM(fromRinggit(order.total_amount)),
    order.status === 'PAID' && (order.refunded_amount ?? 0) > 0
      ? `PAID (${formatRM(fromRinggit(order.refunded_amount ?? 0))} refunded)`
      : order.status,
  ]);
  return renderTable(['DATE', 'INVOICE NO', 'CUSTOMER EMAIL', 'AMOUNT (MYR)', 'STATUS'], rows, {
    color: ctx.color,
    align: ['left', 'left', 'left', 'right', 'left'],
  });
}
