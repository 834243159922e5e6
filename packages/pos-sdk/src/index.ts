/**
 * pos-sdk: the framework-free headless SDK of the POS terminal.
 *
 * Layers, each depending only on those above it: contract (also `pos-sdk/contract`), money,
 * rules, errors and api, services (`createPos`), hardware. Node-only pieces (file storage, the
 * ESC/POS network printer) are in `pos-sdk/node`.
 */
export * from './api';
// Both the contract and the rules name the payment types; the contract's is the wire's.
export type { PaymentType } from './contract';
export * from './contract';
export { createPos } from './createPos';
export * from './errors';
export * from './hardware';
export * from './money';
export * from './rules';
export * from './services';
export * from './storage';
export * from './sync';
