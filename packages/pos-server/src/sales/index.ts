export type { SaleContext } from './checkout';
export { openShiftAndCatalogue } from './checkout';
export { checkTenders } from './checkTenders';
export { priceCartLine } from './priceCartLine';
export { saleRoutes } from './routes';
export { writeOrder } from './writeOrder';
