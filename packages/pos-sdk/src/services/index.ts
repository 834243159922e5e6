/** The stateful layer: services over signals, wired by `createPos` (src/createPos.ts). */
export type { CatalogEntry } from './catalog';
export { MERCHANDISE_CATEGORY } from './catalog';
export { NOTICE_DURATIONS, PHOTO_ERROR_DURATION_MS } from './notices';
export { serverIdentityProvider } from './serverIdentityProvider';
export { STORAGE_KEYS } from './storageKeys';
export type {
  AddToCartOptions,
  ApprovalService,
  CartPayload,
  CartService,
  CatalogService,
  CatalogTiles,
  CheckoutService,
  DiscountForm,
  DiscountToApply,
  EndShiftForm,
  ExportOrdersOptions,
  FacePhoto,
  IdentityProvider,
  LoadOrdersOptions,
  MemberDetails,
  MembershipService,
  Notice,
  NoticeInput,
  NoticeKind,
  NoticesService,
  OrderExport,
  OrdersService,
  PinState,
  Pos,
  PosCartItem,
  PosConfig,
  PosDiscount,
  PreparedItem,
  RenewalForm,
  ResolvedPosConfig,
  SessionService,
  ShiftService,
  SignOutReason,
  StorageAdapter,
  SubmitInput,
  Tenders,
  TenderType,
  TicketsService,
  Tile,
  Timers,
} from './types';
export type { VenueService } from './venue';
