import type { Order, TerminalEntry } from 'pos-sdk/contract';
import { formatRM, fromRinggit, subtractSen } from 'pos-sdk/money';
import {
  addCalendarDays,
  formatVenueDateTime,
  itemTitle,
  orderItemDiscount,
  orderItemGross,
  periodDays,
  periodProblem,
  salesPeriod,
  venueDateStart,
} from 'pos-sdk/rules';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { EmailText } from '../../components/EmailText';
import { PosDialog } from '../../components/PosDialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { OrderEinvoice } from '../../orders/OrderEinvoice';
import { useSubmission } from '../adminForm';
import { downloadOrdersCsv } from '../ordersCsv';
import { Banner, DataTable, datesFrom, filterParams, PeriodFields } from '../parts';
import { usePagedList } from '../usePagedList';

const PAGE = 50;

const rm = (ringgit: number) => formatRM(fromRinggit(ringgit));

/**
 * Orders of any period (venue days), one store, searched by invoice or customer email, a page at a time; one opens
 * with its lines, payments, refunds and emails, and its receipt can be mailed again. The period's orders download as
 * CSV. The filter stays in the URL. The same calls as `pos orders`.
 */
export function AdminOrdersScreen({ terminals }: { terminals: readonly TerminalEntry[] }) {
  const pos = usePos();
  const timeZone = pos.config.timeZone;
  const [search, setSearch] = useSearchParams();
  const today = salesPeriod('today', pos.config.clock(), timeZone);
  const stores = useMemo(
    () => [...new Set([pos.config.origin, ...terminals.map((terminal) => terminal.store)])].sort(),
    [terminals, pos],
  );
  const filter = {
    ...datesFrom(search, today),
    store: search.get('store') ?? pos.config.origin,
    q: search.get('q') ?? '',
  };
  const [draft, setDraft] = useState(filter);
  const [total, setTotal] = useState<{ count: number; estimate: boolean } | null>(null);
  const [csvFailure, setCsvFailure] = useState('');
  const [opened, setOpened] = useState<string | null>(null);
  const [csvBusy, setCsvBusy] = useState(false);

  const request = (cursor?: string) => {
    const start = venueDateStart(filter.from, timeZone);
    const end = venueDateStart(addCalendarDays(filter.to, 1), timeZone);
    return pos.api
      .getOrdersPage({
        origin: filter.store,
        from: (start ?? new Date()).toISOString(),
        ...(end ? { to: end.toISOString() } : {}),
        ...(filter.q.trim() === '' ? {} : { search: filter.q.trim() }),
        limit: PAGE,
        ...(cursor === undefined ? {} : { cursor }),
      })
      .then((answer) => {
        if (cursor === undefined) setTotal({ count: answer.total, estimate: answer.total_is_estimate });
        return { items: answer.orders, next: answer.next_cursor };
      });
  };
  const {
    items: orders,
    next,
    fields,
    failure,
    loading,
    more,
    setFields,
  } = usePagedList(request, [filter.from, filter.to, filter.store, filter.q].join('|'));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = periodProblem(draft);
    if (problem !== null) {
      setFields({ to: problem });
      return;
    }
    setSearch(filterParams(draft), { replace: true });
  };
  const csv = async () => {
    setCsvBusy(true);
    try {
      await downloadOrdersCsv(pos, { from: filter.from, to: filter.to }, [filter.store], timeZone);
    } catch (error) {
      setCsvFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setCsvBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold">Orders</h1>
        <Button variant="outline" onClick={() => void csv()} loading={csvBusy}>
          Download CSV
        </Button>
      </div>
      <form onSubmit={apply} aria-label="Filter the orders" className="flex flex-wrap items-end gap-3">
        <PeriodFields
          period={draft}
          onChange={(period) => setDraft({ ...draft, ...period })}
          errors={fields}
        />
        <SelectField
          label="Store"
          value={draft.store}
          onChange={(event) => setDraft({ ...draft, store: event.target.value })}
          error={fields.origin}
        >
          {stores.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search"
          type="search"
          placeholder={`Invoice (${filter.store}-000123) or email`}
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          error={fields.search}
        />
        <Button type="submit" variant="primary">
          Show
        </Button>
      </form>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="orders-count">
        {total === null
          ? ''
          : `${total.estimate ? 'More than ' : ''}${total.count} ${total.count === 1 ? 'order' : 'orders'} in ${periodDays(filter)} ${periodDays(filter) === 1 ? 'day' : 'days'}`}
      </p>
      <Banner tone="error">{failure || csvFailure}</Banner>
      <DataTable
        label="Orders"
        heads={['Date', 'Invoice', 'Customer', 'Items', 'Amount', 'Status']}
        footer={
          orders.length === 0 && !loading && !failure ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">No orders for this filter</p>
          ) : null
        }
      >
        {orders.map((order) => (
          <tr
            key={order._id}
            data-testid="admin-order-row"
            data-invoice={order.invoice?._id ?? ''}
            className="border-b border-slate-100 dark:border-slate-800"
          >
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {formatVenueDateTime(order.date, timeZone)}
            </td>
            <td className="px-3 py-2">
              <button
                type="button"
                onClick={() => setOpened(order._id)}
                className="min-h-11 font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-200"
              >
                {order.invoice?._id ?? order._id}
              </button>
            </td>
            <td className="px-3 py-2">
              {order.customer.email ? <EmailText email={order.customer.email} /> : '—'}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{order.num_items}</td>
            <td className="px-3 py-2 text-right tabular-nums">{rm(order.total_amount)}</td>
            <td className="px-3 py-2">
              {order.status}
              {order.status === 'PAID' && (order.refunded_amount ?? 0) > 0
                ? ` (${rm(order.refunded_amount ?? 0)} refunded)`
                : ''}
            </td>
          </tr>
        ))}
      </DataTable>
      {next !== null ? (
        <Button variant="outline" onClick={more} loading={loading} className="self-center">
          Show more
        </Button>
      ) : null}
      {opened ? <OrderDialog orderId={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}

/** One order: lines, payment, refunds and emails; its receipt mailed again on request. */
function OrderDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const pos = usePos();
  const timeZone = pos.config.timeZone;
  const [order, setOrder] = useState<Order | null>(null);
  const [loadFailure, setLoadFailure] = useState('');
  const [to, setTo] = useState('');
  const [sent, setSent] = useState('');
  const { busy, failure, run } = useSubmission();
  useEffect(() => {
    pos.api.getOrder({ order_id: orderId }).then(
      (answer) => {
        setOrder(answer);
        setTo(answer.order_details.customer.email);
      },
      (error: unknown) => setLoadFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [pos, orderId]);
  const invoice = order?.invoice?._id;
  const resend = () => {
    if (!invoice) return;
    let answer: Order | undefined;
    void run(async () => {
      answer = await pos.api.resendReceipt({
        invoice_id: invoice,
        ...(to.trim() === '' || to.trim() === order?.order_details.customer.email ? {} : { to: to.trim() }),
      });
    }).then((ok) => {
      if (!ok || !answer) return;
      setOrder(answer);
      setSent(`Receipt queued for ${to.trim() || answer.order_details.customer.email}`);
    });
  };
  return (
    <PosDialog
      open
      title={invoice ? `Invoice ${invoice}` : 'Order'}
      onClose={onClose}
      cancelLabel="Close"
      size="lg"
      testId="admin-order"
      {...(invoice ? { onSubmit: resend, submitLabel: 'Resend receipt', busy } : {})}
    >
      {loadFailure ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {loadFailure}
        </p>
      ) : null}
      {order ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {formatVenueDateTime(order.date, timeZone)} · {order.status}
            {order.staff ? ` · ${order.staff}` : ''}
            {order.terminal ? ` · ${order.terminal}` : ''}
          </p>
          <table aria-label="Lines" className="w-full border-collapse text-left text-sm">
            <tbody>
              {order.order_details.cart.items.map((item, index) => (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line has no id of its own; its place in the order never changes
                  key={index}
                  className="border-b border-slate-100 dark:border-slate-800"
                >
                  <td className="py-1.5">
                    {item.quantity} × {itemTitle(item)}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">
                    {formatRM(subtractSen(orderItemGross(item), orderItemDiscount(item)))}
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row" className="py-1.5 text-left">
                  Total
                </th>
                <td className="py-1.5 text-right font-semibold tabular-nums">{rm(order.total_amount)}</td>
              </tr>
              {(order.refunded_amount ?? 0) > 0 ? (
                <tr>
                  <th scope="row" className="py-1.5 text-left font-normal">
                    Refunded
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{rm(order.refunded_amount ?? 0)}</td>
                </tr>
              ) : null}
            </tbody>
          </table>
          <OrderEinvoice orderId={order._id} />
          <p className="text-sm">
            Paid by{' '}
            {order.payment.methods.map((method) => `${method.type} ${rm(method.amount)}`).join(', ') ||
              'nothing'}
            {order.payment.change > 0 ? `, change ${rm(order.payment.change)}` : ''}
          </p>
          {order.mail && order.mail.length > 0 ? (
            <ul className="text-sm" aria-label="Emails">
              {order.mail.map((mail) => (
                <li key={`${mail.kind}-${mail.created_at}-${mail.to}`}>
                  {mail.kind} to {mail.to}: {mail.status}
                  {mail.last_error ? ` (${mail.last_error})` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {invoice ? (
            <TextField
              label="Send the receipt to"
              type="email"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={failure.fields.to}
            />
          ) : null}
          {failure.message ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {failure.message}
            </p>
          ) : null}
          {sent ? (
            <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
              {sent}
            </p>
          ) : null}
        </div>
      ) : null}
    </PosDialog>
  );
}
