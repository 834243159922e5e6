export { makePairingCode } from './pairing';
export { terminalRoutes } from './routes';
export { listTerminals, registerTerminal, terminalStore, unregisterTerminal } from './terminals';
