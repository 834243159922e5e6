import type { VenueSettings, VenueSettingsUpdate } from 'pos-sdk/contract';
import { formatAmount, fromRinggit, parseRinggit, toRinggit } from 'pos-sdk/money';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { useSubmission } from '../adminForm';
import { TaxCodesSection } from './TaxCodesSection';

/** The form's text for each setting (what a person types). */
type Draft = Record<
  | 'name'
  | 'address'
  | 'registration_no'
  | 'phone'
  | 'receipt_footer'
  | 'time_zone'
  | 'currency_display'
  | 'sst_registration_no'
  | 'hold_min_days'
  | 'hold_max_days'
  | 'entry_undo_seconds'
  | 'variance_alert'
  | 'stock_below_zero'
  | 'hold_fee_sku',
  string
> & { prices_include_tax: boolean; blind_count: boolean };

function draftOf(settings: VenueSettings): Draft {
  return {
    name: settings.name,
    address: settings.address,
    registration_no: settings.registration_no,
    phone: settings.phone,
    receipt_footer: settings.receipt_footer,
    time_zone: settings.time_zone,
    currency_display: settings.currency_display,
    sst_registration_no: settings.sst_registration_no ?? '',
    hold_min_days: String(settings.hold_min_days ?? 7),
    hold_max_days: String(settings.hold_max_days ?? 90),
    entry_undo_seconds: String(settings.entry_undo_seconds ?? 60),
    variance_alert: formatAmount(fromRinggit(settings.variance_alert ?? 5)),
    stock_below_zero: settings.stock_below_zero ?? 'allow',
    prices_include_tax: settings.prices_include_tax ?? true,
    blind_count: settings.blind_count ?? false,
    hold_fee_sku: settings.hold_fee_sku ?? '',
  };
}

const TEXTS = [
  ['name', 'Venue name'],
  ['address', 'Address'],
  ['registration_no', 'Registration no'],
  ['phone', 'Phone'],
  ['receipt_footer', 'Receipt footer'],
  ['time_zone', 'Time zone'],
  ['currency_display', 'Currency display'],
  ['sst_registration_no', 'SST registration no'],
] as const;

const NUMBERS = [
  ['hold_min_days', 'Hold, fewest days'],
  ['hold_max_days', 'Hold, most days'],
  ['entry_undo_seconds', 'Entry undo, seconds'],
] as const;

/** A whole number as typed, or the text itself (the server then says what is wrong with it). */
const wholeNumber = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/**
 * Venue settings: what receipts print (name, address, registration, phone, footer), the time zone and currency, the
 * membership hold limits and fee, selling below zero, tax-inclusive prices, the entry undo window and the shift count's
 * alert and blind count. Saves what changed with the same call as `pos settings set`; the server's field messages
 * show under the fields; the till reads the new settings at its next load of the venue.
 */
export function SettingsScreen() {
  const pos = usePos();
  const [settings, setSettings] = useState<VenueSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState('');
  const [loadFailure, setLoadFailure] = useState('');
  const { busy, failure, run } = useSubmission();
  useEffect(() => {
    // Through the venue service: the settings it keeps (time zone, alert) are the ones shown.
    pos.venue.load().then(
      (answer) => {
        setSettings(answer);
        setDraft(draftOf(answer));
      },
      (error: unknown) => setLoadFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [pos]);
  if (loadFailure) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-100">
        {loadFailure}
      </p>
    );
  }
  if (!settings || !draft) return null;
  const before = draftOf(settings);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved('');
    setDraft({ ...draft, [key]: value });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const changes: Record<string, unknown> = {};
    for (const [key] of TEXTS) if (draft[key] !== before[key]) changes[key] = draft[key];
    for (const [key] of NUMBERS) if (draft[key] !== before[key]) changes[key] = wholeNumber(draft[key]);
    if (draft.variance_alert !== before.variance_alert) {
      const alert = parseRinggit(draft.variance_alert);
      changes.variance_alert = alert === undefined ? draft.variance_alert : toRinggit(alert);
    }
    if (draft.stock_below_zero !== before.stock_below_zero) changes.stock_below_zero = draft.stock_below_zero;
    if (draft.hold_fee_sku !== before.hold_fee_sku) changes.hold_fee_sku = draft.hold_fee_sku.trim();
    if (draft.prices_include_tax !== before.prices_include_tax)
      changes.prices_include_tax = draft.prices_include_tax;
    if (draft.blind_count !== before.blind_count) changes.blind_count = draft.blind_count;
    if (Object.keys(changes).length === 0) {
      setSaved('Nothing changed');
      return;
    }
    let answer: VenueSettings | undefined;
    void run(async () => {
      answer = await pos.api.settingsSet(changes as VenueSettingsUpdate);
    }).then((ok) => {
      if (!ok || !answer) return;
      setSettings(answer);
      setDraft(draftOf(answer));
      setSaved('Settings saved');
      void pos.venue.load().catch(() => undefined);
    });
  };
  return (
    <div className="flex flex-col gap-8">
      <form onSubmit={save} className="flex max-w-3xl flex-col gap-4" aria-label="Venue settings">
        <h1 className="text-2xl font-bold">Venue settings</h1>
        <section className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 dark:bg-slate-900 dark:ring-slate-800">
          {TEXTS.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              value={draft[key]}
              onChange={(event) => set(key, event.target.value)}
              error={failure.fields[key]}
            />
          ))}
          {NUMBERS.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              inputMode="numeric"
              value={draft[key]}
              onChange={(event) => set(key, event.target.value)}
              error={failure.fields[key]}
            />
          ))}
          <TextField
            label="Hold fee SKU"
            value={draft.hold_fee_sku}
            onChange={(event) => set('hold_fee_sku', event.target.value)}
            error={failure.fields.hold_fee_sku}
            hint="A merchandise SKU of the catalogue, sold at the till with each hold; empty for no fee"
          />
          <TextField
            label="Variance alert"
            prefix="RM"
            inputMode="decimal"
            value={draft.variance_alert}
            onChange={(event) => set('variance_alert', event.target.value)}
            error={failure.fields.variance_alert}
            hint="A count further off than this is marked on the end-of-shift report"
          />
          <SelectField
            label="Selling below zero stock"
            value={draft.stock_below_zero}
            onChange={(event) => set('stock_below_zero', event.target.value)}
            error={failure.fields.stock_below_zero}
          >
            <option value="allow">Allow ('Only N left' shown)</option>
            <option value="refuse">Refuse</option>
          </SelectField>
          <label className="flex min-h-12 items-center gap-3">
            <input
              type="checkbox"
              checked={draft.prices_include_tax}
              onChange={(event) => set('prices_include_tax', event.target.checked)}
              className="size-5 accent-brand-600"
            />
            <span className="font-semibold">Prices include tax</span>
          </label>
          <label className="flex min-h-12 items-center gap-3">
            <input
              type="checkbox"
              checked={draft.blind_count}
              onChange={(event) => set('blind_count', event.target.checked)}
              className="size-5 accent-brand-600"
            />
            <span className="font-semibold">
              Blind count (staff close shifts without the expected amounts)
            </span>
          </label>
        </section>
        {failure.message ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {failure.message}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <Button type="submit" variant="primary" loading={busy}>
            Save
          </Button>
          {saved ? (
            <span role="status" className="text-slate-700 dark:text-slate-200">
              {saved}
            </span>
          ) : null}
        </div>
      </form>
      <TaxCodesSection />
    </div>
  );
}
