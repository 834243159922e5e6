import type { RenewalForm } from 'pos-sdk';
import type { Member, RenewMembershipResponse } from 'pos-sdk/contract';
import { formatRM, isPositive } from 'pos-sdk/money';
import {
  CALENDAR_DATE_FORMAT,
  COUNTRY_CODES,
  ENABLED_PAYMENT_TYPES,
  MAX_RENEWAL_MONTHS,
  MONTH_UNIT,
  type RenewalTenderInput,
} from 'pos-sdk/rules';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { SelectField } from '../components/SelectField';
import { TextField } from '../components/TextField';
import { useCatalog } from '../hooks/useCatalog';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { findRenewalProduct } from './renewalProduct';

/** Props of {@link RenewalDialog}. */
export interface RenewalDialogProps {
  /** The member renewed (the form is prefilled from them), or `null` when closed. */
  readonly member: Member | null;
  readonly onClose: () => void;
  /** After 'Membership renewed successfully'. */
  readonly onRenewed: (renewal: RenewMembershipResponse) => void;
}

/** The fields of the form a cashier types in (the sku comes from the catalogue). */
type FormField = Exclude<keyof RenewalForm, 'sku'>;

const FIELDS: readonly FormField[] = [
  'name',
  'email',
  'country_code',
  'phone',
  'dob',
  'payment_type',
  'quantity',
];

/** 1 to 12 (spec section 9). */
const MONTHS = Array.from({ length: MAX_RENEWAL_MONTHS }, (_, index) => String(index + 1));

/**
 * 'Renewal Checkout' (spec sections 2 and 5): Name, Email, Phone (country code 60 and number), Birth
 * date (not in the future), Payment type (CASH, CREDIT CARD, E-WALLET), Quantity (1 to 12 when the
 * renewal's duration unit is Month, else fixed at 1) and the read-only Payment amount (price ×
 * quantity, from the SDK). Below, the amount tendered per method, as the payment screen takes it: blank pays
 * the exact amount by the payment type; typed amounts split the payment, with the change to give in cash or what
 * is short shown as they are typed (`membership.renewalPayment`). Prefilled from the member; `membership.renew`
 * validates, and each of its messages shows under its field.
 */
