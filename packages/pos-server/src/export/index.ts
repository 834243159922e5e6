/**
 * The order report export: a period of an origin's orders streamed as CSV or JSON, a page at a time.
 */
export { csvCell, csvRecord } from './csvCell';
export type { OrderExport } from './exportOrders';
export { exportOrders } from './exportOrders';
export { exportRoutes } from './routes';
