import type { Pos } from 'pos-sdk';
import { ordersMatching } from 'pos-sdk/messages';

/** The orders screen's list a page at a time, then every order of a month for a script. */
export async function orderHistory(pos: Pos): Promise<void> {
  // First page (50 rows, newest first) of today's orders matching a search; then the rest, page by page.
  await pos.orders.load({ search: 'jane@' });
  console.info(ordersMatching(pos.orders.total.value, pos.orders.totalIsEstimate.value));
  while (pos.orders.hasMore.value) await pos.orders.loadMore();

  // The invoice modal's detail: one get_order when it opens.
  const first = pos.orders.list.value[0];
  if (first) {
    const order = await pos.orders.open(first._id);
    console.info(order.order_details.cart.items.length, 'items');
    pos.orders.close();
  }

  // Any period, every page, without touching the list.
  for await (const page of pos.orders.pages({ from: '2026-11-01T00:00:00+08:00', limit: 500 })) {
    for (const order of page.orders) console.info(order.invoice?._id, order.total_amount);
  }
}
