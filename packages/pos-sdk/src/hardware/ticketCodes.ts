import type { PrintDocument } from './PrintDocument';

/**
 * The tickets a document carries a QR code for, in item order: the ticket ids of a sale's or a reprint's order
 * items. The QR payload is the ticket id itself (short, so it scans from a phone screen or paper); typing the id
 * at Check Pass does the same as scanning it. An order that is no longer PAID (refunded, canceled) has no valid
 * pass, so its reprint carries no code.
 *
 * @example documentTicketCodes({ kind: 'sale', header, order }) // ['T8KQ2M4ZP1A', 'T8KQ2M4ZP1B']
 */
export function documentTicketCodes(document: PrintDocument): string[] {
  if (document.kind !== 'sale' && document.kind !== 'reprint') return [];
  if (document.order.status !== 'PAID') return [];
  return document.order.order_details.cart.items.flatMap((item) => item.ticket ?? []);
}
