import type { AuditEntry } from 'pos-sdk/contract';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { addCalendarDays, formatVenueDateTime, salesPeriod, venueDateStart } from 'pos-sdk/rules';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { Banner, DataTable, datesFrom, filterParams, PeriodFields } from '../parts';
import { usePagedList } from '../usePagedList';

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
    ...datesFrom(search, week),
    action: search.get('action') ?? '',
    staff: search.get('staff') ?? '',
  };
  const [draft, setDraft] = useState(filter);
  const request = (cursor?: string) => {
    const start = venueDateStart(filter.from, timeZone);
    const end = venueDateStart(addCalendarDays(filter.to, 1), timeZone);
    return pos.api
      .auditList({
        from: (start ?? new Date()).toISOString(),
        ...(end ? { to: end.toISOString() } : {}),
        ...(filter.action.trim() === '' ? {} : { action: filter.action.trim() }),
        ...(filter.staff.trim() === '' ? {} : { staff: filter.staff.trim() }),
        limit: 50,
        ...(cursor === undefined ? {} : { cursor }),
      })
      .then((answer) => ({ items: answer.entries, next: answer.next_cursor }));
  };
  const {
    items: entries,
    next,
    fields,
    failure,
    loading,
    more,
  } = usePagedList(request, [filter.from, filter.to, filter.action, filter.staff].join('|'));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSearch(filterParams(draft), { replace: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <form onSubmit={apply} aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3">
        <PeriodFields
          period={draft}
          onChange={(period) => setDraft({ ...draft, ...period })}
          errors={fields}
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
      <Banner tone="error">{failure}</Banner>
      <DataTable
        label="Audit log"
        heads={['When', 'Action', 'Staff', 'Terminal', 'About', 'Amount', 'Details']}
        small
        footer={
          entries.length === 0 && !loading && !failure ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">
              Nothing recorded for this filter
            </p>
          ) : null
        }
      >
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
            <td className="px-3 py-2">{entry.subject ? `${entry.subject.type} ${entry.subject.id}` : '—'}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {entry.amount === null ? '' : formatRM(fromRinggit(entry.amount))}
            </td>
            <td className="px-3 py-2 break-all text-slate-700 dark:text-slate-300">
              {detailsText(entry.details)}
            </td>
          </tr>
        ))}
      </DataTable>
      {next !== null ? (
        <Button variant="outline" onClick={more} loading={loading} className="self-center">
          Show more
        </Button>
      ) : null}
    </div>
  );
}
