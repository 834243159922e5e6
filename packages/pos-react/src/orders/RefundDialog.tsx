import type { Order, RefundItem, RefundTender } from 'pos-sdk/contract';
import { MESSAGES, REFUND_MESSAGES, REFUND_METHOD_LABELS } from 'pos-sdk/messages';
import { formatRM } from 'pos-sdk/money';
import { type RefundMethod, validateRefundReason } from 'pos-sdk/rules';
import { useMemo, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { orderItemLabel } from './orderItemText';

/** Props of {@link RefundDialog}. */
export interface RefundDialogProps {
  readonly open: boolean;
  readonly order: Order;
  readonly invoiceNo: string;
  readonly onClose: () => void;
  /** Called after a refund was made (and the dialog closed). */
  readonly onRefunded?: () => void;
}

/** The methods offered to give the money back by: the order's own (default), or one method for all of it. */
const METHODS: readonly RefundMethod[] = ['CASH', 'CREDIT CARD', 'E-WALLET'];
const AS_PAID = 'AS_PAID';

/**
 * The refund of an invoice: the lines with a quantity to refund each (every unit left by default: the
 * whole order), the amount and the method(s) to give it back by, computed by the SDK's `planRefund` (the rule the
 * server uses), the method to give back by ('As paid': the order's own methods, cards first, cash last) and the
 * 'Refund Reason'. Refund sends it; the SDK toasts what to give back ('Give back RM 10.00 by CASH').
 */
export function RefundDialog({ open, order, invoiceNo, onClose, onRefunded }: RefundDialogProps) {
  const pos = usePos();
  const refundable = useMemo(() => pos.orders.refundableUnits(order), [pos, order]);
  const [units, setUnits] = useState<readonly number[]>(refundable);
  const [method, setMethod] = useState<RefundMethod | typeof AS_PAID>(AS_PAID);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const refund = usePosAction((text: string, options: { items?: RefundItem[]; tenders?: RefundTender[] }) =>
    pos.orders.refund(invoiceNo, text, options),
  );

  // Each opening starts from every unit left, the order's methods and no reason (set while rendering the opening).
  const [shown, setShown] = useState({ open: false, order });
  if (open !== shown.open || (open && order !== shown.order)) {
    setShown({ open, order });
    if (open && !shown.open) {
      setUnits(refundable);
      setMethod(AS_PAID);
      setReason('');
      setReasonError(null);
      refund.reset();
    }
  }

  const isWhole = units.every((count, index) => count === refundable[index]);
  const items: RefundItem[] = isWhole
    ? []
    : units.flatMap((quantity, index) => {
        const item = order.order_details.cart.items[index];
        return quantity > 0 && item !== undefined ? [{ sku: item.sku, line: index, quantity }] : [];
      });
  const tenders: RefundTender[] = method === AS_PAID ? [] : [{ type: method }];
  const plan = pos.orders.planRefund(order, {
    ...(isWhole ? {} : { items }),
    ...(tenders.length === 0 ? {} : { tenders }),
  });
  const nothingChosen = units.every((count) => count === 0);

  const submit = async () => {
    const checked = validateRefundReason(reason);
    if (!checked.ok) {
      setReasonError(checked.message);
      return;
    }
    setReasonError(null);
    if (nothingChosen || !plan.ok) return;
    const done = await refund.run(checked.value, {
      ...(isWhole ? {} : { items }),
      ...(tenders.length === 0 ? {} : { tenders }),
    });
    if (done) {
      onClose();
      onRefunded?.();
    }
  };

  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title={MESSAGES.refundReason}
      description={`Invoice ${invoiceNo}`}
      onSubmit={() => void submit()}
      submitLabel="Refund"
      submitVariant="danger"
      submitDisabled={nothingChosen}
      busy={refund.busy}
      size="md"
      testId="refund-reason-dialog"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-bold text-slate-700 dark:text-slate-200">
          {REFUND_MESSAGES.chooseLines}
        </legend>
        <ul className="flex flex-col divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-700 dark:ring-slate-700">
          {order.order_details.cart.items.map((item, index) => {
            const left = refundable[index] ?? 0;
            const label = orderItemLabel(item);
            const inputId = `refund-qty-${index}`;
            return (
              <li
                key={inputId}
                className="flex items-center gap-3 px-3 py-2"
                data-testid="refund-line"
                data-sku={item.sku}
              >
                <label htmlFor={inputId} className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">{label}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    {left === 0 ? 'Refunded' : `${left} of ${item.quantity} refundable`}
                  </span>
                </label>
                <input
                  id={inputId}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  step={1}
                  disabled={left === 0}
                  aria-label={`${REFUND_MESSAGES.quantityToRefund}: ${label}`}
                  value={units[index] ?? 0}
                  onChange={(event) => {
                    const next = Math.max(0, Math.min(left, Math.trunc(Number(event.target.value) || 0)));
                    setUnits((current) => current.map((count, at) => (at === index ? next : count)));
                  }}
                  className="h-11 w-20 rounded-lg border border-slate-300 bg-white px-2 text-right text-lg tabular-nums disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900"
                  data-testid="refund-qty"
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-bold text-slate-700 dark:text-slate-200">
        Give back by
        <select
          value={method}
          onChange={(event) => setMethod(event.target.value as RefundMethod | typeof AS_PAID)}
          className="h-11 rounded-lg border border-slate-300 bg-white px-2 text-base font-normal dark:border-slate-600 dark:bg-slate-900"
          data-testid="refund-method"
        >
          <option value={AS_PAID}>As paid (cash last)</option>
          {METHODS.map((type) => (
            <option key={type} value={type}>
              {REFUND_METHOD_LABELS[type]}
            </option>
          ))}
        </select>
      </label>
      <p
        role="status"
        aria-live="polite"
        className="rounded-xl bg-amber-50 px-3 py-2 font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        data-testid="refund-give-back"
      >
        {nothingChosen
          ? REFUND_MESSAGES.nothingChosen
          : plan.ok
            ? `Refund ${formatRM(plan.value.amount)}: ${plan.value.message}`
            : plan.message}
      </p>
      <TextField
        label={MESSAGES.refundReason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError ?? refund.error ?? undefined}
        autoComplete="off"
        data-autofocus
      />
    </PosDialog>
  );
}
