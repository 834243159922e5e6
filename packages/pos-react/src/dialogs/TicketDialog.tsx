import { OFFLINE_MESSAGES } from 'pos-sdk/messages';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import { OfflineNote } from '../components/OfflineNote';
import { PosDialog } from '../components/PosDialog';
import { Spinner } from '../components/Spinner';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { useTickets } from '../hooks/useTickets';
import { TicketDetails } from '../tickets/TicketDetails';
import { UndoEntryButton } from '../tickets/UndoEntryButton';
import { useTicketPhoto } from '../tickets/useTicketPhoto';
import { TICKET_STATUS_TONES } from './ticketStatusTone';

/** Register Face's camera: loaded when first opened (registering needs the server anyway). */
const CameraDialog = lazy(() =>
  import('../tickets/CameraDialog').then((module) => ({ default: module.CameraDialog })),
);

/** Props of {@link TicketDialog}. */
export interface TicketDialogProps {
  readonly open: boolean;
  readonly ticketId: string;
  readonly onClose: () => void;
}

/**
 * Ticket detail (Check Pass 'Scan Pass', a ticket tag of an invoice, a member's ticket): fetches the
 * pass by ID and shows what it is, its derived status (Active green, Inactive grey, Fully Used slate,
 * Expired amber, Canceled red), its uses, member and invoice, and the registered face photo. Redeem is
 * enabled only when the SDK says so (`tickets.canRedeem`: Active, allow_redeem, no request in flight);
 * Register Face opens the camera capture dialog. While the server cannot be reached it shows what
 * this terminal last knew of the pass and says so (`tickets.offline`, docs/offline.md).
 */
export function TicketDialog({ open, ticketId, onClose }: TicketDialogProps) {
  const pos = usePos();
  const { current, offline, status, canRedeem, loading, redeeming } = useTickets();
  const [cameraOpen, setCameraOpen] = useState(false);
  const cameraUsed = useOpenedOnce(cameraOpen);
  /** The pass ID whose lookup has answered (so 'No pass' shows only after a failed lookup). */
  const [settledId, setSettledId] = useState<string | null>(null);
  const redeem = usePosAction(() => pos.tickets.redeem());

  useEffect(() => {
    if (!open || ticketId === '') return;
    let current = true;
    setSettledId(null);
    pos.tickets
      .get(ticketId)
      .catch(() => {
        // Toasted by the SDK; a failed fetch clears the ticket and the dialog says it was not found.
      })
      .finally(() => {
        if (current) setSettledId(ticketId);
      });
    return () => {
      current = false;
    };
  }, [open, ticketId, pos]);

  const ticket = open && current?._id === ticketId ? current : null;
  const redeemButton = useRef<HTMLButtonElement>(null);
  const shownId = ticket?._id ?? null;

  // The pass arrives after the dialog opened: put the focus on Redeem when it can be pressed, so a
  // scan followed by Enter redeems at the gate.
  useEffect(() => {
    if (shownId !== null && pos.tickets.canRedeem.peek()) redeemButton.current?.focus();
  }, [shownId, pos]);
  // A registration without a photo (a used non-shareable ticket) has nothing to fetch.
  const hasPhoto = ticket?.face != null && ticket.face.photo !== false;
  const photoUrl = useTicketPhoto(
    ticket?._id ?? null,
    hasPhoto ? (ticket?.face?.registered_at ?? null) : null,
  );

  const close = () => {
    setCameraOpen(false);
    pos.tickets.clear();
    onClose();
  };

  return (
    <PosDialog
      open={open}
      onClose={close}
      title="Ticket"
      description={
        <span>
          Pass ID <span className="font-mono font-semibold">{ticketId}</span>
        </span>
      }
      size="lg"
      testId="ticket-dialog"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
          <Button variant="secondary" onClick={close} className="sm:mr-auto sm:min-w-28">
            Close
          </Button>
          {ticket ? (
            <>
              <UndoEntryButton ticketId={ticket._id} />
              <Button icon="user" onClick={() => setCameraOpen(true)} className="sm:min-w-36">
                Register Face
              </Button>
              <Button
                ref={redeemButton}
                variant="primary"
                icon="check"
                size="lg"
                loading={redeeming}
                disabled={!canRedeem}
                onClick={() => void redeem.run()}
                className="sm:min-w-36"
                data-autofocus
              >
                Redeem
              </Button>
            </>
          ) : null}
        </div>
      }
    >
      {!ticket && (loading || settledId !== ticketId) ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Looking up {ticketId}…
        </p>
      ) : ticket ? (
        <>
          {offline ? (
            <OfflineNote testId="ticket-offline">
              <Icon name="alert" className="size-5 shrink-0" />
              {OFFLINE_MESSAGES.ticketOffline}
            </OfflineNote>
          ) : null}
          <div className="flex items-start gap-4">
            <div className="min-w-0 flex-1">
              <p className="text-2xl font-bold">{ticket.pass.name}</p>
              <p className="mt-1 flex items-center gap-2">
                <span className="text-slate-600 dark:text-slate-300">Status</span>
                {status ? (
                  <span data-testid="ticket-status">
                    <Badge tone={TICKET_STATUS_TONES[status]}>{status}</Badge>
                  </span>
                ) : null}
              </p>
            </div>
            <figure className="flex w-32 shrink-0 flex-col items-center gap-1">
              {photoUrl ? (
                <img
                  src={photoUrl}
                  alt={`Registered face of pass ${ticket._id}`}
                  data-testid="ticket-photo"
                  className="aspect-[946/562] w-32 rounded-lg object-cover ring-1 ring-slate-200 dark:ring-slate-700"
                />
              ) : (
                <div className="grid aspect-[946/562] w-32 place-items-center rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
                  <Icon name="user" className="size-8" />
                </div>
              )}
              <figcaption className="text-center text-xs text-slate-600 dark:text-slate-400">
                {ticket.face ? 'Face registered' : 'No face registered'}
              </figcaption>
            </figure>
          </div>
          <TicketDetails ticket={ticket} />
          {cameraUsed ? (
            <Suspense fallback={null}>
              <CameraDialog open={cameraOpen} ticketId={ticket._id} onClose={() => setCameraOpen(false)} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <p role="status">No pass with ID {ticketId}.</p>
      )}
    </PosDialog>
  );
}
