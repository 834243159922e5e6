import { useSignals } from '@preact/signals-react/runtime';
import type { Order } from 'pos-sdk/contract';
import { MESSAGES, ORDER_LIST_MESSAGES, REFUND_MESSAGES } from 'pos-sdk/messages';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { canCancel, formatVenueDateTime } from 'pos-sdk/rules';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmailText } from '../components/EmailText';
import { PosDialog } from '../components/PosDialog';
import { Spinner } from '../components/Spinner';
import { useDialogs } from '../dialogs/useDialogs';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { InvoiceItems } from './InvoiceItems';
import { InvoiceSummary } from './InvoiceSummary';
import { invoiceNumberOf } from './invoiceNumberOf';
import { invoiceTotals } from './invoiceTotals';
import { OrderEinvoice } from './OrderEinvoice';
import { OrderEmail } from './OrderEmail';
import { OrderNotes } from './OrderNotes';
import { OrderStatusBadge } from './OrderStatusBadge';
import { orderItemLabel } from './orderItemText';
import { RefundDialog } from './RefundDialog';

/** Props of {@link InvoiceDialog}. */
export interface InvoiceDialogProps {
  /** Is the modal open (an order was picked)? */
  readonly open: boolean;
  /** The picked order's detail, or `null` while it is being fetched (the modal shows its loader). */
  readonly order: Order | null;
  readonly onClose: () => void;
}

/** Which question the invoice asks on top of itself. */
type Question = 'refund' | 'cancel' | null;

