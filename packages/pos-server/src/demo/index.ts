export { DEMO_MERCHANDISE, DEMO_PASSES, DEMO_STAFF, isDatabaseEmpty, seedDemo } from './seedDemo';