export function RenewalDialog({ member, onClose, onRenewed }: RenewalDialogProps) {
  const pos = usePos();
  const { passes } = useCatalog();
  const [form, setForm] = useState<RenewalForm | null>(null);
  const renew = usePosAction((values: RenewalForm) => pos.membership.renew(values));
  const resetRenew = renew.reset;

  // Each opening prefills the form from the member and the catalogue's renewal product.
  useEffect(() => {
    if (!member) {
      setForm(null);
      return;
    }
    resetRenew();
    if (pos.catalog.passes.peek().length > 0) {
      setForm(pos.membership.renewalDefaults(member));
      return;
    }
    let current = true;
    pos.catalog
      .load()
      .catch(() => {
        // Toasted by the SDK; the form still opens (renew reports the missing product).
      })
      .finally(() => {
        if (current) setForm(pos.membership.renewalDefaults(member));
      });
    return () => {
      current = false;
    };
  }, [member, pos, resetRenew]);

  const renewal = form ? findRenewalProduct(passes, form.sku) : undefined;
  const isMonthly = renewal?.variant.duration.unit === MONTH_UNIT;
  const amount = form ? pos.membership.renewalAmount(form) : null;
  const errors = renew.fieldErrors;
  const otherErrors = Object.entries(errors)
    .filter(([path]) => !(FIELDS as readonly string[]).includes(path) && !path.startsWith('tenders'))
    .map(([, message]) => message);

  const set = (field: FormField) => (event: { target: { value: string } }) =>
    setForm((current) => (current ? { ...current, [field]: event.target.value } : current));
  const setTender = (type: keyof RenewalTenderInput) => (event: { target: { value: string } }) =>
    setForm((current) =>
      current ? { ...current, tenders: { ...current.tenders, [type]: event.target.value } } : current,
    );
  const payment = form ? pos.membership.renewalPayment(isMonthly ? form : { ...form, quantity: '1' }) : null;
  const split =
    form !== null && ENABLED_PAYMENT_TYPES.some((type) => (form.tenders?.[type] ?? '').trim() !== '');

  const submit = async () => {
    if (!form) return;
    // Quantity is fixed at 1 unless the renewal is sold by the month.
    const values = isMonthly ? form : { ...form, quantity: '1' };
    const renewed = await renew.run(values);
    if (renewed) onRenewed(renewed);
  };

  return (
    <PosDialog
      open={member !== null}
      onClose={onClose}
      title="Renewal Checkout"
      description={
        renewal
          ? `${renewal.product._id} - ${renewal.variant.group} (${renewal.variant.sku})`
          : 'Renew the membership'
      }
      onSubmit={() => void submit()}
      submitLabel="Renew"
      busy={renew.busy}
      size="lg"
      testId="renewal-dialog"
    >
      {form ? (
        <>
          <TextField
            label="Name"
            value={form.name}
            onChange={set('name')}
            error={errors.name}
            autoComplete="off"
            data-autofocus
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            value={form.email}
            onChange={set('email')}
            error={errors.email}
            autoComplete="off"
            spellCheck={false}
          />
          <div className="grid grid-cols-[8rem_1fr] gap-3">
            <SelectField
              label="Country code"
              value={form.country_code}
              onChange={set('country_code')}
              error={errors.country_code}
            >
              <option value="">Select</option>
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  +{code}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Phone number"
              inputMode="numeric"
              value={form.phone}
              onChange={set('phone')}
              error={errors.phone}
              autoComplete="off"
            />
          </div>
          <TextField
            label="Birth date"
            placeholder={CALENDAR_DATE_FORMAT}
            hint={CALENDAR_DATE_FORMAT}
            autoComplete="off"
            value={form.dob}
            onChange={set('dob')}
            error={errors.dob}
          />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <SelectField
              label="Payment type"
              value={form.payment_type}
              onChange={set('payment_type')}
              error={errors.payment_type}
            >
              <option value="">Select</option>
              {ENABLED_PAYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            {isMonthly ? (
              <SelectField
                label="Quantity"
                value={form.quantity}
                onChange={set('quantity')}
                error={errors.quantity}
              >
                <option value="">Select</option>
                {MONTHS.map((months) => (
                  <option key={months} value={months}>
                    {months} {months === '1' ? 'month' : 'months'}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField label="Quantity" value="1" readOnly error={errors.quantity} />
            )}
          </div>
          <TextField
            label="Payment amount"
            value={amount === null ? '' : formatRM(amount)}
            readOnly
            large
            hint="Read-only: price × quantity"
            data-testid="renewal-amount"
          />
          <fieldset className="flex flex-col gap-2" data-testid="renewal-tenders">
            <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">
              Amount tendered (split the payment, or leave blank to pay the exact amount by the payment type)
            </legend>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {ENABLED_PAYMENT_TYPES.map((type) => (
                <TextField
                  key={type}
                  label={type}
                  prefix="RM"
                  inputMode="decimal"
                  autoComplete="off"
                  value={form.tenders?.[type] ?? ''}
                  onChange={setTender(type)}
                  error={errors[`tenders.${type}`] ?? payment?.errors[type]}
                  data-testid="renewal-tender"
                  data-type={type}
                />
              ))}
            </div>
            {split && payment ? (
              payment.refusal !== null ? (
                <p
                  role="alert"
                  data-testid="renewal-short"
                  className="rounded-xl bg-red-50 px-3 py-2 font-semibold text-red-800 dark:bg-red-950 dark:text-red-100"
                >
                  {payment.refusal}
                </p>
              ) : (
                <p
                  data-testid="renewal-change"
                  className="rounded-xl bg-emerald-50 px-3 py-2 text-lg font-bold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
                >
                  Paid {formatRM(payment.paid)} · Change:{' '}
                  <span className="tabular-nums">{formatRM(payment.change)}</span>
                  {isPositive(payment.change) ? ' (give back in cash)' : ''}
                </p>
              )
            ) : null}
          </fieldset>
          {otherErrors.length > 0 || renew.error ? (
            <p
              role="alert"
              className="rounded-xl bg-red-50 px-3 py-2 font-medium text-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {otherErrors[0] ?? renew.error}
            </p>
          ) : null}
        </>
      ) : (
        <p role="status">Loading the renewal…</p>
      )}
    </PosDialog>
  );
}
