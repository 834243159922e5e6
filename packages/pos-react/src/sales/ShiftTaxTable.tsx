import type { ShiftTax } from 'pos-sdk/contract';
import { formatAmount, fromRinggit } from 'pos-sdk/money';
import { formatTaxRate } from 'pos-sdk/rules';
import { Table, Td, Th } from '../components/Table';

/**
 * The tax collected in a shift (a report's `tax`): a row per code and rate with the taxable base and the tax, and the
 * total, net of the shift's refunds and cancellations. The till's shift report and the back office's show it.
 */
export function ShiftTaxTable({ tax }: { readonly tax: ShiftTax }) {
  const amount = (ringgit: number) => formatAmount(fromRinggit(ringgit));
  return (
    <Table label="Tax collected (MYR)">
      <thead>
        <tr>
          <Th>Tax code</Th>
          <Th numeric>Rate</Th>
          <Th numeric>Taxable</Th>
          <Th numeric>Tax</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
        {tax.by_code.map((entry) => (
          <tr key={`${entry.code} ${entry.rate_bp}`} data-testid="shift-tax" data-code={entry.code}>
            <Td className="font-semibold">{entry.code}</Td>
            <Td numeric>{formatTaxRate(entry.rate_bp)}</Td>
            <Td numeric>{amount(entry.base)}</Td>
            <Td numeric>{amount(entry.tax)}</Td>
          </tr>
        ))}
        <tr data-testid="shift-tax-total">
          <Td className="font-semibold">Total tax</Td>
          <Td />
          <Td />
          <Td numeric className="font-semibold">
            {amount(tax.total)}
          </Td>
        </tr>
      </tbody>
    </Table>
  );
}
