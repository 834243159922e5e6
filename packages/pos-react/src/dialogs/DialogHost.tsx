import type { Receipt } from 'pos-sdk';
import { type ReactNode, useMemo, useState } from 'react';
import { type DialogsApi, DialogsContext } from './DialogsContext';
import { MembershipDialog } from './MembershipDialog';
import { ReceiptDialog } from './ReceiptDialog';
import { TicketDialog } from './TicketDialog';

/** Which app-wide dialog is open. */
type OpenDialog =
  | { readonly kind: 'ticket'; readonly ticketId: string }
  | { readonly kind: 'membership' }
  | { readonly kind: 'receipt'; readonly receipt: Receipt }
  | null;

/**
 * Holds the app-wide dialogs (ticket detail, membership, receipt) and gives `useDialogs()` to
 * every screen below. One at a time: opening one replaces another.
 */
export function DialogHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const api = useMemo<DialogsApi>(
    () => ({
      openTicket: (ticketId) => setOpen({ kind: 'ticket', ticketId }),
      openMembership: () => setOpen({ kind: 'membership' }),
      showReceipt: (receipt) => setOpen({ kind: 'receipt', receipt }),
      close: () => setOpen(null),
    }),
    [],
  );
  const close = api.close;
  return (
    <DialogsContext.Provider value={api}>
      {children}
      <TicketDialog
        open={open?.kind === 'ticket'}
        ticketId={open?.kind === 'ticket' ? open.ticketId : ''}
        onClose={close}
      />
      <MembershipDialog open={open?.kind === 'membership'} onClose={close} />
      <ReceiptDialog receipt={open?.kind === 'receipt' ? open.receipt : null} onClose={close} />
    </DialogsContext.Provider>
  );
}
