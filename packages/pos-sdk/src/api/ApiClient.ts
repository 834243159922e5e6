import * as z from 'zod/mini';
import type {
  AddOrderNoteRequest,
  AdminLoginRequest,
  AdminLoginResponse,
  AnnulRedeemRequest,
  AuditListRequest,
  AuditListResponse,
  CancelOrderRequest,
  CatalogAddRequest,
  CatalogEditRequest,
  CatalogExportRequest,
  CatalogExportResponse,
  CatalogImportRequest,
  CatalogImportResponse,
  CatalogList,
  CatalogSetActiveRequest,
  CheckoutRequest,
  DevicePairing,
  DisplayClaimRequest,
  DisplayClaimResponse,
  DisplayMessage,
  DisplayPairingCode,
  DisplayStatus,
  EinvoiceCancelRequest,
  EinvoiceDocument,
  EinvoiceIdRequest,
  EinvoiceListRequest,
  EinvoiceOrderRequest,
  EinvoiceSettings,
  EinvoiceSettingsSetRequest,
  EinvoiceSubmitRequest,
  EinvoiceSubmitResponse,
  EndMembershipHoldRequest,
  EndShiftRequest,
  ExportOrderReportRequest,
  GetOrderRequest,
  GetOrdersRequest,
  GetTicketRequest,
  HoldMembershipRequest,
  KioskEnableResponse,
  KioskExitRequest,
  KioskExitResponse,
  LookupMembershipRequest,
  LookupMembershipResponse,
  MailOutboxRequest,
  MailOutboxResponse,
  MembershipHoldEntry,
  MembershipHoldResponse,
  MembershipHoldsRequest,
  MerchandiseProduct,
  OfflinePrepareResponse,
  Order,
  OrderPage,
  PairDeviceRequest,
  PassProduct,
  Receipt,
  RedeemRequest,
  RedeemResponse,
  RefundOrderRequest,
  RenewMembershipResponse,
  ResendReceiptRequest,
  ResolveSyncConflictRequest,
  SalesSummary,
  SalesSummaryRequest,
  SetFloatRequest,
  ShiftOrEmpty,
  ShiftReport,
  ShiftReportOfRequest,
  SignInRequest,
  SignInResponse,
  SignOutResponse,
  StaffAddRequest,
  StaffEditRequest,
  StaffMember,
  StaffResetPasswordRequest,
  StaffResetPinRequest,
  StaffSetActiveRequest,
  StockAdjustRequest,
  StockCountRequest,
  StockCountResponse,
  StockHistoryRequest,
  StockImportRequest,
  StockImportResponse,
  StockLevel,
  StockListRequest,
  StockMovement,
  StockReceiveRequest,
  StockTrackRequest,
  SyncConflict,
  SyncConflictsRequest,
  TaxCode,
  TaxCodeRemoveRequest,
  TaxCodeSetRequest,
  TerminalEntry,
  TerminalPairingCode,
  TerminalPairRequest,
  TerminalRemoveRequest,
  TerminalRemoveResponse,
  TerminalStatus,
  Ticket,
  UserEntry,
  VenueSettings,
  VenueSettingsUpdate,
  VerifyPinRequest,
  VerifyPinResponse,
} from '../contract';
import { defineSchema } from '../contract/defineSchema';
import type { RequestOptions, ResolvedApiConfig } from './ApiConfig';

/**
 * Answer of `GET /v1/health`. The contract's table has no schema for it yet, so the client
 * holds it here.
 */
export const HealthResponseSchema = /* @__PURE__ */ defineSchema(() => z.object({ ok: z.boolean() }));
/** Answer of `GET /v1/health`. */
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** Answer of `exportOrderReport`: the body as it streams in, and its type (`text/csv` by default). */
export interface OrderReportStream {
  /** The `Content-Type` of the answer, e.g. `text/csv; charset=utf-8`. */
  readonly contentType: string;
  /** The report's bytes. Read it once (`new Response(body).text()`, or pipe it to a file). */
  readonly body: ReadableStream<Uint8Array>;
}

/**
 * One typed function per call of the contract (`ENDPOINTS`). Every function throws a
 * `PosError` subclass on failure (see `errors/`), never a raw fetch or ky error. Bodies are sent
 * as given (services check them with `rules/` first); answers are parsed with the contract.
 */
