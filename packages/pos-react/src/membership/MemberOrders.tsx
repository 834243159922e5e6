import type { Order } from 'pos-sdk/contract';
import { formatAmount, fromRinggit } from 'pos-sdk/money';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { Table, Td, Th } from '../components/Table';
import { usePos } from '../hooks/usePos';
import { invoiceNumberOf } from '../orders/invoiceNumberOf';
import { OrderStatusBadge } from '../orders/OrderStatusBadge';

/** A member's orders: date, invoice no, amount (MYR) and status, newest first. */
export function MemberOrders({ orders }: { orders: readonly Order[] }) {
  const pos = usePos();
  if (orders.length === 0) return <p className="text-slate-600 dark:text-slate-400">No orders.</p>;
  return (
    // A region the keyboard can scroll when the table is wider than a narrow screen.
    <section
      aria-label="Member's orders, scrollable"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-xl ring-1 ring-slate-200 dark:ring-slate-700"
    >
      <Table label="Member's orders">
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>Invoice No</Th>
            <Th numeric>Amount (MYR)</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {orders.map((order) => (
            <tr key={order._id} data-testid="member-order">
              <Td className="whitespace-nowrap tabular-nums">
                {formatVenueDateTime(order.date, pos.config.timeZone)}
              </Td>
              <Td className="font-mono">{invoiceNumberOf(order)}</Td>
              <Td numeric>{formatAmount(fromRinggit(order.total_amount))}</Td>
              <Td>
                <OrderStatusBadge status={order.status} />
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
