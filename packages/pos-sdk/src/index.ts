/**
 * pos-sdk: the framework-free headless SDK of the POS terminal.
 *
 * This root entry is the terminal itself: `createPos` and its services, the API client, the errors, the hardware
 * drivers, storage and the offline sync. It re-exports nothing another entry owns; import those from their own
 * entries, which load nothing above them:
 *
 * - `pos-sdk/contract`: the wire (the endpoints, their schemas and types: `Order`, `Receipt`, ...);
 * - `pos-sdk/money`: integer sen and how they are written (`formatRM`, `sen`, `addSen`, ...);
 * - `pos-sdk/rules`: the pure rules of the spec (cart, discount, payment, refund, venue day, forms);
 * - `pos-sdk/messages`: the texts an app shows (toasts, labels, refusals), for apps that show them;
 * - `pos-sdk/receipt`: the printed documents as text;
 * - `pos-sdk/node`: the Node-only pieces (file storage, the ESC/POS network printer).
 */

// The API client: one function per call of the contract.
export type {
  ApiClient,
  ApiConfig,
  CallOptions,
  HealthResponse,
  OrderReportStream,
  ResolvedApiConfig,
  RetryInfo,
} from './api';
export {
  createApiClient,
  DEFAULT_HOST_ID,
  DEFAULT_IN_PROGRESS_WAIT_MS,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_STORE,
  DEFAULT_TIMEOUT_MS,
  newIdempotencyKey,
} from './api';

// The terminal: createPos and its services.
export { createPos } from './createPos';
// Errors: one code vocabulary (the wire's codes plus the client-only ones), a subclass only where a caller acts differently.
export type {
  AnyPosError,
  ClientErrorCode,
  HardwareDetails,
  PosErrorCode,
  PosErrorDetails,
  PosErrorOptions,
  RuleDetails,
  RuleErrorOptions,
  ValidationErrorOptions,
} from './errors';
export {
  AuthError,
  FormError,
  isPosError,
  NetworkError,
  POS_ERROR_CODES,
  PosError,
  RuleError,
  toFieldIssues,
  toPosError,
  ValidationError,
} from './errors';
// Hardware: the driver interface and the drivers (the printed documents are `pos-sdk/receipt`'s, the ESC/POS bytes `pos-sdk/escpos`').
export type {
  AppStartMessage,
  ConsoleDriverOptions,
  DesktopShellDriverOptions,
  DesktopShellGlobal,
  DoorDriver,
  DriverCapabilities,
  HardwareDriver,
  HardwareErrorReason,
  HttpRelayDoorDriverOptions,
  MemoryDoorDriver,
  MemoryDriver,
  MemoryDriverCall,
  MemoryDriverOptions,
  OpenDrawerMessage,
  OpenPrintWindow,
  PostMessageTarget,
  PrintMessage,
  PrintViewCode,
  PrintViewDriverOptions,
  PrintViewWindow,
  ReceiptColumns,
  ReprintMessage,
  ShellBridge,
  ShellMessage,
} from './hardware';
export {
  CONSOLE_DRAWER_TEXT,
  createConsoleDriver,
  createDesktopShellDriver,
  createHttpRelayDoorDriver,
  createMemoryDoorDriver,
  createMemoryDriver,
  createPrintViewDriver,
  DEFAULT_DOOR_OPEN_SECONDS,
  detectDesktopShell,
  documentQrCodes,
  documentTicketCodes,
  HARDWARE_ERROR_REASONS,
  HardwareError,
  isHardwareError,
  isShellMessage,
  RECEIPT_COLUMNS,
  renderPrintViewHtml,
  SHELL_MESSAGE_TYPES,
  windowPostMessageBridge,
} from './hardware';
export type {
  AddToCartOptions,
  ApprovalService,
  CartChangedEvent,
  CartPayload,
  CartService,
  CatalogEntry,
  CatalogService,
  CatalogTiles,
  CheckoutService,
  DiscountForm,
  DiscountToApply,
  DisplayApiConfig,
  DisplayPairing,
  DisplayPublisher,
  DisplayPublisherApi,
  DisplayPublisherOptions,
  EndShiftForm,
  EventSourceConstructor,
  EventSourceLike,
  EventsService,
  ExportOrdersOptions,
  FacePhoto,
  HoldFee,
  HoldOptions,
  IdentityProvider,
  LoadOrdersOptions,
  MemberDetails,
  MembershipService,
  Notice,
  NoticeInput,
  NoticeKind,
  NoticesService,
  OrderExport,
  OrderPagesOptions,
  OrdersService,
  PairingApiConfig,
  PendingHold,
  PinState,
  Pos,
  PosCartItem,
  PosConfig,
  PosDiscount,
  PosEventListener,
  PosEventName,
  PosEvents,
  PreparedItem,
  RefundOptions,
  RefundRequest,
  RenewalForm,
  ResolvedPosConfig,
  SaleCompletedEvent,
  SaleSyncedEvent,
  SessionService,
  ShiftEndedEvent,
  ShiftService,
  ShiftStartedEvent,
  SignOutReason,
  SubmitInput,
  SubscribeDisplayOptions,
  Tenders,
  TenderType,
  TicketsService,
  Tile,
  Timers,
  VenueService,
} from './services';
export {
  checkDeviceTerminal,
  claimDisplay,
  createDisplayPublisher,
  DEVICE_PAIRING_KEY,
  DISPLAY_PAIRING_KEY,
  forgetDevicePairing,
  forgetDisplayPairing,
  NOTICE_DURATIONS,
  PENDING_HOLDS_KEY,
  PHOTO_ERROR_DURATION_MS,
  pairDevice,
  readDevicePairing,
  readDisplayPairing,
  STORAGE_KEYS,
  saveDevicePairing,
  saveDisplayPairing,
  serverIdentityProvider,
  subscribeDisplay,
} from './services';

// Storage and the offline queue.
export type { StorageAdapter, WebStorageLike } from './storage';
export { browserStorage, memoryStorage } from './storage';
export type {
  ConnectionState,
  LocalConflict,
  OfflineStore,
  QueuedOperation,
  QueuedRedeem,
  QueuedSale,
  SyncResult,
  SyncService,
} from './sync';
export { indexedDbOfflineStore, memoryOfflineStore, SYNC_PROBE_INTERVAL_MS } from './sync';
export type { IdbFactoryLike } from './sync/indexedDbOfflineStore';