export interface ApiClient {
  /** The configuration in use, defaults filled in. */
  readonly config: ResolvedApiConfig;
  /** `GET /v1/health`: liveness check (`options.signal` gives up early, e.g. a quick look whether the server is back). */
  health(options?: RequestOptions): Promise<HealthResponse>;
  /** `POST /v1/identity/sign_in`: email and password for an idToken (401 → code `invalid_credentials`). */
  signIn(body: SignInRequest, options?: RequestOptions): Promise<SignInResponse>;
  /** `POST /v1/admin_login`: the idToken for a user token and the profile. */
  adminLogin(body: AdminLoginRequest, options?: RequestOptions): Promise<AdminLoginResponse>;
  /** `POST /v1/admin_logout`: revokes the user token on the server (sign-out); `options.token` names another. */
  signOut(options?: RequestOptions): Promise<SignOutResponse>;
  /**
   * `POST /v1/pair` (no token): pairs this device with a terminal by a manager's one-time code; with no code, the
   * terminal of a server that pairs devices by itself (the demo). 404 unknown code, 409 expired or used, 429 locked.
   */
  pairDevice(body: PairDeviceRequest, options?: RequestOptions): Promise<DevicePairing>;
  /**
   * `POST /v1/admin/kiosk/enable` (a manager's token): puts this terminal in kiosk mode; the answer's `kiosk_token`
   * is what the kiosk signs its calls with from then on (`PosConfig.deviceToken`).
   */
  kioskEnable(options?: RequestOptions): Promise<KioskEnableResponse>;
  /** `POST /v1/kiosk/exit` (the kiosk's token): ends kiosk mode with a manager's PIN; the token is revoked. */
  kioskExit(body: KioskExitRequest, options?: RequestOptions): Promise<KioskExitResponse>;
  /**
   * `POST /v1/display/pair`: a one-time six-digit code (5 minutes) for a tablet to become this terminal's customer
   * display; the terminal's earlier code ends.
   */
  displayPair(options?: RequestOptions): Promise<DisplayPairingCode>;
  /**
   * `POST /v1/display/claim` (no token): a tablet claims a till's code; the answer's `display_token` reads that
   * terminal's display stream ({@link ApiClient.displayEventsUrl}) and nothing else. 404 unknown code, 409 expired or
   * used, 429 after too many wrong codes.
   */
  displayClaim(body: DisplayClaimRequest, options?: RequestOptions): Promise<DisplayClaimResponse>;
  /** `POST /v1/display/status`: whether a tablet is paired as this terminal's display, and its open streams. */
  displayStatus(options?: RequestOptions): Promise<DisplayStatus>;
  /** `POST /v1/display/publish`: what this terminal's customer display shows now; answers the display's status. */
  displayPublish(message: DisplayMessage, options?: RequestOptions): Promise<DisplayStatus>;
  /** `POST /v1/display/unpair`: the paired tablet's token stops working and its stream ends with `unpaired`. */
  displayUnpair(options?: RequestOptions): Promise<DisplayStatus>;
  /**
   * The address of a display's event stream, `GET /v1/display/events?token=…` (`text/event-stream`, for an
   * `EventSource`, which cannot send headers): not a call, an address. `subscribeDisplay` follows it.
   */
  displayEventsUrl(displayToken: string): string;
  /** `POST /v1/terminal_status` (no token): is this device's terminal (`hostId`) registered, and its store. */
  terminalStatus(options?: RequestOptions): Promise<TerminalStatus>;
  /** `POST /v1/admin/terminals/list` (manager): the registered terminals. */
  terminalList(options?: RequestOptions): Promise<TerminalEntry[]>;
  /** `POST /v1/admin/terminals/pair` (manager): registers the terminal if needed and makes a pairing code. */
  terminalPair(body: TerminalPairRequest, options?: RequestOptions): Promise<TerminalPairingCode>;
  /** `POST /v1/admin/terminals/remove` (manager): unregisters a terminal (409 while it has an open shift). */
  terminalRemove(body: TerminalRemoveRequest, options?: RequestOptions): Promise<TerminalRemoveResponse>;
  /** `POST /v1/admin/users`: the users list (discount approvers). */
  users(options?: RequestOptions): Promise<UserEntry[]>;
  /** `POST /v1/admin/verify_pin`: an approver's PIN for a single-use approval (422 wrong PIN, 429 locked). */
  verifyPin(body: VerifyPinRequest, options?: RequestOptions): Promise<VerifyPinResponse>;
  /** `POST /v1/admin/start_shift`: the terminal's open shift, or a new one. */
  startShift(options?: RequestOptions): Promise<ShiftOrEmpty>;
  /** `POST /v1/admin/set_float`: appends a float entry to the open shift. */
  setFloat(body: SetFloatRequest, options?: RequestOptions): Promise<ShiftOrEmpty>;
  /** `POST /v1/admin/shift_report`: the X report of the open shift so far. */
  shiftReport(options?: RequestOptions): Promise<ShiftReport>;
  /** `POST /v1/admin/end_shift`: closes the shift with the counted takings. */
  /** POST /v1/admin/shifts/report (manager): any shift's report by its id (X while open, its Z once closed). */
  shiftReportOf(body: ShiftReportOfRequest, options?: RequestOptions): Promise<ShiftReport>;
  endShift(body: EndShiftRequest, options?: RequestOptions): Promise<ShiftReport>;
  /** `GET /v1/passes/:store`: pass products (store default `config.store`). */
  passes(store?: string, options?: RequestOptions): Promise<PassProduct[]>;
  /** `GET /v1/merchandises/:store`: merchandise products (store default `config.store`). */
  merchandises(store?: string, options?: RequestOptions): Promise<MerchandiseProduct[]>;
  /** `POST /v1/checkout` (keyed, retried): sells a cart; answers the receipt. */
  checkout(body: CheckoutRequest, options?: RequestOptions): Promise<Receipt>;
  /**
   * `POST /v1/admin/get_orders` as the spec calls it (no `limit`, no `cursor`): the full orders of a period, newest
   * first, at most 1,000 (use {@link ApiClient.getOrdersPage} for any number).
   */
  getOrders(body: Omit<GetOrdersRequest, 'limit' | 'cursor'>, options?: RequestOptions): Promise<Order[]>;
  /**
   * `POST /v1/admin/get_orders` a page at a time: light rows, newest first, `next_cursor` for the next page and
   * `total` (counted up to 10,000). `limit` defaults to 50.
   */
  getOrdersPage(body: GetOrdersRequest, options?: RequestOptions): Promise<OrderPage>;
  /** `POST /v1/admin/get_order`: one order by `order_id` or `invoice_id`. */
  getOrder(body: GetOrderRequest, options?: RequestOptions): Promise<Order>;
  /** `POST /v1/admin/add_order_note`: adds a note; answers the updated order. */
  addOrderNote(body: AddOrderNoteRequest, options?: RequestOptions): Promise<Order>;
  /** `POST /v1/admin/cancel_order` (keyed, retried): cancels an order. */
  cancelOrder(body: CancelOrderRequest, options?: RequestOptions): Promise<Order>;
  /** `POST /v1/admin/refund_order` (keyed, retried): refunds a same-day PAID order. */
  refundOrder(body: RefundOrderRequest, options?: RequestOptions): Promise<Order>;
  /**
   * `POST /v1/admin/resend_receipt`: queues the order's receipt and passes by email again (to `to` when given);
   * answers the order with its `mail` status. Keyed: pass `options.idempotencyKey`.
   */
  resendReceipt(body: ResendReceiptRequest, options?: RequestOptions): Promise<Order>;
  /** POST /v1/admin/mail/outbox (manager): the outbox's messages, newest first, a page at a time. */
  mailOutbox(body?: MailOutboxRequest, options?: RequestOptions): Promise<MailOutboxResponse>;
  /** `POST /v1/admin/export_order_report`: the period's orders, streamed. */
  exportOrderReport(body: ExportOrderReportRequest, options?: RequestOptions): Promise<OrderReportStream>;
  /** `POST /v1/admin/get_ticket`: one ticket. */
  getTicket(body: GetTicketRequest, options?: RequestOptions): Promise<Ticket>;
  /** `GET /v1/admin/ticket_photo/:ticketId`: the ticket's registered face photo (JPEG). */
  ticketPhoto(ticketId: string, options?: RequestOptions): Promise<Blob>;
  /**
   * `POST /v2/check_ticket_redeem/:id` (engine address): redeems one use of a ticket. A redeem made offline and
   * replayed sends its scan's `nonce` and `used_at` (docs/offline.md).
   */
  checkTicketRedeem(id: string, body?: RedeemRequest, options?: RequestOptions): Promise<RedeemResponse>;
  /**
   * `POST /v2/annul_ticket_redeem/:id` (engine address): undoes the entry (use) made at `used_at`, on the terminal
   * that made it and within the venue's `entry_undo_seconds`; 409 otherwise. Asked again after it succeeded, it
   * answers 409 'This entry was already undone' and changes nothing.
   */
  annulTicketRedeem(id: string, body: AnnulRedeemRequest, options?: RequestOptions): Promise<RedeemResponse>;
  /**
   * `POST /v2/register_face/:ticketId` (engine address): multipart field `file`, a JPEG named
   * `${ticketId}.jpg`; no body at all when `photo` is undefined (a used non-shareable ticket).
   */
  registerFace(ticketId: string, photo?: Blob | Uint8Array, options?: RequestOptions): Promise<Ticket>;
  /** `POST /v1/lookup_membership`: a member with orders and tickets (404 when none). */
  lookupMembership(
    body: LookupMembershipRequest,
    options?: RequestOptions,
  ): Promise<LookupMembershipResponse>;
  /** `POST /v1/renew_membership` (keyed, retried): renews a membership. */
  renewMembership(body: CheckoutRequest, options?: RequestOptions): Promise<RenewMembershipResponse>;
  /** POST /v1/hold_membership: holds a membership for some days (a manager, or staff with the right). */
  holdMembership(body: HoldMembershipRequest, options?: RequestOptions): Promise<MembershipHoldResponse>;
  /** POST /v1/end_membership_hold: ends a membership's hold today. */
  endMembershipHold(
    body: EndMembershipHoldRequest,
    options?: RequestOptions,
  ): Promise<MembershipHoldResponse>;
  /** POST /v1/membership_holds: a membership's holds, newest first. */
  membershipHolds(body: MembershipHoldsRequest, options?: RequestOptions): Promise<MembershipHoldEntry[]>;

