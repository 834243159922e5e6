export type { CatalogueCache, CatalogueLookup } from './catalogueCache';
export { catalogueCacheOf } from './catalogueCache';
export type { CatalogueItem, CatalogueMerchandise, CataloguePass } from './findCatalogueItem';
export { findCatalogueItem } from './findCatalogueItem';
export { catalogueRoutes } from './routes';
export { ensureStore, isStore, requireOrigin } from './stores';
