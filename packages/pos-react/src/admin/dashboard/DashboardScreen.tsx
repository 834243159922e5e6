import {
  SALES_SUMMARY_MAX_DAYS,
  type SalesSummary,
  type SalesTotals,
  type StockLevel,
  type TerminalEntry,
} from 'pos-sdk/contract';
import { formatRM, fromRinggit, type Sen } from 'pos-sdk/money';
import {
  formatCalendarDate,
  formatTaxRate,
  formatVenueDateTime,
  periodDays,
  periodProblem,
  SALES_PERIODS,
  type SalesPeriod,
  type SalesPeriodName,
  salesChange,
  salesPeriod,
  stockValue,
} from 'pos-sdk/rules';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SegmentedControl } from '../../components/SegmentedControl';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { usePos } from '../../hooks/usePos';
import { downloadOrdersCsv } from '../ordersCsv';
import { Banner, datesFrom, useVarianceAlert, VarianceCells } from '../parts';
import { ChartFigure, type ChartRow } from './ChartFigure';

/** The period picker's choices. */
type PeriodChoice = SalesPeriodName | 'custom';

const PERIOD_LABELS: Record<PeriodChoice, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  'this-week': 'This week',
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom',
};

const METHOD_LABELS: Record<string, string> = { CASH: 'Cash', 'CREDIT CARD': 'Card', 'E-WALLET': 'E-Wallet' };
const CATEGORY_LABELS: Record<string, string> = {
  pass: 'Passes',
  membership: 'Memberships',
  merchandise: 'Merchandise',
};

/** The period the URL names (`?period=this-week`, or `?from=…&to=…`), today when it names none. */
function periodOf(
  search: URLSearchParams,
  now: Date,
  timeZone: string,
): { choice: PeriodChoice; period: SalesPeriod } {
  const dates = datesFrom(search, { from: '', to: '' });
  if (dates.from !== '' && dates.to !== '') return { choice: 'custom', period: dates };
  const named = search.get('period') as SalesPeriodName | null;
  const choice = named !== null && (SALES_PERIODS as readonly string[]).includes(named) ? named : 'today';
  return { choice, period: salesPeriod(choice, now, timeZone) };
}

const rm = (ringgit: number): string => formatRM(fromRinggit(ringgit));
const senOf = (ringgit: number): Sen => fromRinggit(ringgit);

/** '+12 % vs previous', or what to say when the period before had nothing to compare with. */
function percentText(current: number, previous: number): string {
  const change = salesChange(senOf(current), senOf(previous));
  if (change === null) return current === 0 ? 'None before either' : 'None the period before';
  return `${change > 0 ? '+' : ''}${change} % vs previous`;
}

/**
 * The dashboard: the venue's sales of a period (venue days in the venue's zone), one store or all, against the
 * period of the same length before; charts by day, hour, product, category, method, staff and terminal, each with
 * its figures as a table; the tax collected (a figure card and a chart by code) when the period or the one before
 * sold taxed lines; the shifts of the period with their variances; the period's orders as CSV.
 */
export function DashboardScreen({ terminals }: { terminals: readonly TerminalEntry[] }) {
  const pos = usePos();
  const [search, setSearch] = useSearchParams();
  const timeZone = pos.config.timeZone;
  const { choice, period } = periodOf(search, pos.config.clock(), timeZone);
  const store = search.get('store') ?? '';
  const stores = useMemo(() => [...new Set(terminals.map((terminal) => terminal.store))].sort(), [terminals]);
  const [summary, setSummary] = useState<SalesSummary | null>(null);
  const [stock, setStock] = useState<readonly StockLevel[] | null>(null);
  const [failure, setFailure] = useState('');
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setFailure('');
    pos.api
      .salesSummary(
        { from: period.from, to: period.to, ...(store === '' ? {} : { store }) },
        { signal: controller.signal },
      )
      .then(
        (answer) => {
          setSummary(answer);
          setLoading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailure(error instanceof Error ? error.message : String(error));
          setLoading(false);
        },
      );
    return () => controller.abort();
  }, [pos, period.from, period.to, store]);

  // The stock's value at cost now (not of the period): shown when the venue keeps stock.
  useEffect(() => {
    const controller = new AbortController();
    pos.api.stockList({}, { signal: controller.signal }).then(setStock, () => setStock(null));
    return () => controller.abort();
  }, [pos]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  const pickPeriod = (value: PeriodChoice) => {
    if (value === 'custom') update({ period: null, from: period.from, to: period.to });
    else update({ period: value, from: null, to: null });
  };

  const alert = useVarianceAlert();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-2xl font-bold">Dashboard</h1>
        <SegmentedControl<PeriodChoice>
          label="Period"
          value={choice}
          onChange={pickPeriod}
          options={(Object.keys(PERIOD_LABELS) as PeriodChoice[]).map((value) => ({
            value,
            label: PERIOD_LABELS[value],
          }))}
        />
        <SelectField
          label="Store"
          value={store}
          onChange={(event) => update({ store: event.target.value })}
          className="min-w-40"
        >
          <option value="">All stores</option>
          {stores.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      </div>
      {choice === 'custom' ? (
        <CustomPeriod period={period} onApply={(next) => update({ from: next.from, to: next.to })} />
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="period">
        {formatCalendarDate(period.from)}
        {period.to === period.from ? '' : ` to ${formatCalendarDate(period.to)}`} ·{' '}
        {store === '' ? 'All stores' : store} · compared with the{' '}
        {periodDays(period) === 1 ? 'day' : `${periodDays(period)} days`} before
        {loading ? <Spinner className="ml-2 inline size-4" /> : null}
      </p>
      <Banner tone="error">{failure}</Banner>
      {summary ? (
        <SummaryView
          summary={summary}
          stock={stock}
          timeZone={timeZone}
          alert={alert}
          csv={<PeriodCsv period={period} stores={store === '' ? stores : [store]} timeZone={timeZone} />}
        />
      ) : null}
    </div>
  );
}

/** The custom period's two dates, checked before they go to the URL. */
function CustomPeriod({ period, onApply }: { period: SalesPeriod; onApply: (period: SalesPeriod) => void }) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from === '' || to === '') return setProblem('Choose both dates');
    const problem = periodProblem({ from, to }, SALES_SUMMARY_MAX_DAYS);
    if (problem !== null) return setProblem(problem);
    setProblem('');
    onApply({ from, to });
  };
  const field =
    'min-h-12 rounded-xl bg-white px-3 ring-1 ring-inset ring-slate-300 dark:bg-slate-900 dark:ring-slate-600';
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Custom period">
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        From
        <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className={field} />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        To
        <input type="date" value={to} onChange={(event) => setTo(event.target.value)} className={field} />
      </label>
      <button
        type="submit"
        className="min-h-12 rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        Show
      </button>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** The period's orders as one CSV (the order export of each store, one header), downloaded by the browser. */
