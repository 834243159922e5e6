import { formatAmount, type Sen } from '../money';

/**
 * The texts of working through an outage (docs/offline.md). The spec has none of these; they say what the cashier
 * and the manager need to know: that a sale is kept and will sync, what cannot be done offline, and why.
 */
export const OFFLINE_MESSAGES = {
  /** The banner while the server cannot be reached. */
  banner: (waiting: number) =>
    waiting === 0
      ? 'Offline: the server cannot be reached'
      : `Offline: ${waiting} ${waiting === 1 ? 'sale' : 'sales'} waiting to sync`,
  /** The banner while waiting operations are sent. */
  syncing: (waiting: number) => `Syncing: ${waiting} waiting`,
  saleSaved: 'Offline: sale saved, it will sync when the server is back',
  receiptPending: 'OFFLINE SALE - PENDING SYNC',
  /** The badge of a sale or scan kept on the terminal until the server has it. */
  pendingBadge: 'Pending sync',
  /** The badge of an offline sale or scan the server refused (a manager resolves it). */
  refusedBadge: 'Refused',
  invoicePending: 'pending',
  notPrepared: 'This terminal cannot sell offline yet: it has not reached the server since it started',
  discountNeedsServer: 'Discounts need the server: remove the discount, or wait until the server is back',
  membershipNeedsServer: 'Memberships and renewals need the server',
  tooLong: (minutes: number) =>
    `Offline for more than ${minutes} minutes: selling stops until the server is back`,
  tooMuch: (amount: Sen) =>
    `Offline sales would pass RM ${formatAmount(amount)}: selling stops until the server is back`,
  tooMany: (count: number) => `${count} offline sales are waiting: selling stops until the server is back`,
  noTicketIds:
    'No offline pass numbers left on this terminal: passes can be sold again when the server is back',
  synced: (count: number) => `Synced ${count} offline ${count === 1 ? 'operation' : 'operations'}`,
  refused: (message: string) => `An offline sale or scan was refused by the server: ${message}`,
  ticketOffline: 'Offline: showing what this terminal last knew of the pass',
  ticketUnknownOffline: 'Offline: this pass is not known on this terminal',
  redeemSaved: 'Offline: entry recorded, it will sync when the server is back',
} as const;
