/**
 * Orders after the sale: the order history and search, one order, notes, and cancelling or refunding one, with
 * the order as the contract's Order.
 */
export { requireOrder } from './findOrder';
export { ordersFromParts, ordersToWire } from './ordersToWire';
export { orderRoutes } from './routes';
