import type { OrderSummary } from 'pos-sdk/contract';
import { MESSAGES, ORDER_LIST_MESSAGES, ordersShown } from 'pos-sdk/messages';
import { formatAmount, fromRinggit } from 'pos-sdk/money';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { Spinner } from '../components/Spinner';
import { Table, Td, Th } from '../components/Table';
import { usePos } from '../hooks/usePos';
import { invoiceNumberOf } from './invoiceNumberOf';
import { OrderStatusBadge } from './OrderStatusBadge';

/** Props of {@link OrdersTable}. */
export interface OrdersTableProps {
  /** The loaded rows (get_orders pages). */
  readonly orders: readonly OrderSummary[];
  readonly loading: boolean;
  /** The last load failed: the rows are not the answer to `search`, so none is shown, and no "no orders". */
  readonly failed?: boolean;
  /** The search of the shown list ('' for all of today). */
  readonly search: string;
  /** Clicking a row (or its invoice number): open the invoice modal. */
  readonly onOpen: (order: OrderSummary) => void;
  /** How many orders the search matches, and whether that is an estimate ("more than 10,000"). */
  readonly total: number;
  readonly totalIsEstimate: boolean;
  /** Another page follows: a "Load more" button under the rows. */
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly onLoadMore: () => void;
}

/** A cell's content, centred on the 44 px invoice button's line. */
const CELL = 'flex min-h-11 items-center';

/**
 * The day's orders (spec section 2): DATE (DD-MM-YYYY HH:mm:ss in the venue's time zone), INVOICE NO,
 * CUSTOMER EMAIL, AMOUNT (MYR), STATUS. A row opens its invoice; the invoice number is the row's
 * keyboard target. Under the rows, while more orders match than are loaded: how many are shown and "Load more".
 */
export function OrdersTable({
  orders: loaded,
  loading,
  failed = false,
  search,
  onOpen,
  total,
  totalIsEstimate,
  hasMore,
  loadingMore,
  onLoadMore,
}: OrdersTableProps) {
  const pos = usePos();
  const { timeZone } = pos.config;
  const orders = failed ? [] : loaded;
  return (
    <div className="min-h-0 flex-1 overflow-auto" data-testid="orders-table" aria-busy={loading || undefined}>
      <Table label="Orders">
        <thead>
          <tr>
            <Th>DATE</Th>
            <Th>INVOICE NO</Th>
            <Th>CUSTOMER EMAIL</Th>
            <Th numeric>AMOUNT (MYR)</Th>
            <Th>STATUS</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {orders.map((order) => {
            const invoiceNo = invoiceNumberOf(order);
            return (
              <tr
                key={order._id}
                data-testid="order-row"
                data-invoice={invoiceNo}
                onClick={() => onOpen(order)}
                className="cursor-pointer hover:bg-brand-50 dark:hover:bg-slate-800"
              >
                <Td className="whitespace-nowrap py-1.5 tabular-nums">
                  <div className={CELL}>{formatVenueDateTime(order.date, timeZone)}</div>
                </Td>
                <Td className="py-1.5">
                  <div className={CELL}>
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(order);
                      }}
                      aria-label={`Open invoice ${invoiceNo}`}
                      className="min-h-11 rounded-lg px-1 font-mono font-semibold text-brand-700 underline decoration-dotted underline-offset-4 hover:bg-brand-100 dark:text-brand-200 dark:hover:bg-slate-700"
                    >
                      {invoiceNo}
                    </button>
                  </div>
                </Td>
                <Td className="max-w-72 py-1.5">
                  <div className={CELL}>
                    <span className="truncate">
                      {order.customer.email || (
                        <span className="text-slate-500 dark:text-slate-400">None</span>
                      )}
                    </span>
                  </div>
                </Td>
                <Td numeric className="py-1.5 font-semibold">
                  <div className={`${CELL} justify-end`}>{formatAmount(fromRinggit(order.total_amount))}</div>
                </Td>
                <Td className="py-1.5">
                  <div className={`${CELL} flex-wrap gap-x-2`}>
                    <OrderStatusBadge status={order.status} />
                    {order.status === 'PAID' && (order.refunded_amount ?? 0) > 0 ? (
                      // Refunds by line leave the order PAID: the row says how much went back.
                      <span
                        className="text-sm font-medium text-amber-800 dark:text-amber-200"
                        data-testid="order-row-refunded"
                      >
                        {formatAmount(fromRinggit(order.refunded_amount ?? 0))} refunded
                      </span>
                    ) : null}
                  </div>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {hasMore && orders.length > 0 ? (
        <div
          className="flex flex-col items-center gap-2 border-t border-slate-200 p-4 sm:flex-row sm:justify-between dark:border-slate-800"
          data-testid="orders-more"
        >
          <p className="text-slate-600 tabular-nums dark:text-slate-300">
            {ordersShown(orders.length, total, totalIsEstimate)}
          </p>
          <Button icon="chevronDown" loading={loadingMore} disabled={loading} onClick={onLoadMore}>
            {ORDER_LIST_MESSAGES.loadMore}
          </Button>
        </div>
      ) : null}
      {orders.length === 0 ? (
        loading ? (
          <p className="flex items-center justify-center gap-2 p-8 text-slate-600 dark:text-slate-300">
            <Spinner /> {ORDER_LIST_MESSAGES.loadingOrders}
          </p>
        ) : failed ? (
          <EmptyState
            icon="history"
            title={MESSAGES.failedToRetrieveOrders}
            hint={ORDER_LIST_MESSAGES.notLoadedHint}
          />
        ) : (
          <EmptyState
            icon="history"
            title={search ? `No orders match "${search}"` : 'No orders today yet'}
            hint={search ? 'Reset the search to see all of today.' : "Today's orders will be listed here."}
          />
        )
      ) : null}
    </div>
  );
}
