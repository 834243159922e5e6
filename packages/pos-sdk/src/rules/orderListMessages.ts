/** The texts of the orders list, a page at a time, so a long day never loads at once: the orders screen and `pos orders list`. */
export const ORDER_LIST_MESSAGES = {
  /** The button under the loaded rows while another page follows. */
  loadMore: 'Load more',
  /** While the first page is fetched. */
  loadingOrders: 'Loading orders…',
  /** The invoice modal while the order's detail is fetched. */
  loadingInvoice: 'Loading the invoice…',
  /** A filter that matches nothing. */
  noOrders: 'No orders',
  /** The count line while the list is not the answer to the search (the load failed). */
  notLoaded: 'Orders not loaded',
  /** Under it, where the rows would be. */
  notLoadedHint: 'The orders could not be fetched from the server. Search again to retry.',
  /** A search longer than the server takes (get_orders `search`). */
  searchTooLong: 'Search with at most 200 characters',
} as const;

const COUNT = new Intl.NumberFormat('en-US');

/**
 * How many orders a filter matches: '1 order', '1,234 orders', or 'more than 10,000 orders' when the server stopped
 * counting (`total_is_estimate`). An estimate is a lower bound, so once more orders are loaded than it says, the
 * loaded ones are the bound: 'more than 150 orders' with 150 loaded, never 'more than 100'.
 *
 * @example ordersMatching(10_000, true) // 'more than 10,000 orders'
 */
export function ordersMatching(total: number, isEstimate = false, loaded = 0): string {
  if (isEstimate) return `more than ${COUNT.format(Math.max(total, loaded))} orders`;
  return `${COUNT.format(total)} ${total === 1 ? 'order' : 'orders'}`;
}

/**
 * How many of the matching orders are loaded while more follow: 'Showing 50 of 1,234 orders', 'Showing 50 of more
 * than 10,000 orders', 'Showing 150 of more than 150 orders' (see {@link ordersMatching}).
 */
export function ordersShown(shown: number, total: number, isEstimate = false): string {
  return `Showing ${COUNT.format(shown)} of ${ordersMatching(total, isEstimate, shown)}`;
}
