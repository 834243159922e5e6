import type { ShiftReport } from 'pos-sdk/contract';
import { formatAmount, fromRinggit } from 'pos-sdk/money';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { Button } from '../components/Button';
import { PosDialog } from '../components/PosDialog';
import { Table, Td, Th } from '../components/Table';
import { usePos } from '../hooks/usePos';

/** Props of {@link ShiftReportDialog}. */
export interface ShiftReportDialogProps {
  readonly report: ShiftReport | null;
  /** Start the next shift (the 'New Shift' float dialog follows). */
  readonly onNewShift: () => void;
  readonly onSignOut: () => void;
}

const METHODS = [
  { key: 'cash', label: 'Cash' },
  { key: 'card', label: 'Card' },
  { key: 'ewallet', label: 'E-Wallet' },
] as const;

/** The end-of-shift report, shown after Close Shift (it is printed too). */
export function ShiftReportDialog({ report, onNewShift, onSignOut }: ShiftReportDialogProps) {
  const pos = usePos();
  const amount = (ringgit: number | undefined) =>
    ringgit === undefined ? '—' : formatAmount(fromRinggit(ringgit));
  return (
    <PosDialog
      open={report !== null}
      onClose={onSignOut}
      title="End of Shift Report"
      description={
        report
          ? `${report.terminal} · ${formatVenueDateTime(new Date(report.opened_at), pos.config.timeZone)} to ${
              report.closed_at ? formatVenueDateTime(new Date(report.closed_at), pos.config.timeZone) : 'now'
            }`
          : undefined
      }
      size="lg"
      testId="shift-report-dialog"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onNewShift}>
            Start New Shift
          </Button>
          <Button variant="primary" icon="logout" onClick={onSignOut} data-autofocus>
            Logout
          </Button>
        </div>
      }
    >
      {report ? (
        <>
          <div className="grid grid-cols-3 gap-3 text-center">
            <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-300">Float</p>
              <p className="text-lg font-bold tabular-nums">{amount(report.float)}</p>
            </div>
            <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-300">Orders</p>
              <p className="text-lg font-bold tabular-nums">{report.orders.count}</p>
            </div>
            <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-300">Refunded / Canceled</p>
              <p className="text-lg font-bold tabular-nums">
                {report.orders.refunded} / {report.orders.canceled}
              </p>
            </div>
          </div>
          <Table label="Takings (MYR)">
            <thead>
              <tr>
                <Th>Method</Th>
                <Th numeric>Sales</Th>
                <Th numeric>Refunds</Th>
                <Th numeric>Expected</Th>
                <Th numeric>Counted</Th>
                <Th numeric>Variance</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {METHODS.map(({ key, label }) => (
                <tr key={key}>
                  <Td className="font-semibold">{label}</Td>
                  <Td numeric>{amount(report.sales[key])}</Td>
                  <Td numeric>{amount(report.refunds[key])}</Td>
                  <Td numeric>{amount(report.expected[key])}</Td>
                  <Td numeric>{amount(report.counted?.[key])}</Td>
                  <Td numeric className="font-semibold">
                    {amount(report.variance?.[key])}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}
    </PosDialog>
  );
}
