import type { Receipt } from 'pos-sdk/contract';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { type DialogsApi, DialogsContext } from './DialogsContext';
import { ReceiptDialog } from './ReceiptDialog';
import { TicketDialog } from './TicketDialog';

/** Loaded the first time Membership is opened, not with the sales screen. */
const MembershipDialog = lazy(() =>
  import('./MembershipDialog').then((module) => ({ default: module.MembershipDialog })),
);

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
  // Once loaded, the membership dialog stays mounted (its closing transition, its state).
  const [membershipUsed, setMembershipUsed] = useState(false);
  const api = useMemo<DialogsApi>(
    () => ({
      openTicket: (ticketId) => setOpen({ kind: 'ticket', ticketId }),
      openMembership: () => {
        setMembershipUsed(true);
        setOpen({ kind: 'membership' });
      },
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
      {membershipUsed ? (
        <Suspense fallback={null}>
          <MembershipDialog open={open?.kind === 'membership'} onClose={close} />
        </Suspense>
      ) : null}
      <ReceiptDialog receipt={open?.kind === 'receipt' ? open.receipt : null} onClose={close} />
    </DialogsContext.Provider>
  );
}
