/**
 * The texts of the digital receipts and passes, kept beside the other texts so server and clients say the same: the emails themselves, the email status of an
 * order and the resend action. One place, so the server's emails, the UI and the CLI word them the same.
 */
export const MAIL_MESSAGES = {
  /** The invoice dialog's resend button and the CLI's action. */
  emailReceipt: 'Email receipt',
  /** Label of the email status row and field. */
  emailStatus: 'Email',
  /** The order has no customer email and nothing was sent. */
  noEmail: 'No email',
  /** Field label of the address to resend to. */
  sendTo: 'Send to',
  // --- the status of one message ---
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  // --- the emails ---
  receiptHeading: 'Receipt',
  passesHeading: 'Your passes',
  passesIntro: 'Show the QR code of a pass at the entrance. Each code is the pass ID printed under it.',
  renewalHeading: 'Membership renewed',
  refundHeading: 'Refund',
  refundIntro: 'Your order has been refunded. The passes of this order can no longer be used.',
  passLabel: 'Pass',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  uses: 'Uses',
  reasonLabel: 'Reason',
  amountLabel: 'Amount',
  thankYou: 'Thank you!',
  /** The notice when no email address is known for a resend. */
  resendNeedsEmail: 'Enter the email address to send the receipt to',
} as const;

/** Which message an outbox row sends. */
export type MailKind = 'receipt' | 'passes' | 'renewal' | 'refund';

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

/** 'Receipt queued for {email}' (toast after "Email receipt"). */
export function receiptQueuedFor(email: string): string {
  return `Receipt queued for ${email}`;
}

/** 'Sent to {to}', 'Queued for {to}', 'Failed for {to}: {reason}': one message's status, for the invoice and the CLI. */
export function mailStatusLine(
  status: 'queued' | 'sending' | 'sent' | 'failed',
  to: string,
  reason?: string | null,
): string {
  switch (status) {
    case 'sent':
      return `Sent to ${to}`;
    case 'queued':
      return `Queued for ${to}`;
    case 'sending':
      return `Sending to ${to}`;
    case 'failed':
      return reason ? `Failed for ${to}: ${reason}` : `Failed for ${to}`;
  }
}
