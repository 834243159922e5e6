/**
 * Node-only entry point (`pos-sdk/node`): the pieces that import Node built-ins and so must stay
 * out of the browser entry: the file storage adapter and offline store (the CLI) and the ESC/POS network printer.
 */
export { createEscPosDriver, type EscPosDriverOptions } from './hardware/createEscPosDriver';
export { fileOfflineStore } from './storage/fileOfflineStore';
export { fileStorage } from './storage/fileStorage';
