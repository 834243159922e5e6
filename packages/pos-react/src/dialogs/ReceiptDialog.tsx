import type { Receipt } from 'pos-sdk/contract';
import { OFFLINE_MESSAGES } from 'pos-sdk/messages';
import { formatRM, fromRinggit, isNegative } from 'pos-sdk/money';
import { renderDocument } from 'pos-sdk/receipt';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { OfflineNote } from '../components/OfflineNote';
import { PosDialog } from '../components/PosDialog';
import { usePos } from '../hooks/usePos';
import { invoiceNumberOf } from '../orders/invoiceNumberOf';

/**
 * The receipt of the sale just checked out: invoice number, change to give, and the receipt as
 * printed (the print view or the desktop shell printed it already). 'Print again' reprints it.
 * A sale made offline (`order.pending_sync`) has no invoice number yet: 'Invoice pending', with a
 * Pending sync badge and the SDK's words for it (docs/offline.md).
 */
export function ReceiptDialog({
  receipt,
  onClose,
  title = 'Receipt',
  closeLabel = 'New Sale',
  children,
}: {
  receipt: Receipt | null;
  onClose: () => void;
  /** The dialog's title: 'Receipt', or what the sale was ('Membership renewed'). */
  title?: string;
  /** The button that ends the dialog: 'New Sale' after a sale. */
  closeLabel?: string;
  /** What to say above the change and the receipt (a renewal's new expiry). */
  children?: ReactNode;
}) {
  const pos = usePos();
  const order = receipt?.order;
  const text = useMemo(() => {
    if (!receipt) return '';
    // The printed receipt's header: the venue's name and details (its SST number with the tax), this till, the cashier.
    const header = pos.venue.documentHeader();
    return renderDocument(
      { kind: 'sale', header, order: receipt.order, tickets: receipt.tickets },
      { columns: pos.hardware.capabilities.columns ?? 42 },
    );
  }, [receipt, pos]);
  const change = order ? fromRinggit(order.payment.change) : null;
  const pending = order?.pending_sync === true;
  // A sale saved offline is said once, here in the receipt: its toast would say it twice.
  useEffect(() => {
    if (!pending) return;
    for (const notice of pos.notices.items.peek()) {
      if (notice.message === OFFLINE_MESSAGES.saleSaved) pos.notices.dismiss(notice.id);
    }
  }, [pending, pos]);
  return (
    <PosDialog
      open={receipt !== null}
      onClose={onClose}
      title={title}
      description={order ? `Invoice ${invoiceNumberOf(order)}` : undefined}
      size="md"
      testId="receipt-dialog"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            icon="receipt"
            onClick={() => {
              if (order) void pos.orders.reprint(order);
            }}
          >
            Print again
          </Button>
          <Button variant="primary" onClick={onClose} data-autofocus className="sm:min-w-32">
            {closeLabel}
          </Button>
        </div>
      }
    >
      {pending ? (
        <OfflineNote testId="receipt-pending">
          <Badge tone="amber">{OFFLINE_MESSAGES.pendingBadge}</Badge>
          {OFFLINE_MESSAGES.saleSaved}
        </OfflineNote>
      ) : null}
      {children}
      {change !== null && !isNegative(change) ? (
        <p className="rounded-xl bg-emerald-50 p-3 text-lg font-bold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          Change: <span className="tabular-nums">{formatRM(change)}</span>
        </p>
      ) : null}
      <pre
        data-testid="receipt-text"
        className="rounded-xl bg-slate-50 p-3 font-mono text-[13px] leading-snug text-slate-900 ring-1 ring-slate-200 dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700"
      >
        {text}
      </pre>
    </PosDialog>
  );
}