/** One 'label: value' fact of the invoice header. */
function Fact({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-0.5 ${className}`}>
      <dt className="text-xs font-bold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

/**
 * The invoice modal (spec section 2): invoice no, date, status, customer email, the order's e-invoice when it has one
 * (`OrderEinvoice`), the items (a ticket
 * tag opens the ticket), SUBTOTAL / DISCOUNT / TOTAL / 'Paid with {method}' / CHANGE, the notes, and
 * REPRINT, REFUND (the lines and units to refund, what to give back and by which method, and the 'Refund Reason':
 * `RefundDialog`; disabled with the reason why when the order cannot be refunded; an order refunded in part says
 * what went back) and Cancel Order (after a confirmation). A changed order replaces itself (the SDK's signals). Open
 * before the order's detail has arrived, it shows a loader, then moves the focus to its first field.
 */
export function InvoiceDialog({ open, order, onClose }: InvoiceDialogProps) {
  // refundRefusal reads the venue's time zone (a signal) while rendering: re-render when it changes.
  useSignals();
  const pos = usePos();
  const body = useRef<HTMLDivElement>(null);
  const shownId = order?._id;
  // The detail arrives after the modal opened (its focus is on Close): focus the first field now, as a modal
  // opened with its content does. Not again when the same order changes (a note, a refund).
  useEffect(() => {
    if (shownId === undefined) return;
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [shownId]);
  const { openTicket } = useDialogs();
  const [question, setQuestion] = useState<Question>(null);
  const reprintButton = useRef<HTMLButtonElement>(null);
  const [refocusReprint, setRefocusReprint] = useState(false);
  const reprint = usePosAction(async (shown: Order) => {
    await pos.orders.reprint(shown);
    setRefocusReprint(true);
  });

  // The print view takes the keyboard focus: give it back (once the button is enabled again) so
  // Escape and Tab keep working in the modal.
  useEffect(() => {
    if (refocusReprint && !reprint.busy) {
      reprintButton.current?.focus();
      setRefocusReprint(false);
    }
  }, [refocusReprint, reprint.busy]);
  // A refund prints its slip (the print frame takes the keyboard focus) and closes its dialog: the keyboard comes back
  // to the invoice's Close button (REFUND may be disabled now), so Escape and Tab keep working in the modal.
  const closeButton = useRef<HTMLButtonElement>(null);
  const [refunds, setRefunds] = useState(0);
  useEffect(() => {
    if (refunds === 0) return;
    const timer = setTimeout(() => closeButton.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [refunds]);
  const cancel = usePosAction((orderId: string) => pos.orders.cancel(orderId));
  const totals = useMemo(() => (order ? invoiceTotals(order) : null), [order]);

  const refusal = order ? pos.orders.refundRefusal(order) : null;
  const invoiceNo = order ? invoiceNumberOf(order) : '';
  const close = () => {
    setQuestion(null);
    onClose();
  };

  const confirmCancel = async () => {
    if (!order) return;
    const updated = await cancel.run(order._id);
    if (updated) setQuestion(null);
  };

  return (
    <PosDialog
      open={open}
      onClose={close}
      title="Invoice"
      size="xl"
      testId="invoice-dialog"
      footer={
        order ? (
          <div className="flex flex-col gap-3">
            {refusal ? (
              <p
                id="refund-refusal"
                className="text-sm font-medium text-slate-600 sm:text-right dark:text-slate-300"
                data-testid="refund-refusal"
              >
                Refund unavailable: {refusal}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
              <Button ref={closeButton} variant="ghost" onClick={close} className="sm:mr-auto sm:min-w-28">
                Close
              </Button>
              {canCancel(order).ok ? (
                <Button variant="dangerOutline" icon="close" onClick={() => setQuestion('cancel')}>
                  Cancel Order
                </Button>
              ) : null}
              <Button
                ref={reprintButton}
                icon="receipt"
                loading={reprint.busy}
                onClick={() => void reprint.run(order)}
                className="sm:min-w-32"
              >
                REPRINT
              </Button>
              <Button
                variant="danger"
                icon="refund"
                disabled={refusal !== null}
                aria-describedby={refusal ? 'refund-refusal' : undefined}
                title={refusal ?? undefined}
                onClick={() => setQuestion('refund')}
                className="sm:min-w-32"
              >
                REFUND
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="ghost" onClick={close} className="sm:min-w-28">
            Close
          </Button>
        )
      }
    >
      {!order ? (
        <p
          className="flex items-center justify-center gap-2 p-8 text-slate-600 dark:text-slate-300"
          role="status"
          data-testid="invoice-loading"
        >
          <Spinner /> {ORDER_LIST_MESSAGES.loadingInvoice}
        </p>
      ) : null}
      {order && totals ? (
        <div ref={body} className="flex flex-col gap-4 *:shrink-0">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-3 dark:bg-slate-800/60">
            <Fact label="Invoice No">
              <span className="font-mono" data-testid="invoice-no">
                {invoiceNo}
              </span>
            </Fact>
            <Fact label="Date">
              <span className="whitespace-nowrap tabular-nums">
                {formatVenueDateTime(order.date, pos.config.timeZone)}
              </span>
            </Fact>
            <Fact label="Status">
              <span data-testid="invoice-status">
                <OrderStatusBadge status={order.status} />
              </span>
            </Fact>
            <Fact label={MESSAGES.customerEmail} className="col-span-2 sm:col-span-3">
              {order.order_details.customer.email ? (
                <EmailText email={order.order_details.customer.email} testId="invoice-email" />
              ) : (
                'None'
              )}
            </Fact>
          </dl>
          <OrderEinvoice orderId={order._id} />
          {order.refunds && order.refunds.length > 0 && order.status === 'PAID' ? (
            <div
              className="rounded-xl bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              data-testid="invoice-partly-refunded"
            >
              <p className="font-semibold">
                {REFUND_MESSAGES.partlyRefunded}: {formatRM(fromRinggit(order.refunded_amount ?? 0))} of{' '}
                {formatRM(fromRinggit(order.total_amount))}
              </p>
              <ul className="text-sm">
                {order.refunds.map((one) => (
                  <li key={one._id}>
                    {formatVenueDateTime(one.at, pos.config.timeZone)}, {one.by}:{' '}
                    {one.items
                      .map((line) => {
                        const item = order.order_details.cart.items[line.line];
                        return `${line.quantity} x ${item ? orderItemLabel(item) : line.sku}`;
                      })
                      .join(', ')}{' '}
                    ({formatRM(fromRinggit(one.amount))}, {one.reason})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {order.refund ? (
            <p className="rounded-xl bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
              Refunded by {order.refund.by} at {formatVenueDateTime(order.refund.at, pos.config.timeZone)}:{' '}
              {order.refund.reason}
            </p>
          ) : null}
          {order.cancel ? (
            <p className="rounded-xl bg-red-50 px-3 py-2 text-red-950 dark:bg-red-950 dark:text-red-50">
              Canceled by {order.cancel.by} at {formatVenueDateTime(order.cancel.at, pos.config.timeZone)}
              {order.cancel.reason ? `: ${order.cancel.reason}` : ''}
            </p>
          ) : null}
          <InvoiceItems items={order.order_details.cart.items} onOpenTicket={openTicket} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="md:order-last">
              <InvoiceSummary totals={totals} />
            </div>
            <OrderNotes key={order._id} order={order} />
          </div>
          <OrderEmail order={order} />

          <RefundDialog
            open={question === 'refund'}
            order={order}
            invoiceNo={invoiceNo}
            onClose={() => setQuestion(null)}
            onRefunded={() => setRefunds((count) => count + 1)}
          />
          <ConfirmDialog
            open={question === 'cancel'}
            title="Cancel this order?"
            note={`Invoice ${invoiceNo} becomes CANCELED and its tickets can no longer be used.`}
            confirmLabel="Cancel Order"
            cancelLabel="Keep Order"
            confirmVariant="danger"
            busy={cancel.busy}
            onConfirm={() => void confirmCancel()}
            onCancel={() => setQuestion(null)}
            testId="cancel-order-dialog"
          />
        </div>
      ) : null}
    </PosDialog>
  );
}
