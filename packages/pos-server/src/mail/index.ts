/**
 * Sending the outbox's emails: rendering them (receipt, passes with QR codes, renewal, refund), the SMTP or
 * file transport, the sender that delivers with leases and retries, and resending a receipt.
 */
export type { MailSender } from './mailSender';
export { createMailSender } from './mailSender';
export { createMailTransport } from './mailTransport';
export { qrCodePng } from './qrCodePng';
export { mailRoutes } from './routes';
