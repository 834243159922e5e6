import { useSignals } from '@preact/signals-react/runtime';
import type { OrdersService } from 'pos-sdk';
import type { Order, OrderSummary } from 'pos-sdk/contract';
import { signalValues } from './signalValues';
import { usePos } from './usePos';

/** What {@link useOrders} returns. */
export interface OrdersState {
  /** The loaded rows of today's orders, newest first (the first page, then each `loadMore`). */
  readonly list: readonly OrderSummary[];
  readonly search: string;
  /** How many orders the search matches (all pages); 10,000 at most, see `totalIsEstimate`. */
  readonly total: number;
  /** The server stopped counting at 10,000: "more than 10,000". */
  readonly totalIsEstimate: boolean;
  /** Another page follows the loaded rows. */
  readonly hasMore: boolean;
  /** The order open in the invoice modal, its full detail. */
  readonly selected: Order | null;
  /** The order whose detail is being fetched for the modal. */
  readonly opening: string | null;
  /** The first page is loading. */
  readonly loading: boolean;
  /** A further page is loading. */
  readonly loadingMore: boolean;
  /** The last load failed: the rows are not the answer to `search`. */
  readonly loadFailed: boolean;
  /** `load`, `loadMore`, `open`, `close`, `addNote`, `cancel`, `refund`, `reprint`, `canRefund`... */
  readonly orders: OrdersService;
}

/** The day's orders, a page at a time; re-renders when what the component reads changes. */
export function useOrders(): OrdersState {
  useSignals();
  const { orders } = usePos();
  return Object.assign(
    signalValues(orders, [
      'list',
      'search',
      'total',
      'totalIsEstimate',
      'hasMore',
      'selected',
      'opening',
      'loading',
      'loadingMore',
      'loadFailed',
    ]),
    { orders },
  );
}
