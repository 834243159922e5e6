import type { CartItem, Order } from '../contract';
import { formatAmount, fromRinggit, negateSen } from '../money';
import { discountNote } from '../rules/discountNote';
import { itemTitle } from '../rules/displayText';
import { paidWith } from '../rules/messages';
import { OFFLINE_MESSAGES } from '../rules/offlineMessages';
import { orderItemDiscount, orderItemGross, orderTotals } from '../rules/orderTotals';
import { orderTaxRows } from '../rules/tax';
import { formatVenueDateTime } from '../rules/venueDay';
import { alignEnds, centerText, fieldLine, separator, wrapText } from './lineLayout';
import type { DocumentHeader } from './PrintDocument';
import {
  documentMoney,
  documentTimeZone,
  renderFooter,
  renderHeading,
  renderWhoLines,
} from './renderHeading';

/** One item: title (wrapped), `qty x unit price` with the amount, its discount and its ticket ids. */
function renderItem(item: CartItem, width: number): string[] {
  const lines = wrapText(itemTitle(item), width, { hangingIndent: '  ' });
  const unitPrice = formatAmount(fromRinggit(item.price.value));
  lines.push(
    ...alignEnds(`${item.quantity} x ${unitPrice}`, formatAmount(orderItemGross(item)), width, '  '),
  );
  if (item.discount) {
    lines.push(
      ...alignEnds(
        discountNote(item.discount),
        formatAmount(negateSen(orderItemDiscount(item))),
        width,
        '  ',
      ),
    );
  }
  if ((item.refunded_quantity ?? 0) > 0) {
    lines.push(
      ...alignEnds(
        `${item.refunded_quantity} refunded`,
        formatAmount(negateSen(fromRinggit(item.refunded_amount ?? 0))),
        width,
        '  ',
      ),
    );
  }
  for (const ticketId of item.ticket ?? []) {
    lines.push(...wrapText(`Ticket ${ticketId}`, width, { indent: '  ', hangingIndent: '    ' }));
  }
  return lines;
}

/**
 * The receipt of an order, as the invoice modal shows it (spec section 2): invoice no, date,
 * items, SUBTOTAL, DISCOUNT, TOTAL, one 'Paid with {method}' row per tender, CHANGE, then the
 * customer email and notes. A reprint says so under the title and when it was reprinted.
 */
export function renderOrderReceipt(
  order: Order,
  header: DocumentHeader,
  width: number,
  isReprint: boolean,
): string[] {
  const timeZone = documentTimeZone(header);
  const items = order.order_details.cart.items;
  const lines = renderHeading(header, 'RECEIPT', width);
  if (isReprint) lines.push(...centerText('*** REPRINT ***', width));
  if (order.pending_sync === true)
    lines.push(...centerText(`*** ${OFFLINE_MESSAGES.receiptPending} ***`, width));
  lines.push(separator(width));
  lines.push(
    ...fieldLine(
      'Invoice No',
      order.pending_sync === true ? OFFLINE_MESSAGES.invoicePending : (order.invoice?._id ?? '-'),
      width,
    ),
  );
  lines.push(...fieldLine('Date', formatVenueDateTime(order.date, timeZone), width));
  lines.push(...renderWhoLines(header, order, width));
  if (order.status !== 'PAID') lines.push(...fieldLine('Status', order.status, width));
  lines.push(separator(width));

  for (const item of items) lines.push(...renderItem(item, width));
  lines.push(separator(width));

  const { subtotal, discount } = orderTotals(order.order_details.cart);
  lines.push(...alignEnds('SUBTOTAL', formatAmount(subtotal), width));
  lines.push(...alignEnds('DISCOUNT', formatAmount(negateSen(discount)), width));
  // The tax by code, with the venue's SST registration number: only on an order that carries tax.
  const taxRows = orderTaxRows(order.order_details.cart);
  for (const row of taxRows) lines.push(...alignEnds(row.label, formatAmount(row.tax), width));
  const sstNo = header.venue?.sstRegistrationNo?.trim() ?? '';
  if (taxRows.length > 0 && sstNo !== '') lines.push(...fieldLine('SST Reg. No.', sstNo, width));
  lines.push(...alignEnds('TOTAL', documentMoney(header, fromRinggit(order.total_amount)), width));
  for (const tender of order.payment.methods) {
    lines.push(...alignEnds(paidWith(tender.type), formatAmount(fromRinggit(tender.amount)), width));
  }
  lines.push(...alignEnds('CHANGE', formatAmount(fromRinggit(order.payment.change)), width));

  const footer: string[] = [];
  const email = order.order_details.customer.email.trim();
  if (email !== '') footer.push(...fieldLine('Customer email', email, width));
  if (order.notes.length > 0) {
    footer.push('Notes:');
    for (const note of order.notes) {
      footer.push(...wrapText(`- ${note.text}`, width, { hangingIndent: '  ' }));
    }
  }
  if (order.status === 'PAID' && (order.refunded_amount ?? 0) > 0) {
    footer.push(...fieldLine('Refunded', formatAmount(fromRinggit(order.refunded_amount ?? 0)), width));
  }
  if (order.refund) {
    footer.push(...fieldLine('Refunded', formatVenueDateTime(order.refund.at, timeZone), width));
    footer.push(...fieldLine('Reason', order.refund.reason, width));
  }
  if (order.cancel) {
    footer.push(...fieldLine('Canceled', formatVenueDateTime(order.cancel.at, timeZone), width));
    if (order.cancel.reason) footer.push(...fieldLine('Reason', order.cancel.reason, width));
  }
  if (isReprint)
    footer.push(...fieldLine('Reprinted', formatVenueDateTime(header.printedAt, timeZone), width));
  if (footer.length > 0) lines.push(separator(width), ...footer);
  lines.push(...einvoiceRequestLines(order, width));

  lines.push(...renderFooter(header, width));
  return lines;
}

/**
 * Where the buyer asks for an e-invoice of a paid sale (`einvoice_request_url`, from a server with e-invoicing on):
 * a line of words, then the address cut to the paper's width (an address has no spaces to wrap at). The printers
 * print its QR code after the text (`documentQrCodes`).
 */
function einvoiceRequestLines(order: Order, width: number): string[] {
  const url = order.einvoice_request_url;
  if (order.status !== 'PAID' || typeof url !== 'string' || url === '') return [];
  const pieces: string[] = [];
  for (let start = 0; start < url.length; start += width) pieces.push(url.slice(start, start + width));
  return [separator(width), ...wrapText('E-invoice in your name? Scan the code or visit:', width), ...pieces];
}
