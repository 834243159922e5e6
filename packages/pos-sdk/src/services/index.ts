/**
 * The stateful layer: services over signals, wired by `createPos` (src/createPos.ts). Each
 * service's interface sits beside it (`CartService.ts` beside `cart.ts`), reusing the rules'
 * types; these are the contract the CLI and the React UI code against: changes are additive only.
 *
 * State lives in `@preact/signals-core` signals, exposed read-only (`ReadonlySignal<T>`): callers
 * read `.value`, `subscribe()` or derive with `computed()`, and change state only through the
 * actions. Actions return results or throw a `PosError` subclass (`RuleError` for a rule's
 * refusal, carrying the spec's message; `FormError` for an invalid form, its `details` holding
 * one `{ path, message }` per invalid field, `path` being the form's field name; the api's errors
 * otherwise), marked `notified` when the service has shown it as a notice. Money is integer sen
 * (`Sen`).
 */
export type { ApprovalService, DiscountForm, PinState } from './ApprovalService';
export type {
  AddToCartOptions,
  CartPayload,
  CartService,
  DiscountToApply,
  MemberDetails,
  PosCartItem,
  PosDiscount,
  PreparedItem,
} from './CartService';
export type { CatalogService, CatalogTiles, Tile } from './CatalogService';
export type { CheckoutService, SubmitInput, Tenders, TenderType } from './CheckoutService';
export type { CatalogEntry } from './catalog';
export type {
  DisplayApiConfig,
  DisplayPairing,
  EventSourceConstructor,
  EventSourceLike,
  SubscribeDisplayOptions,
} from './customerDisplay';
export {
  claimDisplay,
  DISPLAY_PAIRING_KEY,
  forgetDisplayPairing,
  readDisplayPairing,
  saveDisplayPairing,
  subscribeDisplay,
} from './customerDisplay';
export type { PairingApiConfig } from './devicePairing';
export {
  checkDeviceTerminal,
  DEVICE_PAIRING_KEY,
  forgetDevicePairing,
  pairDevice,
  readDevicePairing,
  saveDevicePairing,
} from './devicePairing';
export type { DisplayPublisher, DisplayPublisherApi, DisplayPublisherOptions } from './displayPublisher';
export { createDisplayPublisher } from './displayPublisher';
export type {
  CartChangedEvent,
  EventsService,
  PosEventListener,
  PosEventName,
  PosEvents,
  SaleCompletedEvent,
  SaleSyncedEvent,
  ShiftEndedEvent,
  ShiftStartedEvent,
} from './EventsService';
export type { HoldFee, PendingHold } from './holdFee';
export { PENDING_HOLDS_KEY } from './holdFee';
export type { IdentityProvider } from './IdentityProvider';
export type { MembershipService, RenewalForm } from './MembershipService';
export type { HoldOptions } from './membershipHolds';
export type { Notice, NoticeInput, NoticeKind, NoticesService, Timers } from './NoticesService';
export { NOTICE_DURATIONS, PHOTO_ERROR_DURATION_MS } from './notices';
export type {
  ExportOrdersOptions,
  LoadOrdersOptions,
  OrderExport,
  OrderPagesOptions,
  OrdersService,
  RefundOptions,
  RefundRequest,
} from './OrdersService';
export type { Pos, PosConfig, ResolvedPosConfig } from './Pos';
export type { SessionService, SignOutReason } from './SessionService';
export type { EndShiftForm, ShiftService } from './ShiftService';
export { serverIdentityProvider } from './serverIdentityProvider';
export { STORAGE_KEYS } from './storageKeys';
export type { FacePhoto, TicketsService } from './TicketsService';
export type { VenueService } from './venue';
