import type { ReactNode } from 'react';
import { TextField } from '../components/TextField';
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
}: {
  label: string;
  heads: readonly string[];
  children: ReactNode;
  footer?: ReactNode;
  small?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table aria-label={label} className={`w-full border-collapse text-left ${small ? 'text-sm' : ''}`}>
        <thead>
          <tr className={`border-b border-slate-200 dark:border-slate-700 ${small ? '' : 'text-sm'}`}>
            {heads.map((head) => (
              <th key={head} scope="col" className="px-3 py-2 font-semibold">
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
