import type { Instant } from './instant';
import { deriveTicketStatus, type RuleTicket } from './ticketStatus';
import { formatVenueDateTime } from './venueDay';

/**
 * The texts of the self check-in kiosk (`/kiosk`) and the server's answers to a kiosk. A refusal at the kiosk is the
 * gate's own message (`checkRedeem`, the server's 409), except for an expired pass, which says when it expired
 * ({@link kioskRefusal}).
 */
export const KIOSK_MESSAGES = {
  /** 403 `not_permitted` to a kiosk's token on any call but checking passes in. */
  kioskOnly: 'A kiosk can only check passes in',
  /** The kiosk's idle prompt. */
  prompt: 'Show the QR code of your pass, or type its ID',
  /** A successful check-in, with the member's (or guest's) first name. */
  welcome: (firstName: string) => (firstName === '' ? 'Welcome' : `Welcome, ${firstName}`),
  /** kiosk/exit with the PIN of someone who is not a manager. */
  exitManagerOnly: 'Only a manager can end kiosk mode',
  /** The toast after kiosk mode ended. */
  exited: 'Kiosk mode ended',
  /** The toast after kiosk mode started. */
  enabled: 'Kiosk mode started',
} as const;

/**
 * What the kiosk says when a pass is refused, read from 2 m: an expired pass says since when ('Expired on
 * 22-12-2026'), a member reading 'Ticket is Expired' would not know; any other refusal is the gate's own message
 * ('Membership on hold until 14-12-2026', 'Ticket is Fully Used').
 */
export function kioskRefusal(
  message: string,
  ticket: RuleTicket | null | undefined,
  now: Instant,
  timeZone: string,
): string {
  if (ticket?.expiry == null || deriveTicketStatus(ticket, now, timeZone) !== 'Expired') return message;
  return `Expired on ${formatVenueDateTime(ticket.expiry, timeZone).slice(0, 10)}`;
}
