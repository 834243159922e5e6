/**
 * Merchandise stock: a level per tracked variant, every change a movement; sales take stock in their transaction and
 * refunds and cancels put it back.
 */
export { stockRoutes } from './routes';
export { levelsOf, putBackStock, type StockLine, takeStockForSale } from './stockLevels';
