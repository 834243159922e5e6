import { formatAmount, formatRM, negateSen } from 'pos-sdk/money';
import type { InvoiceTotals } from './invoiceTotals';

/** One summary row: a label and an amount, right-aligned in tabular figures. */
function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${
        strong ? 'mt-1 border-t border-slate-200 pt-2 text-lg font-bold dark:border-slate-700' : ''
      }`}
    >
      <dt className={strong ? '' : 'text-slate-600 dark:text-slate-300'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The invoice's summary rows (spec section 2): SUBTOTAL, DISCOUNT, the tax by code (an order with tax), TOTAL,
 * 'Paid with {method}', CHANGE.
 */
export function InvoiceSummary({ totals }: { totals: InvoiceTotals }) {
  return (
    <dl
      data-testid="invoice-summary"
      className="w-full rounded-xl bg-slate-50 px-4 py-2 dark:bg-slate-800/60"
    >
      <Row label="SUBTOTAL" value={formatAmount(totals.subtotal)} />
      <Row label="DISCOUNT" value={formatAmount(negateSen(totals.discount))} />
      {totals.taxRows.map((row) => (
        <Row key={row.label} label={row.label} value={formatAmount(row.tax)} />
      ))}
      <Row label="TOTAL" value={formatRM(totals.total)} strong />
      {totals.tenders.map((tender) => (
        <Row key={tender.type} label={tender.label} value={formatAmount(tender.amount)} />
      ))}
      <Row label="CHANGE" value={formatAmount(totals.change)} />
    </dl>
  );
}
