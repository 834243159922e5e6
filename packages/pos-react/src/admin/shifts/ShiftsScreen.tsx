import type { SalesSummary, ShiftReport, TerminalEntry } from 'pos-sdk/contract';
import { formatAmount, fromRinggit } from 'pos-sdk/money';
import { formatVenueDateTime, salesPeriod, shiftVariances } from 'pos-sdk/rules';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { PosDialog } from '../../components/PosDialog';
import { SelectField } from '../../components/SelectField';
import { usePos } from '../../hooks/usePos';
import { ShiftTaxTable } from '../../sales/ShiftTaxTable';
import { formFailure } from '../adminForm';
import {
  Banner,
  DataTable,
  datesFrom,
  filterParams,
  PeriodFields,
  useVarianceAlert,
  VarianceCells,
} from '../parts';

/**
 * Shifts: the shifts opened in a period of venue days (this week unless chosen), open and closed, of one store or all,
 * each method's variance in words (marked beyond the venue's alert); one opens on its report: the X report while it is
 * open, its end-of-shift (Z) report once closed, printable. The period is in the URL.
 */
export function ShiftsScreen({ terminals }: { terminals: readonly TerminalEntry[] }) {
  const pos = usePos();
  const timeZone = pos.config.timeZone;
  const alert = useVarianceAlert();
  const [search, setSearch] = useSearchParams();
  const week = salesPeriod('this-week', pos.config.clock(), timeZone);
  const filter = {
    ...datesFrom(search, week),
    store: search.get('store') ?? '',
  };
  const stores = useMemo(() => [...new Set(terminals.map((terminal) => terminal.store))].sort(), [terminals]);
  const [draft, setDraft] = useState(filter);
  const [shifts, setShifts] = useState<SalesSummary['shifts']>([]);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [failure, setFailure] = useState('');
  const [opened, setOpened] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    pos.api
      .salesSummary(
        { from: filter.from, to: filter.to, ...(filter.store === '' ? {} : { store: filter.store }) },
        { signal: controller.signal },
      )
      .then(
        (summary) => {
          setShifts(summary.shifts);
          setFailure('');
          setFields({});
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const failed = formFailure(error);
          setShifts([]);
          setFields(failed.fields);
          setFailure(failed.message || failed.issues.map((issue) => issue.message).join('; '));
        },
      );
    return () => controller.abort();
  }, [pos, filter.from, filter.to, filter.store]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSearch(filterParams(draft), { replace: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Shifts</h1>
      <form onSubmit={apply} aria-label="Filter the shifts" className="flex flex-wrap items-end gap-3">
        <PeriodFields
          period={draft}
          onChange={(period) => setDraft({ ...draft, ...period })}
          errors={fields}
          fromLabel="Opened from"
        />
        <SelectField
          label="Store"
          value={draft.store}
          onChange={(event) => setDraft({ ...draft, store: event.target.value })}
        >
          <option value="">All stores</option>
          {stores.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary">
          Show
        </Button>
      </form>
      <Banner tone="error">{failure}</Banner>
      <DataTable
        label="Shifts"
        heads={['Terminal', 'Staff', 'Opened', 'Closed', 'Cash', 'Card', 'E-Wallet', '']}
        small
        footer={
          shifts.length === 0 && !failure ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">
              No shift opened in this period
            </p>
          ) : null
        }
      >
        {shifts.map((shift) => (
          <tr
            key={shift.shift_id}
            data-testid="admin-shift-row"
            className="border-b border-slate-100 align-top dark:border-slate-800"
          >
            <td className="px-3 py-2 font-semibold">{shift.terminal}</td>
            <td className="px-3 py-2">{shift.staff}</td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {formatVenueDateTime(shift.opened_at, timeZone)}
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {shift.closed_at ? formatVenueDateTime(shift.closed_at, timeZone) : 'Open'}
            </td>
            <VarianceCells variance={shift.variance} alert={alert} />
            <td className="px-3 py-2">
              <Button size="md" variant="outline" onClick={() => setOpened(shift.shift_id)}>
                {shift.closed_at ? 'Z report' : 'X report'}
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {opened ? <ReportDialog shiftId={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}

/**
 * One shift's report (X while open, Z once closed): per method sales, refunds, expected, counted, the variance; the tax
 * collected when the shift has any.
 */
function ReportDialog({ shiftId, onClose }: { shiftId: string; onClose: () => void }) {
  const pos = usePos();
  const alert = useVarianceAlert();
  const [report, setReport] = useState<ShiftReport | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    pos.api
      .shiftReportOf({ shift_id: shiftId })
      .then(setReport, (error: unknown) =>
        setFailure(error instanceof Error ? error.message : String(error)),
      );
  }, [pos, shiftId]);
  const closed = report?.closed_at != null;
  const amount = (ringgit: number | undefined) =>
    ringgit === undefined ? '—' : formatAmount(fromRinggit(ringgit));
  return (
    <PosDialog
      open
      title={closed ? 'End of Shift Report' : 'Shift so far'}
      description={
        report
          ? `${report.terminal} · ${report.staff} · ${formatVenueDateTime(report.opened_at, pos.config.timeZone)} to ${
              report.closed_at ? formatVenueDateTime(report.closed_at, pos.config.timeZone) : 'now'
            }`
          : undefined
      }
      onClose={onClose}
      cancelLabel="Close"
      size="lg"
      testId="admin-shift-report"
      {...(report ? { onSubmit: () => void pos.shift.printReport(report), submitLabel: 'Print' } : {})}
    >
      {failure ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      {report ? (
        <>
          <p className="mb-2 text-sm">
            Float {amount(report.float)} · {report.orders.count} orders · {report.orders.refunded} refunded ·{' '}
            {report.orders.canceled} canceled
          </p>
          <table aria-label="Takings (MYR)" className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                {['Method', 'Sales', 'Refunds', 'Expected', ...(closed ? ['Counted', 'Variance'] : [])].map(
                  (head) => (
                    <th key={head} scope="col" className="px-2 py-1.5 font-semibold">
                      {head}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {shiftVariances(report, alert).map((row) => (
                <tr
                  key={row.key}
                  data-testid="admin-shift-method"
                  className="border-b border-slate-100 dark:border-slate-800"
                >
                  <td className="px-2 py-1.5 font-semibold">{row.label}</td>
                  <td className="px-2 py-1.5 tabular-nums">{amount(report.sales[row.key])}</td>
                  <td className="px-2 py-1.5 tabular-nums">{amount(report.refunds[row.key])}</td>
                  <td className="px-2 py-1.5 tabular-nums">{amount(report.expected[row.key])}</td>
                  {closed ? (
                    <>
                      <td className="px-2 py-1.5 tabular-nums">{amount(report.counted?.[row.key])}</td>
                      <td
                        className={`px-2 py-1.5 ${row.beyond ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
                      >
                        {row.beyond ? '⚠ ' : ''}
                        {row.text}
                      </td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          {report.tax ? <ShiftTaxTable tax={report.tax} /> : null}
        </>
      ) : null}
    </PosDialog>
  );
}
