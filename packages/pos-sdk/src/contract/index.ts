/**
 * The HTTP contract between the SDK and the server, in zod/mini (docs/api.md describes it).
 * Imported as `pos-sdk/contract`; the server validates with the same schemas. Each schema is built behind a pure
 * annotation, so an app's bundle holds only the schemas it uses (and zod/mini's functional API: `z.optional(s)`,
 * `s.check(z.minLength(1))`, where the full zod has methods).
 */

export type {
  AdminLoginRequest,
  AdminLoginResponse,
  SignInRequest,
  SignInResponse,
  SignOutResponse,
  UserEntry,
  UserProfile,
  VerifyPinRequest,
  VerifyPinResponse,
} from './auth';
export {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  SignOutResponseSchema,
  UserEntrySchema,
  UserProfileSchema,
  UsersResponseSchema,
  VerifyPinRequestSchema,
  VerifyPinResponseSchema,
} from './auth';
export type {
  AuditEntry,
  AuditListRequest,
  AuditListResponse,
  CatalogAddRequest,
  CatalogEditRequest,
  CatalogExportRequest,
  CatalogExportResponse,
  CatalogFormat,
  CatalogImportChange,
  CatalogImportRequest,
  CatalogImportResponse,
  CatalogList,
  CatalogMerchandiseRow,
  CatalogPassRow,
  CatalogProduct,
  CatalogRow,
  CatalogRowInput,
  CatalogSetActiveRequest,
  StaffAddRequest,
  StaffEditRequest,
  StaffMember,
  StaffResetPasswordRequest,
  StaffResetPinRequest,
  StaffRole,
  StaffSetActiveRequest,
  VenueSettings,
  VenueSettingsUpdate,
} from './backOffice';
export {
  AuditEntrySchema,
  AuditListRequestSchema,
  AuditListResponseSchema,
  CatalogAddRequestSchema,
  CatalogEditRequestSchema,
  CatalogExportRequestSchema,
  CatalogExportResponseSchema,
  CatalogFormatSchema,
  CatalogImportRequestSchema,
  CatalogImportResponseSchema,
  CatalogListSchema,
  CatalogMerchandiseRowSchema,
  CatalogPassRowSchema,
  CatalogRowSchema,
  CatalogSetActiveRequestSchema,
  DURATION_UNITS,
  EntriesPerDaySchema,
  SkuSchema,
  StaffAddRequestSchema,
  StaffEditRequestSchema,
  StaffListSchema,
  StaffMemberSchema,
  StaffResetPasswordRequestSchema,
  StaffResetPinRequestSchema,
  StaffRoleSchema,
  StaffSetActiveRequestSchema,
  VenueSettingsSchema,
  VenueSettingsUpdateSchema,
} from './backOffice';
export type {
  Duration,
  MerchandiseProduct,
  MerchandiseVariant,
  PassProduct,
  PassVariant,
  Price,
} from './catalog';
export {
  DurationSchema,
  MerchandiseListSchema,
  MerchandiseProductSchema,
  MerchandiseVariantSchema,
  PassListSchema,
  PassProductSchema,
  PassVariantSchema,
  PriceSchema,
} from './catalog';
export type { BodyKind, EndpointDef, EndpointName, ResponseKind } from './endpoints';
export { buildPath, ENDPOINTS } from './endpoints';
export type { ErrorBody, FieldIssue, WireErrorCode } from './errors';
export { ErrorBodySchema, FieldIssueSchema, WIRE_ERROR_STATUS } from './errors';
export type { MailStatus, OrderMail, ResendReceiptRequest } from './mail';
export { MailKindSchema, MailStatusSchema, OrderMailSchema, ResendReceiptRequestSchema } from './mail';
export type {
  LookupMembershipRequest,
  LookupMembershipResponse,
  Member,
  RenewMembershipResponse,
} from './membership';
export {
  LookupMembershipRequestSchema,
  LookupMembershipResponseSchema,
  MemberSchema,
  RenewMembershipResponseSchema,
} from './membership';
export type {
  OfflinePolicy,
  OfflinePrepareResponse,
  ResolveSyncConflictRequest,
  SyncConflict,
  SyncConflictKind,
  SyncConflictsRequest,
} from './offline';
export {
  OfflinePolicySchema,
  OfflinePrepareRequestSchema,
  OfflinePrepareResponseSchema,
  ResolveSyncConflictRequestSchema,
  SyncConflictKindSchema,
  SyncConflictSchema,
  SyncConflictsRequestSchema,
  SyncConflictsResponseSchema,
} from './offline';
export type {
  AddOrderNoteRequest,
  CancelOrderRequest,
  ExportFormat,
  ExportOrderReportRequest,
  GetOrderRequest,
  GetOrdersRequest,
  OrderPage,
  OrderSummary,
  RefundItem,
  RefundOrderRequest,
  RefundTender,
} from './orders';
export {
  AddOrderNoteRequestSchema,
  CancelOrderRequestSchema,
  EXPORT_CSV_COLUMNS,
  ExportFormatSchema,
  ExportOrderReportRequestSchema,
  GetOrderRequestSchema,
  GetOrdersRequestSchema,
  GetOrdersResponseSchema,
  ORDERS_COUNT_MAX,
  ORDERS_PAGE_DEFAULT,
  ORDERS_PAGE_MAX,
  ORDERS_UNPAGED_MAX,
  OrderPageSchema,
  OrderSummarySchema,
  RefundItemSchema,
  RefundMethodSchema,
  RefundOrderRequestSchema,
  RefundTenderSchema,
} from './orders';
export type { PersonName } from './primitives';
export {
  CurrencySchema,
  EmailSchema,
  EmptyBodySchema,
  IdSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  MAX_RINGGIT,
  MoneySchema,
  NonNegativeMoneySchema,
  PersonNameSchema,
} from './primitives';
export type { Receipt } from './receipt';
export { ReceiptSchema } from './receipt';
export type {
  CartItem,
  CartMember,
  CheckoutRequest,
  Discount,
  ItemType,
  Order,
  OrderNote,
  OrderRefund,
  OrderStatus,
  Payment,
  PaymentMethod,
  PaymentType,
  Phone,
} from './sale';
export {
  CartItemSchema,
  CartMemberSchema,
  CheckoutRequestSchema,
  DiscountSchema,
  ItemTypeSchema,
  OrderListSchema,
  OrderNoteSchema,
  OrderRefundSchema,
  OrderSchema,
  OrderStatusSchema,
  PaymentMethodSchema,
  PaymentSchema,
  PaymentTypeSchema,
  PhoneSchema,
} from './sale';
export type {
  EndShiftRequest,
  FloatEntry,
  MethodTotals,
  SetFloatRequest,
  Shift,
  ShiftOrEmpty,
  ShiftReport,
} from './shift';
export {
  EndShiftRequestSchema,
  FloatEntrySchema,
  MethodTotalsSchema,
  SetFloatRequestSchema,
  ShiftOrEmptySchema,
  ShiftReportSchema,
  ShiftSchema,
} from './shift';
export type {
  DevicePairing,
  PairDeviceRequest,
  TerminalEntry,
  TerminalPairingCode,
  TerminalPairRequest,
  TerminalRemoveRequest,
  TerminalRemoveResponse,
  TerminalStatus,
} from './terminals';
export {
  DevicePairingSchema,
  PairDeviceRequestSchema,
  TerminalEntrySchema,
  TerminalIdSchema,
  TerminalListSchema,
  TerminalPairingCodeSchema,
  TerminalPairRequestSchema,
  TerminalRemoveRequestSchema,
  TerminalRemoveResponseSchema,
  TerminalStatusSchema,
} from './terminals';
export type {
  GetTicketRequest,
  RedeemRequest,
  RedeemResponse,
  Ticket,
  TicketDisplayStatus,
  TicketUse,
} from './ticket';
export {
  FACE_PHOTO_MAX_BYTES,
  GetTicketRequestSchema,
  RedeemRequestSchema,
  RedeemResponseSchema,
  TicketDisplayStatusSchema,
  TicketListSchema,
  TicketSchema,
  TicketUseSchema,
} from './ticket';
