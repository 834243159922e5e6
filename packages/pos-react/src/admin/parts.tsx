import type { MethodTotals } from 'pos-sdk/contract';
import { fromRinggit, type Sen } from 'pos-sdk/money';
import { DEFAULT_VARIANCE_ALERT, type SalesPeriod, varianceInWords } from 'pos-sdk/rules';
import type { ReactNode } from 'react';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { useSignalValue } from '../hooks/useSignalValue';
import type { FormFailure } from './adminForm';

/**
 * A line above a screen's content: what was just done (`done`, a status) or what went wrong (`error`, an alert);
 * nothing when there is nothing to say.
 */
export function Banner({ tone, children }: { tone: 'done' | 'error'; children: ReactNode }) {
  if (children === '' || children === null || children === undefined || children === false) return null;
  return tone === 'done' ? (
    <p
      role="status"
      className="rounded-xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-100">
      {children}
    </p>
  );
}

/** A form's message that belongs to no field, above its buttons. */
export function FormMessage({ failure }: { failure: FormFailure }) {
  return failure.message ? (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {failure.message}
    </p>
  ) : null;
}

/**
 * A screen's list as a table on a card: its name for assistive technology, its column heads, its rows (`children`),
 * and what shows under them (`footer`: 'No orders for this filter').
 */
export function DataTable({
  label,
  heads,
  children,
  footer,
  small = false,
  numeric = [],
}: {
  label: string;
  heads: readonly string[];
  children: ReactNode;
  footer?: ReactNode;
  small?: boolean;
  /** The heads of amount columns, right-aligned over their figures. */
  numeric?: readonly string[];
}) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table aria-label={label} className={`w-full border-collapse text-left ${small ? 'text-sm' : ''}`}>
        <thead>
          <tr className={`border-b border-slate-200 dark:border-slate-700 ${small ? '' : 'text-sm'}`}>
            {heads.map((head) => (
              <th
                key={head}
                scope="col"
                className={`px-3 py-2 font-semibold ${numeric.includes(head) ? 'text-right' : ''}`}
              >
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {footer}
    </div>
  );
}

/** A filter's two dates of venue days ('YYYY-MM-DD' from the date inputs), with the server's messages under them. */
export function PeriodFields({
  period,
  onChange,
  errors,
  fromLabel = 'From',
}: {
  period: { from: string; to: string };
  onChange: (period: { from: string; to: string }) => void;
  errors: Readonly<Record<string, string>>;
  fromLabel?: string;
}) {
  return (
    <>
      <TextField
        label={fromLabel}
        type="date"
        value={period.from}
        onChange={(event) => onChange({ ...period, from: event.target.value })}
        error={errors.from}
      />
      <TextField
        label="To"
        type="date"
        value={period.to}
        onChange={(event) => onChange({ ...period, to: event.target.value })}
        error={errors.to}
      />
    </>
  );
}

/** A filter's values as the URL's query: the ones given, trimmed. */
export function filterParams(filter: Readonly<Record<string, string>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value.trim() !== '') params.set(key, value.trim());
  return params;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period a URL names (`?from=YYYY-MM-DD&to=YYYY-MM-DD`), or `fallback` for a date it lacks. */
export function datesFrom(search: URLSearchParams, fallback: SalesPeriod): SalesPeriod {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return { from: ISO_DATE.test(from) ? from : fallback.from, to: ISO_DATE.test(to) ? to : fallback.to };
}

/** The venue's variance alert (RM 5.00 unless a manager set another), as the till's shift report uses it. */
export function useVarianceAlert(): Sen {
  const venue = useSignalValue(usePos().venue.settings);
  return venue?.variance_alert === undefined ? DEFAULT_VARIANCE_ALERT : fromRinggit(venue.variance_alert);
}

/** A shift's three variances in words, each marked (icon, tint, words) beyond the alert; dashes while it is open. */
export function VarianceCells({ variance, alert }: { variance: MethodTotals | null; alert: Sen }) {
  return (
    <>
      {(['cash', 'card', 'ewallet'] as const).map((method) => {
        if (variance === null) {
          return (
            <td key={method} className="px-3 py-2 text-slate-500">
              —
            </td>
          );
        }
        const words = varianceInWords(fromRinggit(variance[method]), alert);
        return (
          <td
            key={method}
            data-beyond={words.beyond ? 'true' : undefined}
            className={`px-3 py-2 ${words.beyond ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
          >
            {words.beyond ? '⚠ ' : ''}
            {words.text}
          </td>
        );
      })}
    </>
  );
}
