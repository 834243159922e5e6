import type { ShiftReport } from 'pos-sdk/contract';
import { formatAmount, fromRinggit } from 'pos-sdk/money';
import { DEFAULT_VARIANCE_ALERT, formatVenueDateTime, shiftVariances } from 'pos-sdk/rules';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import { PosDialog } from '../components/PosDialog';
import { Table, Td, Th } from '../components/Table';
import { usePos } from '../hooks/usePos';
import { useSignalValue } from '../hooks/useSignalValue';
import { ShiftTaxTable } from './ShiftTaxTable';

/** Props of {@link ShiftReportDialog}. */
export type ShiftReportDialogProps =
  | {
      /** The end-of-shift report, or `null` when closed. */
      readonly report: ShiftReport | null;
      /** Start the next shift (the 'New Shift' float dialog follows). */
      readonly onNewShift: () => void;
      readonly onSignOut: () => void;
    }
  | {
      /** The X report ('Shift so far'), or `null` when closed. */
      readonly report: ShiftReport | null;
      readonly onClose: () => void;
    };

/**
 * A shift's report: 'Shift so far' (Menu, the X report: nothing counted yet, with Print) or the 'End of Shift
 * Report' after Close Shift (printed already). Per method: sales, refunds, expected and, at the end, counted and the
 * variance in words ('Short by RM 366.00: check the count'), marked beyond the venue's alert (RM 5.00 unless the
 * manager set another) by an icon, a tint and the words, never by colour alone. A shift with tax shows the tax
 * collected per code and in total, net of its refunds and cancellations.
 */
export function ShiftReportDialog(props: ShiftReportDialogProps) {
  const { report } = props;
  const pos = usePos();
  const venue = useSignalValue(pos.venue.settings);
  const alert =
    venue?.variance_alert === undefined ? DEFAULT_VARIANCE_ALERT : fromRinggit(venue.variance_alert);
  const amount = (ringgit: number | undefined) =>
    ringgit === undefined ? '—' : formatAmount(fromRinggit(ringgit));
  const isEnd = 'onSignOut' in props;
  const rows = report ? shiftVariances(report, alert) : [];
  return (
    <PosDialog
      open={report !== null}
      onClose={isEnd ? props.onSignOut : props.onClose}
      title={isEnd ? 'End of Shift Report' : 'Shift so far'}
      description={
        report
          ? `${report.terminal} · ${report.staff} · ${formatVenueDateTime(new Date(report.opened_at), pos.config.timeZone)} to ${
              report.closed_at ? formatVenueDateTime(new Date(report.closed_at), pos.config.timeZone) : 'now'
            }`
          : undefined
      }
      size="lg"
      testId={isEnd ? 'shift-report-dialog' : 'shift-so-far-dialog'}
      footer={
        isEnd ? (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={props.onNewShift}>
              Start New Shift
            </Button>
            <Button variant="primary" icon="logout" onClick={props.onSignOut} data-autofocus>
              Logout
            </Button>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              icon="receipt"
              onClick={() => {
                if (report) void pos.shift.printReport(report);
              }}
            >
              Print
            </Button>
            <Button variant="primary" onClick={props.onClose} data-autofocus className="sm:min-w-32">
              Close
            </Button>
          </div>
        )
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
                {isEnd ? (
                  <>
                    <Th numeric>Counted</Th>
                    <Th numeric>Variance</Th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {rows.map((row) => (
                <tr key={row.key} data-testid="shift-method" data-method={row.key}>
                  <Td className="font-semibold">{row.label}</Td>
                  <Td numeric>{amount(report.sales[row.key])}</Td>
                  <Td numeric>{amount(report.refunds[row.key])}</Td>
                  <Td numeric>{amount(report.expected[row.key])}</Td>
                  {isEnd ? (
                    <>
                      <Td numeric>{amount(report.counted?.[row.key])}</Td>
                      <Td
                        numeric
                        className={
                          row.beyond
                            ? 'bg-red-50 font-bold text-red-800 dark:bg-red-950 dark:text-red-100'
                            : 'font-semibold'
                        }
                      >
                        <span className="block tabular-nums">{amount(report.variance?.[row.key])}</span>
                        <span
                          data-testid="variance-text"
                          data-beyond={row.beyond ? 'true' : 'false'}
                          className="flex items-center justify-end gap-1 text-xs"
                        >
                          {row.beyond ? <Icon name="alert" className="size-4 shrink-0" /> : null}
                          {row.text}
                        </span>
                      </Td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
          {report.tax ? <ShiftTaxTable tax={report.tax} /> : null}
          {isEnd ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              A variance beyond RM {formatAmount(alert)} either way is marked: count again, or note why.
            </p>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Nothing is counted or closed: this is the shift so far. Expected cash is the float plus cash
              sales less cash refunds.
            </p>
          )}
        </>
      ) : null}
    </PosDialog>
  );
}
