export { CONSOLE_DRAWER_TEXT, type ConsoleDriverOptions, createConsoleDriver } from './createConsoleDriver';
export { createDesktopShellDriver, type DesktopShellDriverOptions } from './createDesktopShellDriver';
export { createHttpRelayDoorDriver, type HttpRelayDoorDriverOptions } from './createHttpRelayDoorDriver';
export { createMemoryDoorDriver, type MemoryDoorDriver } from './createMemoryDoorDriver';
export {
  createMemoryDriver,
  type MemoryDriver,
  type MemoryDriverCall,
  type MemoryDriverOptions,
} from './createMemoryDriver';
export {
  createPrintViewDriver,
  type OpenPrintWindow,
  type PrintViewCode,
  type PrintViewDriverOptions,
  type PrintViewWindow,
  renderPrintViewHtml,
} from './createPrintViewDriver';
export type { DoorDriver } from './DoorDriver';
export { DEFAULT_DOOR_OPEN_SECONDS } from './DoorDriver';
export {
  type DesktopShellGlobal,
  detectDesktopShell,
  type PostMessageTarget,
  windowPostMessageBridge,
} from './desktopShellBridge';
export type { DriverCapabilities, HardwareDriver, ReceiptColumns } from './HardwareDriver';
export { RECEIPT_COLUMNS } from './HardwareDriver';
export type { HardwareErrorReason } from './HardwareError';
export { HARDWARE_ERROR_REASONS, HardwareError, isHardwareError } from './HardwareError';
export type {
  DocumentHeader,
  DocumentHeaderOptions,
  FloatDocument,
  PrintDocument,
  PrintDocumentKind,
  RefundDocument,
  ReprintDocument,
  SaleDocument,
  XReportDocument,
  ZReportDocument,
} from './PrintDocument';
export { createDocumentHeader } from './PrintDocument';
export type { RenderOptions } from './renderDocument';
export { renderDocument } from './renderDocument';
export type {
  AppStartMessage,
  OpenDrawerMessage,
  PrintMessage,
  ReprintMessage,
  ShellBridge,
  ShellMessage,
} from './ShellMessage';
export { isShellMessage, SHELL_MESSAGE_TYPES } from './ShellMessage';
export { documentQrCodes, documentTicketCodes } from './ticketCodes';
