export { requireOrder } from './findOrder';
export { ordersFromParts, ordersToWire } from './ordersToWire';
export { orderRoutes } from './routes';
