/**
 * Selling a cart (POST /v1/checkout): the cart checked against the catalogue and the rules, its rows built by `sell`,
 * and written by the database's `SaleWriter` (SQLite, or PostgreSQL with its keyed one-statement path), at most once
 * per idempotency key (`sellOnce`).
 */
export type { SaleContext } from './checkout';
export { openShiftAndCatalogue } from './checkout';
export { checkTax } from './checkSale';
export { checkTenders } from './checkTenders';
export { priceCartLine } from './priceCartLine';
export { saleRoutes } from './routes';
export { writeOrder } from './writeOrder';
