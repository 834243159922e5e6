/**
 * pos-sdk: the framework-free headless SDK of the POS terminal.
 *
 * Layers, lowest first (docs/architecture.md draws them): money; messages and rules (the messages are written once in
 * `rules/`, and the contract's schemas use some of them); the contract; errors and the API client; services
 * (`createPos`); hardware. The lower layers have entries of their own that load nothing above them:
 * `pos-sdk/money`, `pos-sdk/messages`, `pos-sdk/rules`, `pos-sdk/contract` and `pos-sdk/receipt` (the printed
 * documents as text). Node-only pieces (file storage, the ESC/POS network printer) are in `pos-sdk/node`.
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
