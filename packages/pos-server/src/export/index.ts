export { csvCell, csvRecord } from './csvCell';
export type { OrderExport } from './exportOrders';
export { exportOrders } from './exportOrders';
export { exportRoutes } from './routes';
