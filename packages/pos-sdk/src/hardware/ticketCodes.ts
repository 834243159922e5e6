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

/**
 * The QR codes a printer prints after a document's text: its tickets' ({@link documentTicketCodes}), then the sale's
 * e-invoice request page (`einvoice_request_url`, when the server gives one and it fits a QR code's 200 characters).
 *
 * @example documentQrCodes({ kind: 'sale', header, order }) // ['T8KQ2M4ZP1A', 'https://pos.gym.example/e-invoice/...']
 */
export function documentQrCodes(document: PrintDocument): string[] {
  const codes = documentTicketCodes(document);
  if (document.kind !== 'sale' && document.kind !== 'reprint') return codes;
  const url = document.order.einvoice_request_url;
  if (document.order.status !== 'PAID' || typeof url !== 'string' || url === '' || url.length > 200)
    return codes;
  return [...codes, url];
}