function PeriodCsv({
  period,
  stores,
  timeZone,
}: {
  period: SalesPeriod;
  stores: readonly string[];
  timeZone: string;
}) {
  const pos = usePos();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const download = async () => {
    setBusy(true);
    setProblem('');
    try {
      await downloadOrdersCsv(pos, period, stores, timeZone);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      {problem ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </span>
      ) : null}
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy || stores.length === 0}
        className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50 disabled:opacity-60 dark:text-brand-200"
      >
        {busy ? 'Preparing CSV…' : 'Download CSV'}
      </button>
    </span>
  );
}

/** One headline figure with its change against the period before. */
function Figure({ label, value, change }: { label: string; value: string; change: string }) {
  return (
    <div
      data-testid="figure"
      data-figure={label}
      className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <span className="text-sm font-semibold text-slate-600 dark:text-slate-300">{label}</span>
      <span data-testid="figure-value" className="text-2xl font-bold tabular-nums">
        {value}
      </span>
      <span className="text-sm text-slate-600 dark:text-slate-300">{change}</span>
    </div>
  );
}

function Figures({
  totals,
  previous,
  stock,
}: {
  totals: SalesTotals;
  previous: SalesTotals;
  stock: readonly StockLevel[] | null;
}) {
  const orderChange = totals.orders - previous.orders;
  const value = stock !== null && stock.length > 0 ? stockValue(stock) : null;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <Figure
        label="Net sales"
        value={rm(totals.net_sales)}
        change={percentText(totals.net_sales, previous.net_sales)}
      />
      <Figure
        label="Orders"
        value={String(totals.orders)}
        change={`${orderChange > 0 ? '+' : ''}${orderChange} vs previous${
          totals.canceled_orders > 0 ? ` · ${totals.canceled_orders} canceled` : ''
        }`}
      />
      <Figure
        label="Average sale"
        value={rm(totals.average_sale)}
        change={percentText(totals.average_sale, previous.average_sale)}
      />
      <Figure
        label="Refunds"
        value={rm(totals.refunds)}
        change={`${totals.refunded_orders} ${totals.refunded_orders === 1 ? 'order' : 'orders'}`}
      />
      <Figure
        label="Discounts"
        value={rm(totals.discounts)}
        change={percentText(totals.discounts, previous.discounts)}
      />
      {totals.tax !== undefined ? (
        <Figure
          label="Tax collected"
          value={rm(totals.tax)}
          change={percentText(totals.tax, previous.tax ?? 0)}
        />
      ) : null}
      {value !== null && stock !== null ? (
        <Figure
          label="Stock at cost"
          value={formatRM(value.value)}
          change={`Now, ${stock.length} tracked ${stock.length === 1 ? 'variant' : 'variants'}${
            value.withoutCost > 0 ? `, ${value.withoutCost} without a cost` : ''
          }`}
        />
      ) : null}
    </div>
  );
}

