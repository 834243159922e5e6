/**
 * The texts of the emails pos-server sends (the digital receipt, the passes, the renewal confirmation, the refund
 * notice): their subjects and the words around the receipt's lines. Only the server writes emails, so these live here;
 * the texts an app shows about an order's emails (its status, the resend action) are pos-sdk's `MAIL_MESSAGES`.
 */
export const MAIL_TEXT = {
  receiptHeading: 'Receipt',
  passesHeading: 'Your passes',
  passesIntro: 'Show the QR code of a pass at the entrance. Each code is the pass ID printed under it.',
  renewalHeading: 'Membership renewed',
  refundHeading: 'Refund',
  refundIntro: 'Your order has been refunded. The passes of this order can no longer be used.',
  partRefundIntro: 'Part of your order has been refunded. The passes refunded can no longer be used.',
  refundedLabel: 'Refunded',
  givenBackBy: 'Given back by',
  passLabel: 'Pass',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  uses: 'Uses',
  reasonLabel: 'Reason',
  amountLabel: 'Amount',
  thankYou: 'Thank you!',
  einvoiceRequest: 'Need an e-invoice in your name? Ask for it here:',
  einvoiceRequestQr: 'QR code of the e-invoice request page',
  einvoiceHeading: 'Your e-invoice',
  einvoiceIntro: 'Your e-invoice has been validated by LHDN (MyInvois). Keep this message as your record.',
  einvoiceNumber: 'E-invoice',
  einvoiceTotal: 'Total payable',
  einvoiceTax: 'Tax',
  einvoiceUuid: 'MyInvois UUID',
  einvoiceValidation: "Check it on LHDN's MyInvois portal:",
  einvoiceQr: "QR code of the e-invoice's validation link",
} as const;

/** 'Receipt {invoice} from {store}' (subject of the receipt email). */
export function receiptSubject(invoice: string, store: string): string {
  return `Receipt ${invoice} from ${store}`;
}

/** 'Your passes from {store} ({invoice})' (subject of the passes email). */
export function passesSubject(invoice: string, store: string): string {
  return `Your passes from ${store} (${invoice})`;
}

/** 'Membership renewed at {store}' (subject of the renewal confirmation). */
export function renewalSubject(store: string): string {
  return `Membership renewed at ${store}`;
}

/** 'Refund of {invoice} at {store}' (subject of the refund notice). */
export function refundSubject(invoice: string, store: string): string {
  return `Refund of ${invoice} at ${store}`;
}

/** 'E-invoice {number} from {store}' (subject of the buyer's validated e-invoice). */
export function einvoiceSubject(number: string, store: string): string {
  return `E-invoice ${number} from ${store}`;
}
