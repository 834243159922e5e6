import type { OrderStatus } from 'pos-sdk/contract';
import { Badge, type BadgeTone } from '../components/Badge';

/** The badge colour of each order status; the badge always carries the status's word. */
export const ORDER_STATUS_TONES: Readonly<Record<OrderStatus, BadgeTone>> = {
  PAID: 'green',
  REFUNDED: 'amber',
  CANCELED: 'red',
};

/** An order's status as a labelled badge (PAID, REFUNDED, CANCELED). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_STATUS_TONES[status]}>{status}</Badge>;
}
