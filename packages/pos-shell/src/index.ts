/**
 * `pos-shell` as a library, for a venue's own launcher and for tests: the pieces the `pos-shell` command is made of.
 */
export { bridgeScript, injectBridge, MESSAGE_PATH, TOKEN_HEADER } from './bridge';
export { browserCandidates, findBrowser, windowArgs } from './browserWindow';
export {
  ConfigError,
  DEFAULT_PORT,
  type PrinterAddress,
  parsePrinter,
  readConfigFile,
  resolveConfig,
  type ShellConfig,
  type ShellSettings,
} from './config';
export { createLog, type ShellLog } from './log';
export { createMessageHandler, describeDocument, type MessageHandler } from './messages';
export { createShellPrinter, isPaperOut, PAPER_STATUS_REQUEST, type ShellPrinter } from './printer';
export { type RunningShell, runShell, shellKey } from './shell';
export { type ShellServer, startShellServer } from './shellServer';
