/**
 * The stores and what they sell: the passes and merchandise a terminal's tiles show, the catalogue a sale prices
 * from (cached by the catalogue's version), and the back office's catalogue with its import and export.
 */

export { readCsvRecords } from './catalogFile';
export type { CatalogueCache, CatalogueLookup } from './catalogueCache';
export { catalogueCacheOf } from './catalogueCache';
export type { CatalogueItem, CatalogueMerchandise, CataloguePass } from './findCatalogueItem';
export { findCatalogueItem } from './findCatalogueItem';
export { catalogueRoutes } from './routes';
export { ensureStore, isStore, requireOrigin } from './stores';
