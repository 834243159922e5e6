/** Storage adapters for the browser and tests. The Node file adapter is in `pos-sdk/node`. */
export type { WebStorageLike } from './browserStorage';
export { browserStorage } from './browserStorage';
export { memoryStorage } from './memoryStorage';
export type { StorageAdapter } from './StorageAdapter';
