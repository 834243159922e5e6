/**
 * The texts about an order's emails that an app shows: the email status of an order and the resend action, so the UI
 * and the CLI word them the same. The emails' own texts (subjects, headings) are pos-server's.
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
  /** The notice when no email address is known for a resend. */
  resendNeedsEmail: 'Enter the email address to send the receipt to',
} as const;

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
