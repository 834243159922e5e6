/**
 * The terminals: their registration to a store, the one-time pairing codes a manager makes, the device that pairs
 * with one, and unregistering.
 */
export { makePairingCode } from './pairing';
export { terminalRoutes } from './routes';
export { listTerminals, registerTerminal, terminalStore, unregisterTerminal } from './terminals';
