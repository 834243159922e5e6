import type { AuditEntry } from 'pos-sdk/contract';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { addCalendarDays, formatVenueDateTime, salesPeriod, venueDateStart } from 'pos-sdk/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { formFailure } from '../adminForm';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An entry's details as one line: `reason: Wrong size · items: 1`. */
function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/**
 * The audit log: who did what, when, on which terminal, filtered by action (or its group: `order`, `staff`), staff
 * member and period of venue days, newest first, a page at a time. The filter stays in the URL. The same call as
 * `pos audit`.
 */
export function AuditScreen() {
  const pos = usePos();
  const timeZone = pos.config.timeZone;
  const [search, setSearch] = useSearchParams();
  const week = salesPeriod('this-week', pos.config.clock(), timeZone);
  const filter = {
    from: ISO_DATE.test(search.get('from') ?? '') ? (search.get('from') as string) : week.from,
    to: ISO_DATE.test(search.get('to') ?? '') ? (search.get('to') as string) : week.to,
    action: search.get('action') ?? '',
    staff: search.get('staff') ?? '',
  };
  const [draft, setDraft] = useState(filter);
  const [entries, setEntries] = useState<readonly AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [failure, setFailure] = useState('');
  const [loading, setLoading] = useState(false);

  const request = (cursor?: string) => {
    const start = venueDateStart(filter.from, timeZone);
    const end = venueDateStart(addCalendarDays(filter.to, 1), timeZone);
    return pos.api.auditList({
      from: (start ?? new Date()).toISOString(),
      ...(end ? { to: end.toISOString() } : {}),
      ...(filter.action.trim() === '' ? {} : { action: filter.action.trim() }),
      ...(filter.staff.trim() === '' ? {} : { staff: filter.staff.trim() }),
      limit: 50,
      ...(cursor === undefined ? {} : { cursor }),
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's four values are its identity
  useEffect(() => {
    let live = true;
    setLoading(true);
    request().then(
      (page) => {
        if (!live) return;
        setEntries(page.entries);
        setNext(page.next_cursor);
        setFailure('');
        setFields({});
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        const failed = formFailure(error);
        setFields(failed.fields);
        setFailure(failed.message);
        setEntries([]);
        setNext(null);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [filter.from, filter.to, filter.action, filter.staff]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value.trim() !== '') params.set(key, value.trim());
    setSearch(params, { replace: true });
  };
  const more = () => {
    if (next === null) return;
    setLoading(true);
    request(next).then(
      (page) => {
        setEntries((current) => [...current, ...page.entries]);
        setNext(page.next_cursor);
        setLoading(false);
      },
      (error: unknown) => {
        setFailure(formFailure(error).message);
        setLoading(false);
      },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <form onSubmit={apply} aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3">
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          error={fields.from}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          error={fields.to}
        />
        <TextField
          label="Action"
          hint="e.g. order, order.refunded, staff"
          value={draft.action}
          onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          error={fields.action}
        />
        <TextField
          label="Staff email"
          type="email"
          value={draft.staff}
          onChange={(event) => setDraft({ ...draft, staff: event.target.value })}
          error={fields.staff}
        />
        <Button type="submit" variant="primary">
          Show
        </Button>
      </form>
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-100">
          {failure}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <table aria-label="Audit log" className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {['When', 'Action', 'Staff', 'Terminal', 'About', 'Amount', 'Details'].map((head) => (
                <th key={head} scope="col" className="px-3 py-2 font-semibold">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                // Entries have no id of their own: when, what, about what and by whom tell them apart.
                key={`${entry.at}|${entry.action}|${entry.subject?.id ?? ''}|${entry.staff?._id ?? ''}|${entry.terminal ?? ''}`}
                data-testid="audit-row"
                className="border-b border-slate-100 align-top dark:border-slate-800"
              >
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {formatVenueDateTime(entry.at, timeZone)}
                </td>
                <td className="px-3 py-2 font-semibold">{entry.action}</td>
                <td className="px-3 py-2">{entry.staff?.name ?? '—'}</td>
                <td className="px-3 py-2">{entry.terminal ?? '—'}</td>
                <td className="px-3 py-2">
                  {entry.subject ? `${entry.subject.type} ${entry.subject.id}` : '—'}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {entry.amount === null ? '' : formatRM(fromRinggit(entry.amount))}
                </td>
                <td className="px-3 py-2 break-all text-slate-700 dark:text-slate-300">
                  {detailsText(entry.details)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {entries.length === 0 && !loading && !failure ? (
          <p className="p-6 text-center text-slate-600 dark:text-slate-400">
            Nothing recorded for this filter
          </p>
        ) : null}
      </div>
      {next !== null ? (
        <Button variant="outline" onClick={more} loading={loading} className="self-center">
          Show more
        </Button>
      ) : null}
    </div>
  );
}
