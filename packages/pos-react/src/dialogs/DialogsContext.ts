import type { Receipt } from 'pos-sdk/contract';
import { createContext } from 'react';

/**
 * The app-wide dialogs any screen can open (they outlive a route change: a receipt shown after
 * checkout stays while the app returns to /main). Hook points for the Orders, Ticket and
 * Membership screens: `openTicket` (Check Pass, a ticket tag of an invoice) and `openMembership`.
 */
export interface DialogsApi {
  /** Opens the ticket detail dialog for a pass ID. */
  openTicket(ticketId: string): void;
  /** Opens 'Lookup Membership'. */
  openMembership(): void;
  /** Shows a sale's receipt (after checkout). */
  showReceipt(receipt: Receipt): void;
  /** Closes whichever of these dialogs is open. */
  close(): void;
}

/** Provided by `DialogHost`. */
export const DialogsContext = createContext<DialogsApi | null>(null);
