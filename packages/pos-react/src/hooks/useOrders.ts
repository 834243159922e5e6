import { useSignals } from '@preact/signals-react/runtime';
import type { Order, OrdersService } from 'pos-sdk';
import { usePos } from './usePos';

/** What {@link useOrders} returns. */
export interface OrdersState {
  /** Today's orders, newest first. */
  readonly list: readonly Order[];
  readonly search: string;
  /** The order open in the invoice modal. */
  readonly selected: Order | null;
  readonly loading: boolean;
  /** `load`, `open`, `close`, `addNote`, `cancel`, `refund`, `reprint`, `canRefund`... */
  readonly orders: OrdersService;
}

/** The day's orders; re-renders when they change. */
export function useOrders(): OrdersState {
  useSignals();
  const { orders } = usePos();
  return {
    list: orders.list.value,
    search: orders.search.value,
    selected: orders.selected.value,
    loading: orders.loading.value,
    orders,
  };
}
