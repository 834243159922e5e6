import { ORDER_LIST_MESSAGES, ordersMatching } from 'pos-sdk/messages';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import { TextField } from '../components/TextField';
import { useOrders } from '../hooks/useOrders';
import { usePos } from '../hooks/usePos';
import { InvoiceDialog } from '../orders/InvoiceDialog';
import { OrdersTable } from '../orders/OrdersTable';

/**
 * /orders: the day's order history (spec section 2). A table of today's orders for this terminal's
 * origin, a page at a time ("Load more"), with how many orders match, searched by invoice number or customer email
 * (Search, Reset); a row opens its invoice, whose detail is fetched then. 'Failed to retrieve orders' is the SDK's
 * notice.
 */
export function OrdersScreen() {
  const pos = usePos();
  const { list, search, selected, loading, total, totalIsEstimate, hasMore, loadingMore, loadFailed } =
    useOrders();
  const [text, setText] = useState(search);
  const [openId, setOpenId] = useState<string | null>(null);

  // Entering the screen loads today's orders (the search the cashier left, if any).
  useEffect(() => {
    pos.orders.load({ search: pos.orders.search.peek() }).catch(() => {
      // 'Failed to retrieve orders' is toasted by the SDK.
    });
    return () => pos.orders.close();
  }, [pos]);

  const load = (searchText: string) => {
    pos.orders.load({ search: searchText }).catch(() => {});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    load(text);
  };
  const reset = () => {
    setText('');
    load('');
  };

  const loadMore = () => {
    pos.orders.loadMore().catch(() => {
      // 'Failed to retrieve orders' is toasted by the SDK; Load more asks for the same page again.
    });
  };

  const openOrder = (orderId: string) => {
    setOpenId(orderId);
    // The list holds light rows: the modal loads the order's detail (get_order) and shows a loader until then.
    pos.orders.open(orderId).catch(() => {
      // The failure is the SDK's toast; the modal has nothing to show.
      setOpenId((current) => (current === orderId ? null : current));
    });
  };
  const closeOrder = () => {
    setOpenId(null);
    pos.orders.close();
  };
  const detail = openId !== null && selected?._id === openId ? selected : null;

  return (
    <div className="flex h-full flex-col gap-3 p-3 max-[991px]:h-auto max-[991px]:min-h-full">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/main"
          className="inline-flex min-h-12 items-center gap-2 rounded-xl px-3 font-semibold text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Icon name="chevronLeft" />
          Back
        </Link>
        <h1 className="text-2xl font-bold">Order History</h1>
        <p
          className="text-slate-600 tabular-nums dark:text-slate-300"
          aria-live="polite"
          data-testid="orders-count"
        >
          {loading
            ? ORDER_LIST_MESSAGES.loadingOrders
            : loadFailed
              ? ORDER_LIST_MESSAGES.notLoaded
              : `${ordersMatching(total, totalIsEstimate, list.length)} today`}
        </p>
      </div>

      <form
        onSubmit={submit}
        aria-label="Search orders"
        className="flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end dark:bg-slate-900 dark:ring-slate-800"
        noValidate
      >
        <TextField
          label="Invoice number or customer email"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={`e.g. ${pos.config.origin}-000123 or someone@example.com`}
          autoComplete="off"
          spellCheck={false}
          className="flex-1"
        />
        <div className="flex gap-3">
          <Button type="submit" variant="primary" icon="search" loading={loading} className="min-w-28 flex-1">
            Search
          </Button>
          <Button onClick={reset} disabled={loading} className="min-w-28 flex-1">
            Reset
          </Button>
        </div>
      </form>

      <section
        aria-label="Today's orders"
        className="flex min-h-64 flex-1 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <OrdersTable
          orders={list}
          loading={loading}
          failed={loadFailed}
          search={search}
          onOpen={(order) => openOrder(order._id)}
          total={total}
          totalIsEstimate={totalIsEstimate}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onLoadMore={loadMore}
        />
      </section>

      <InvoiceDialog open={openId !== null} order={detail} onClose={closeOrder} />
    </div>
  );
}
