/**
 * The demo data: the demo store's staff, passes and merchandise, seeded into an empty database.
 */
export { DEMO_MERCHANDISE, DEMO_PASSES, DEMO_STAFF, isDatabaseEmpty, seedDemo } from './seedDemo';
