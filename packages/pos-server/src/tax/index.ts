/** Sales and service tax: the venue's tax codes, which catalogue variants name and sales are taxed by. */
export { taxRoutes } from './routes';
export { listTaxCodes, requireTaxCode, TAX_MESSAGES } from './taxCodes';