  // --- venue settings (read: any staff member) ---
  /** `POST /v1/admin/venue`: the venue's settings, for receipts and "today". */
  venue(options?: RequestOptions): Promise<VenueSettings>;

  // --- back office: a manager's token only (403 `not_permitted` otherwise, which signs nobody out) ---
  /** `POST /v1/admin/settings/set`: changes venue settings; answers them all. */
  settingsSet(body: VenueSettingsUpdate, options?: RequestOptions): Promise<VenueSettings>;
  /** `POST /v1/admin/staff/list`: every staff member with role and status. */
  staffList(options?: RequestOptions): Promise<StaffMember[]>;
  /** `POST /v1/admin/staff/add`: adds a staff member. */
  staffAdd(body: StaffAddRequest, options?: RequestOptions): Promise<StaffMember>;
  /** `POST /v1/admin/staff/edit`: changes a member's name, email or role. */
  staffEdit(body: StaffEditRequest, options?: RequestOptions): Promise<StaffMember>;
  /** `POST /v1/admin/staff/set_active`: disables or enables a member. */
  staffSetActive(body: StaffSetActiveRequest, options?: RequestOptions): Promise<StaffMember>;
  /** `POST /v1/admin/staff/reset_password`: sets a member's password. */
  staffResetPassword(body: StaffResetPasswordRequest, options?: RequestOptions): Promise<StaffMember>;
  /** `POST /v1/admin/staff/reset_pin`: sets a member's PIN. */
  staffResetPin(body: StaffResetPinRequest, options?: RequestOptions): Promise<StaffMember>;
  /** `POST /v1/admin/catalog/list`: every catalogue row and product, retired ones too. */
  catalogList(options?: RequestOptions): Promise<CatalogList>;
  /** `POST /v1/admin/catalog/add`: adds a variant; answers the catalogue. */
  catalogAdd(body: CatalogAddRequest, options?: RequestOptions): Promise<CatalogList>;
  /** `POST /v1/admin/catalog/edit`: changes a variant by SKU; answers the catalogue. */
  catalogEdit(body: CatalogEditRequest, options?: RequestOptions): Promise<CatalogList>;
  /** `POST /v1/admin/catalog/set_active`: retires or restores a variant or product; answers the catalogue. */
  catalogSetActive(body: CatalogSetActiveRequest, options?: RequestOptions): Promise<CatalogList>;
  /** `POST /v1/admin/catalog/import`: imports a whole file, all or nothing (`dry_run`: only what would change). */
  catalogImport(body: CatalogImportRequest, options?: RequestOptions): Promise<CatalogImportResponse>;
  /** `POST /v1/admin/catalog/export`: the catalogue as a CSV or JSON file. */
  catalogExport(body?: CatalogExportRequest, options?: RequestOptions): Promise<CatalogExportResponse>;
  /** `POST /v1/admin/audit`: the audit log of a period, newest first, a page at a time. */
  auditList(body: AuditListRequest, options?: RequestOptions): Promise<AuditListResponse>;
  /** `POST /v1/admin/tax/list`: the venue's tax codes. */
  taxList(options?: RequestOptions): Promise<TaxCode[]>;
  /** `POST /v1/admin/tax/set` (manager): adds or changes a tax code. */
  taxSet(body: TaxCodeSetRequest, options?: RequestOptions): Promise<TaxCode[]>;
  /** `POST /v1/admin/tax/remove` (manager): removes a tax code no variant uses. */
  taxRemove(body: TaxCodeRemoveRequest, options?: RequestOptions): Promise<TaxCode[]>;
  /**
   * `POST /v1/admin/reports/sales_summary` (manager): the sales of a period of venue days, one store or all, with the
   * period before; the back office's dashboard.
   */
  salesSummary(body: SalesSummaryRequest, options?: RequestOptions): Promise<SalesSummary>;
  /** `POST /v1/admin/einvoice/settings` (manager): the venue's e-invoice identity and what MyInvois has configured. */
  einvoiceSettings(options?: RequestOptions): Promise<EinvoiceSettings>;
  /** `POST /v1/admin/einvoice/settings/set` (manager): changes the venue's e-invoice identity. */
  einvoiceSettingsSet(body: EinvoiceSettingsSetRequest, options?: RequestOptions): Promise<EinvoiceSettings>;
  /** `POST /v1/admin/einvoice/submit` (manager): queues a month's consolidated e-invoice once, or a dry run. */
  einvoiceSubmit(body: EinvoiceSubmitRequest, options?: RequestOptions): Promise<EinvoiceSubmitResponse>;
  /** `POST /v1/admin/einvoice/list` (manager): the e-invoices, newest first. */
  einvoiceList(body?: EinvoiceListRequest, options?: RequestOptions): Promise<EinvoiceDocument[]>;
  /**
   * `POST /v1/einvoice/order`: the e-invoices that cover an order (its own, or its month's consolidated one), for its
   * invoice dialog; any signed-in staff member.
   */
  einvoiceOfOrder(body: EinvoiceOrderRequest, options?: RequestOptions): Promise<EinvoiceDocument[]>;
  /** `POST /v1/admin/einvoice/status` (manager): one e-invoice, asked of MyInvois now. */
  einvoiceStatus(body: EinvoiceIdRequest, options?: RequestOptions): Promise<EinvoiceDocument>;
  /** `POST /v1/admin/einvoice/retry` (manager): tries a failed, rejected or invalid e-invoice again. */
  einvoiceRetry(body: EinvoiceIdRequest, options?: RequestOptions): Promise<EinvoiceDocument>;
  /** `POST /v1/admin/einvoice/cancel` (manager): cancels a valid e-invoice within 72 hours of its validation. */
  einvoiceCancel(body: EinvoiceCancelRequest, options?: RequestOptions): Promise<EinvoiceDocument>;
  /** `POST /v1/admin/stock/list` (manager): the tracked variants' stock levels; `low`: the low ones only. */
  stockList(body?: StockListRequest, options?: RequestOptions): Promise<StockLevel[]>;
  /** POST /v1/admin/stock/import (manager): deliveries from a CSV file; `dry_run` (the default) changes nothing. */
  stockImport(body: StockImportRequest, options?: RequestOptions): Promise<StockImportResponse>;
  /** `POST /v1/admin/stock/track` (manager): start or stop keeping a variant's stock. */
  stockTrack(body: StockTrackRequest, options?: RequestOptions): Promise<StockLevel>;
  /** `POST /v1/admin/stock/receive` (manager): a delivery. */
  stockReceive(body: StockReceiveRequest, options?: RequestOptions): Promise<StockLevel>;
  /** `POST /v1/admin/stock/adjust` (manager): damage or a correction, with its reason. */
  stockAdjust(body: StockAdjustRequest, options?: RequestOptions): Promise<StockLevel>;
  /** `POST /v1/admin/stock/count` (manager): a stock count, a dry run unless `dry_run: false`. */
  stockCount(body: StockCountRequest, options?: RequestOptions): Promise<StockCountResponse>;
  /** `POST /v1/admin/stock/history` (manager): a variant's movements, newest first. */
  stockHistory(body: StockHistoryRequest, options?: RequestOptions): Promise<StockMovement[]>;
  /** `POST /v1/offline/prepare`: the offline policy, ticket ids reserved for this terminal, tickets to check offline. */
  offlinePrepare(options?: RequestOptions): Promise<OfflinePrepareResponse>;
  /** `POST /v1/admin/get_sync_conflicts`: replays the server refused, newest first (open ones unless told). */
  syncConflicts(body?: SyncConflictsRequest, options?: RequestOptions): Promise<SyncConflict[]>;
  /** `POST /v1/admin/resolve_sync_conflict`: closes a conflict with a note of what was done. */
  resolveSyncConflict(body: ResolveSyncConflictRequest, options?: RequestOptions): Promise<SyncConflict>;
}