function SummaryView({
  summary,
  stock,
  timeZone,
  alert,
  csv,
}: {
  summary: SalesSummary;
  stock: readonly StockLevel[] | null;
  timeZone: string;
  alert: Sen;
  csv: ReactNode;
}) {
  const slices = (entries: readonly { label: string; net_sales: number; orders: number }[]): ChartRow[] =>
    entries.map((entry) => ({
      label: entry.label,
      value: entry.net_sales,
      shown: rm(entry.net_sales),
      extra: [String(entry.orders)],
    }));
  const byDay = slices(summary.by_day.map((day) => ({ ...day, label: formatCalendarDate(day.day) })));
  const byHour = slices(
    summary.by_hour.map((hour) => ({ ...hour, label: `${String(hour.hour).padStart(2, '0')}:00` })),
  );
  const byStaff = slices(summary.by_staff.map((entry) => ({ ...entry, label: entry.staff })));
  const byTerminal = slices(summary.by_terminal.map((entry) => ({ ...entry, label: entry.terminal })));
  const products: ChartRow[] = summary.by_product.map((product) => ({
    label: product.name,
    value: product.net_sales,
    shown: rm(product.net_sales),
    extra: [String(product.quantity), CATEGORY_LABELS[product.category] ?? product.category],
  }));
  const categories: ChartRow[] = summary.by_category.map((category) => ({
    label: CATEGORY_LABELS[category.category] ?? category.category,
    value: category.net_sales,
    shown: rm(category.net_sales),
    extra: [String(category.quantity)],
  }));
  const methods: ChartRow[] = summary.by_method.map((method) => ({
    label: METHOD_LABELS[method.method] ?? method.method,
    value: method.amount,
    shown: rm(method.amount),
  }));
  const taxes: ChartRow[] = (summary.by_tax_code ?? []).map((entry) => ({
    label: `${entry.code} ${formatTaxRate(entry.rate_bp)}`,
    value: entry.tax,
    shown: rm(entry.tax),
    extra: [rm(entry.base)],
  }));
  const days = summary.by_day.length;
  return (
    <>
      <Figures totals={summary.totals} previous={summary.previous.totals} stock={stock} />
      <div className="grid gap-4 lg:grid-cols-3">
        <ChartFigure
          className="lg:col-span-2"
          title="Sales by day"
          summary={`Net sales on each of the ${days} days of the period`}
          kind="bar"
          rows={byDay}
          columns={['Day', 'Net sales', 'Orders']}
          actions={csv}
        />
        <ChartFigure
          title="By payment method"
          summary="Money taken by each payment method, less refunds"
          kind="doughnut"
          rows={methods}
          columns={['Method', 'Amount']}
        />
        <ChartFigure
          className="lg:col-span-2"
          title="Sales by hour of the day"
          summary="Net sales in each hour of the day, venue time"
          kind="bar"
          rows={byHour}
          columns={['Hour', 'Net sales', 'Orders']}
        />
        <ChartFigure
          title="By category"
          summary="Net sales of passes, memberships and merchandise"
          kind="doughnut"
          rows={categories}
          columns={['Category', 'Net sales', 'Units']}
        />
        <ChartFigure
          className="lg:col-span-2"
          title="Top products"
          summary="The products with the most net sales"
          kind="horizontal-bar"
          rows={products.slice(0, 10)}
          columns={['Product', 'Net sales', 'Units', 'Category']}
        />
        <ChartFigure
          title="By staff"
          summary="Net sales by each member of staff"
          kind="horizontal-bar"
          rows={byStaff}
          columns={['Staff', 'Net sales', 'Orders']}
        />
        <ChartFigure
          title="By terminal"
          summary="Net sales at each terminal"
          kind="bar"
          rows={byTerminal}
          columns={['Terminal', 'Net sales', 'Orders']}
        />
        {taxes.length > 0 ? (
          <ChartFigure
            title="Tax by code"
            summary="Tax collected at each tax code and rate, less refunds, and the amount it is on"
            kind="doughnut"
            rows={taxes}
            columns={['Tax code', 'Tax', 'Taxable']}
          />
        ) : null}
      </div>
      <Shifts summary={summary} timeZone={timeZone} alert={alert} />
    </>
  );
}

/** The period's shifts, each method's variance in words, marked beyond the venue's alert (not by colour alone). */
function Shifts({ summary, timeZone, alert }: { summary: SalesSummary; timeZone: string; alert: Sen }) {
  return (
    <section
      aria-labelledby="shifts-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="shifts-heading" className="mb-2 text-base font-bold">
        Shifts
      </h2>
      {summary.shifts.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No shifts in this period</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Shifts" className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                {['Terminal', 'Staff', 'Opened', 'Closed', 'Cash', 'Card', 'E-Wallet'].map((head) => (
                  <th key={head} scope="col" className="px-2 py-1.5 font-semibold">
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.shifts.map((shift) => (
                <tr
                  key={shift.shift_id}
                  data-testid="shift-row"
                  className="border-b border-slate-100 dark:border-slate-800"
                >
                  <td className="px-2 py-1.5">{shift.terminal}</td>
                  <td className="px-2 py-1.5">{shift.staff}</td>
                  <td className="px-2 py-1.5 tabular-nums">
                    {formatVenueDateTime(shift.opened_at, timeZone)}
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">
                    {shift.closed_at ? formatVenueDateTime(shift.closed_at, timeZone) : 'Open'}
                  </td>
                  <VarianceCells variance={shift.variance} alert={alert} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
