import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/*
 * Storage conventions (the same on SQLite and PostgreSQL):
 * - Money is an integer number of sen in columns named `*_sen` (INTEGER on SQLite, BIGINT on PostgreSQL;
 *   the pg driver is told to parse BIGINT as a JS number, see createDb).
 * - Times are UTC ISO 8601 text from `Date.prototype.toISOString()` (`2025-01-31T04:05:06.789Z`): fixed width,
 *   so text comparison and ORDER BY are chronological on both engines. Dates without time (`visit_date`, `dob`)
 *   are `YYYY-MM-DD` text.
 * - Flags are INTEGER 0/1 (SQLite has no boolean type).
 * - Ids are text: random UUIDs, except where the spec fixes a human id (terminal host name, ticket and invoice ids).
 */

/** ISO 8601 UTC timestamp text, e.g. `2025-01-31T04:05:06.789Z`. */
export type IsoTime = string;
/** 0 or 1. */
export type Flag = 0 | 1;

/** Staff members: the only kind of user (spec section 6). */
export interface StaffTable {
  id: string;
  /** Lower-cased, unique. */
  email: string;
  first_name: string;
  last_name: string;
  /** scrypt hash, see auth/secretHash. */
  password_hash: string;
  /** scrypt hash of the approval PIN. */
  pin_hash: string;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: IsoTime;
  /** `staff` or `manager` (back office). */
  role: ColumnType<StaffRole, StaffRole | undefined, StaffRole>;
  /** 1: a manager granted this staff member the right to approve discounts (managers always may). */
  approve_discounts: ColumnType<Flag, Flag | undefined, Flag>;
  /** 1 when a manager granted the right to hold memberships (migration 0020). */
  hold_memberships: ColumnType<Flag, Flag | undefined, Flag>;
}

/** A staff member's role: managers may use the back office. */
export type StaffRole = 'staff' | 'manager';

/** Bearer tokens: `id` tokens from /v1/identity/sign_in (single use) and `user` tokens from /v1/admin_login. */
export interface TokensTable {
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  kind: 'id' | 'user';
  staff_id: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
  /** `user` tokens: the terminal (`X-Host-Name`) the token was issued on; calls from another terminal are refused. */
  terminal_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Sign-out or a revocation by a manager; a revoked token is refused. */
  revoked_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
}

/** Single-use discount approvals handed out by verify_pin. */
export interface ApprovalsTable {
  token_hash: string;
  approver_id: string;
  /** The signed-in staff member who asked for the approval. */
  requested_by: string;
  terminal_id: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
}

/** Failed-attempt counters: `pin:<staff id>` (PIN lockout) and `sign_in:<email>` (password lockout). */
export interface AuthAttemptsTable {
  subject: string;
  failures: number;
  window_started_at: IsoTime;
  locked_until: IsoTime | null;
}

/** Stores (the `STORE` code of catalogue paths and `origin`). */
export interface StoresTable {
  code: string;
  name: string;
  currency: string;
  created_at: IsoTime;
}

/**
 * Registered terminals, keyed by their `X-Host-Name` (e.g. TICKET01). A manager registers a terminal
 * (`pos-server terminal add`); only a registered terminal can sign in.
 */
export interface TerminalsTable {
  id: string;
  store: string;
  created_at: IsoTime;
  last_seen_at: IsoTime;
  /** Who registered it (an email or `pos-server`); null for terminals created on first use before registration. */
  registered_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was unregistered: no sign-in on it any more (the row stays for its shifts and orders). */
  retired_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
}

/** Kiosk tokens (migration 0024): a terminal in self check-in mode signs its calls with one (sha256 kept). */
export interface KioskTokensTable {
  token_hash: string;
  terminal_id: string;
  /** The manager who enabled kiosk mode: the kiosk's calls act in their name. */
  enabled_by: string;
  created_at: IsoTime;
  revoked_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
}

/** One-time codes that pair a device with a terminal (only the code's sha256 is kept). */
export interface TerminalPairingCodesTable {
  code_hash: string;
  terminal_id: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  /** Who made it: a manager's email, or `pos-server` on the server's machine. */
  created_by: string;
  /** When a device used it (a code works once). */
  used_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
}

/** Cash shifts: at most one open (closed_at null) per terminal. */
export interface ShiftsTable {
  id: string;
  terminal_id: string;
  store: string;
  staff_id: string;
  opened_at: IsoTime;
  closed_at: IsoTime | null;
  closed_by: string | null;
  counted_cash_sen: number | null;
  counted_card_sen: number | null;
  counted_ewallet_sen: number | null;
  /**
   * The end-of-shift report's expected takings per method (migration 0027), kept when the shift closes (and again
   * when an offline sale made in it is replayed after); null while open, and for a shift closed before 0027 until
   * `fillShiftExpectations` has added them up.
   */
  expected_cash_sen: ColumnType<number | null, number | null | undefined, number | null>;
  expected_card_sen: ColumnType<number | null, number | null | undefined, number | null>;
  expected_ewallet_sen: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Float entries of a shift, in order (`position` 1, 2, …); an entry may be negative, the total may not. */
export interface FloatEntriesTable {
  id: string;
  shift_id: string;
  position: number;
  cash_sen: number;
  staff_id: string;
  at: IsoTime;
}

/** Pass products; the wire `_id` is the name. */
export interface PassProductsTable {
  id: string;
  store: string;
  name: string;
  category: string;
  position: number;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

/** Pass variants (one SKU each). */
export interface PassVariantsTable {
  id: string;
  product_id: string;
  store: string;
  /** Unique per store across passes and merchandise. */
  sku: string;
  /** The wire `group` (Adult, Child …). */
  variant_group: string;
  min_qty: number;
  /** Uses per ticket; 0 is a membership (one use a venue day, or `entries_per_day`, until it expires). */
  usage_limit: number;
  /** Entries per venue day of a membership (usage_limit 0), 1 to 99; default 1. */
  entries_per_day: ColumnType<number, number | undefined, number>;
  duration_value: number;
  /** `Day`, `Month`, … as in the wire `duration.unit`. */
  duration_unit: string;
  shareable: ColumnType<Flag, Flag | undefined, Flag>;
  position: number;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  /** The venue's tax code of the variant (migration 0022); null: untaxed. */
  tax_code: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Prices of a pass variant, one per currency, in wire order (`position`); the first is the selling price. */
export interface PassPricesTable {
  variant_id: string;
  currency: string;
  value_sen: number;
  position: number;
}

/** Merchandise products. */
export interface MerchandiseTable {
  id: string;
  store: string;
  name: string;
  position: number;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

/** Merchandise variants (one SKU and size each). */
export interface MerchVariantsTable {
  id: string;
  product_id: string;
  store: string;
  sku: string;
  size: string;
  price_sen: number;
  currency: string;
  position: number;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  /** A product barcode the scanner may read instead of the SKU. */
  barcode: ColumnType<string | null, string | null | undefined, string | null>;
  /** The venue's tax code of the variant (migration 0022); null: untaxed. */
  tax_code: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The venue's settings, one row per store (see migration 0010). */
export interface VenueSettingsTable {
  store: string;
  name: string;
  address: string;
  registration_no: string;
  phone: string;
  receipt_footer: string;
  time_zone: string;
  currency_display: string;
  /** The fewest and most days a membership hold may last (migration 0020). */
  hold_min_days: ColumnType<number, number | undefined, number>;
  hold_max_days: ColumnType<number, number | undefined, number>;
  /** Selling a tracked variant below zero: `allow` or `refuse` (migration 0021). */
  stock_below_zero: ColumnType<'allow' | 'refuse', 'allow' | 'refuse' | undefined, 'allow' | 'refuse'>;
  /** 1: catalogue prices hold their tax; 0: tax is added on top (migration 0022). */
  prices_include_tax: ColumnType<Flag, Flag | undefined, Flag>;
  sst_registration_no: ColumnType<string, string | undefined, string>;
  /** How long after an entry its terminal may undo it, in seconds (migration 0023, default 60). */
  entry_undo_seconds: ColumnType<number, number | undefined, number>;
  /** The count variance, in sen, the end-of-shift report marks beyond (migration 0026, default 500). */
  variance_alert: ColumnType<number, number | undefined, number>;
  /** 1: staff count blind (migration 0026). */
  blind_count: ColumnType<Flag, Flag | undefined, Flag>;
  /** The SKU of the merchandise variant that is a membership hold's fee; '' for none (migration 0030). */
  hold_fee_sku: ColumnType<string, string | undefined, string>;
  updated_at: IsoTime;
  updated_by: string | null;
}

/** Members (membership holders), keyed by lower-cased email. */
export interface MembersTable {
  id: string;
  email: string;
  name: string;
  phone_country_code: string | null;
  phone_number: string | null;
  /** `YYYY-MM-DD`. */
  dob: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** Order status on the wire and in the table. */
export type OrderStatus = 'PAID' | 'CANCELED' | 'REFUNDED';

/** Orders: sales (`kind` sale) and membership renewals (`kind` renewal). */
export interface OrdersTable {
  id: string;
  kind: 'sale' | 'renewal';
  /** The wire `origin` (store code). */
  store: string;
  terminal_id: string;
  /** The shift in which the money was taken. */
  shift_id: string;
  staff_id: string;
  status: OrderStatus;
  currency: string;
  customer_email: string | null;
  num_items: number;
  /** Sum of the items' amounts before discounts. */
  subtotal_sen: number;
  /** Sum of the items' discounts. */
  discount_sen: number;
  /** subtotal − discount: what the customer pays (wire `total_amount`). */
  total_sen: number;
  /** Sum of the tenders. */
  tendered_sen: number;
  /** tendered − total, given back in cash. */
  change_sen: number;
  /** The wire `date`. */
  created_at: IsoTime;
  canceled_at: IsoTime | null;
  canceled_by: string | null;
  cancel_reason: string | null;
  refunded_at: IsoTime | null;
  refunded_by: string | null;
  refund_reason: string | null;
  /** The shift in which the order was refunded or canceled (its money left that shift's drawer). */
  reversed_in_shift_id: string | null;
  /** Money refunded so far by refunds by line (migration 0020); an order refunded in part stays PAID. */
  refunded_sen: ColumnType<number, number | undefined, number>;
  /** The order's tax, the sum of its lines' (migration 0029; 0 without tax codes). */
  tax_sen: ColumnType<number, number | undefined, number>;
  /** 1: the prices held their tax; 0: the tax was added on top (`total_sen` holds it then). Migration 0029. */
  prices_include_tax: ColumnType<Flag, Flag | undefined, Flag>;
  // The export's copy of the order's invoice, lines and tenders (migration 0015), kept by triggers only: no code
  // writes them, and only the export reads them (`OrderRow` leaves them out).
  /** The order's invoice id; null until it is issued. */
  invoice_id: ColumnType<string | null, never, never>;
  /** The lines in cart order, `[[quantity, name, variant_group], …]` as JSON; null without lines. */
  lines_json: ColumnType<string | null, never, never>;
  /** The cash tenders summed (0 for none). */
  cash_sen: ColumnType<number, never, never>;
  /** The card tenders summed. */
  card_sen: ColumnType<number, never, never>;
  /** The e-wallet tenders summed. */
  ewallet_sen: ColumnType<number, never, never>;
  /**
   * The order's tax per code less what refunds by line gave back of it, `[[code, tax_sen], …]` as JSON ordered by
   * code; null without a line that has a tax code (migration 0032, kept by triggers like the columns above).
   */
  tax_json: ColumnType<string | null, never, never>;
}

/** Order lines, in cart order (`position` 1, 2, …). */
export interface OrderItemsTable {
  id: string;
  order_id: string;
  position: number;
  type: 'PASS' | 'MERCHANDISE';
  sku: string;
  name: string;
  category: string | null;
  /** Pass group (Adult …) or merchandise size. */
  variant_group: string | null;
  quantity: number;
  unit_price_sen: number;
  /** unit price × quantity. */
  amount_sen: number;
  discount_type: 'amount' | 'percentage' | null;
  /** The discount's `value` × 100: sen for `amount`, hundredths of a percent for `percentage`. */
  discount_value_hundredths: number | null;
  /** The discount in sen (0 without a discount). */
  discount_sen: number;
  discount_approver_id: string | null;
  /** amount − discount. */
  total_sen: number;
  min_qty: number | null;
  usage_limit: number | null;
  /** `YYYY-MM-DD` (venue day) for passes. */
  visit_date: string | null;
  /** The member of a Membership item. */
  member_id: string | null;
  /** Units refunded so far (migration 0020). */
  refunded_quantity: ColumnType<number, number | undefined, number>;
  /** Money of the line refunded so far (migration 0020), its tax added on top included. */
  refunded_sen: ColumnType<number, number | undefined, number>;
  /** The line's tax code as sold, with its name, MyInvois type and rate (migration 0029); null: untaxed. */
  tax_code: ColumnType<string | null, string | null | undefined, string | null>;
  tax_name: ColumnType<string | null, string | null | undefined, string | null>;
  tax_type: ColumnType<string | null, string | null | undefined, string | null>;
  tax_rate_bp: ColumnType<number, number | undefined, number>;
  /** The line's tax in sen, of `total_sen` (in it when prices held their tax, on top when not). */
  tax_sen: ColumnType<number, number | undefined, number>;
  /** Tax of the line refunded so far. */
  refunded_tax_sen: ColumnType<number, number | undefined, number>;
}

/** Refunds of orders (migration 0020): one row per refund_order call that gave money back. */
export interface OrderRefundsTable {
  id: string;
  order_id: string;
  /** 1, 2, … per order (unique with `order_id`). */
  number: number;
  /** The shift whose drawer the money left. */
  shift_id: string;
  staff_id: string;
  terminal_id: string;
  at: IsoTime;
  reason: string;
  amount_sen: number;
  /** The tax the refund gave back (migration 0029). */
  tax_sen: ColumnType<number, number | undefined, number>;
}

/** The units and money of each line a refund gave back. */
export interface OrderRefundLinesTable {
  refund_id: string;
  order_item_id: string;
  quantity: number;
  amount_sen: number;
  /** The line's tax this refund gave back (migration 0029). */
  tax_sen: ColumnType<number, number | undefined, number>;
}

/** The money per method a refund gave back, in order. */
export interface OrderRefundTendersTable {
  refund_id: string;
  position: number;
  method: TenderMethod;
  amount_sen: number;
}

/** Payment method names on the wire. */
export type TenderMethod = 'CASH' | 'CREDIT CARD' | 'E-WALLET';

/** Tenders of an order (`payment.methods`), in order. */
export interface TendersTable {
  id: string;
  order_id: string;
  position: number;
  method: TenderMethod;
  amount_sen: number;
}

/** Notes on an order. */
export interface OrderNotesTable {
  id: string;
  order_id: string;
  text: string;
  staff_id: string;
  at: IsoTime;
}

/** Invoices: one per order, numbered without gaps per store. */
export interface InvoicesTable {
  /** The wire `invoice._id`, e.g. `STORE-000042`. */
  id: string;
  store: string;
  number: number;
  order_id: string;
  issued_at: IsoTime;
}

/** Last invoice number issued per store. */
export interface InvoiceCountersTable {
  store: string;
  last_number: number;
}

/** Tickets (passes sold). Stored status is only Valid or Canceled; the display status is derived. */
export interface TicketsTable {
  id: string;
  order_id: string;
  order_item_id: string;
  store: string;
  sku: string;
  pass_name: string;
  category: string;
  variant_group: string;
  /** `YYYY-MM-DD`. */
  visit_date: string;
  usage_limit: number;
  /** The variant's entries per venue day when sold (a membership's; see pass_variants). */
  entries_per_day: ColumnType<number, number | undefined, number>;
  shareable: ColumnType<Flag, Flag | undefined, Flag>;
  /** People admitted by this ticket per use. */
  quantity: number;
  status: 'Valid' | 'Canceled';
  allow_redeem: ColumnType<Flag, Flag | undefined, Flag>;
  member_id: string | null;
  /** Valid from (wire `date`). */
  valid_from: IsoTime;
  /** Wire `expiry`. */
  expires_at: IsoTime;
  created_at: IsoTime;
  canceled_at: IsoTime | null;
  /** The ticket's latest hold (membership_holds): first day on hold and the day entries resume, `YYYY-MM-DD`. */
  hold_from: ColumnType<string | null, string | null | undefined, string | null>;
  hold_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Redemptions of a ticket; `use_number` 1, 2, … is unique per ticket so two gates cannot take the same use. */
export interface TicketUsesTable {
  id: string;
  ticket_id: string;
  use_number: number;
  terminal_id: string;
  staff_id: string;
  at: IsoTime;
  /** The scan's nonce of a redeem replayed from an offline terminal (unique); null at the gate. */
  nonce: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the entry was undone (annul_ticket_redeem, migration 0023): it no longer counts as a use. */
  annulled_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** The staff member who undid it. */
  annulled_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Ticket ids reserved for a terminal's offline sales (migration 0014); `order_id` once a sale used the id. */
export interface OfflineTicketIdsTable {
  id: string;
  terminal_id: string;
  reserved_at: IsoTime;
  order_id: string | null;
}

/** Replays the server refused (migration 0014), kept until a manager resolves them. */
export interface SyncConflictsTable {
  id: string;
  kind: 'sale' | 'redeem';
  /** The sale's idempotency key or the redeem's nonce. */
  key: string;
  terminal_id: string;
  staff_id: string;
  happened_at: IsoTime;
  recorded_at: IsoTime;
  message: string;
  code: string;
  ticket_id: string | null;
  amount_sen: number;
  /** What was sent, as JSON. */
  request: string;
  resolved_at: IsoTime | null;
  resolved_by: string | null;
  resolution_note: string | null;
}

/** Membership renewals (migration 0007): the membership ticket a renewal order extended, expiry before and after. */
export interface MembershipRenewalsTable {
  order_id: string;
  ticket_id: string;
  member_id: string;
  months: number;
  /** Null when the renewal issued the ticket (the member had none). */
  previous_expires_at: IsoTime | null;
  new_expires_at: IsoTime;
  created_at: IsoTime;
}

/** Stored answers of money-moving calls, keyed by `Idempotency-Key` (kept 24 hours). */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  staff_id: string;
  body_hash: string;
  status: 'pending' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: IsoTime;
  completed_at: IsoTime | null;
}

/**
 * Face photos registered for tickets: metadata only since migration 0008, the JPEG (at most 2 MB) is the file
 * `<POS_DATA_DIR>/faces/<ticket id>.jpg`. One row per ticket; `content_type` `none` for a registration without a
 * photo (a used non-shareable ticket).
 */
export interface FacePhotosTable {
  id: string;
  ticket_id: string;
  /** `image/jpeg`, or `none` (no photo). */
  content_type: string;
  /**
   * The photo's bytes (served from here when present): the database store (`POS_FACE_PHOTOS=database`, the
   * default) and photos registered before migration 0008; null for a photo kept as a file, or no photo.
   */
  data: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** The photo's size in bytes (0 without a photo). */
  byte_size: number;
  /** Who registered it. */
  staff_id: string;
  /** When it was registered (the wire `face.registered_at`). */
  created_at: IsoTime;
}

/** Every hold of a membership (migration 0020): `to_date` is the day entries resume, moved when ended early. */
export interface MembershipHoldsTable {
  id: string;
  ticket_id: string;
  from_date: string;
  to_date: string;
  days: number;
  expiry_before: IsoTime;
  expiry_after: IsoTime;
  held_by: string;
  held_at: IsoTime;
  ended_by: string | null;
  ended_at: IsoTime | null;
  /** The paid order that carried the hold's fee; null without a fee (migration 0030, unique). */
  fee_order: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A venue's tax codes (migration 0022). */
export interface TaxCodesTable {
  store: string;
  code: string;
  name: string;
  rate_bp: number;
  type: '01' | '02' | '06' | 'E';
  updated_at: IsoTime;
}

/** A tracked merchandise variant's stock level in a store (migration 0021): the sum of its movements. */
export interface StockLevelsTable {
  store: string;
  sku: string;
  quantity: number;
  low_level: number | null;
  cost_sen: number | null;
  updated_at: IsoTime;
}

/** Every change of a stock level, signed, with the level after it. */
export interface StockMovementsTable {
  id: string;
  store: string;
  sku: string;
  kind: 'sale' | 'refund' | 'cancel' | 'delivery' | 'count' | 'damage' | 'correction';
  quantity: number;
  level_after: number;
  reason: ColumnType<string, string | undefined, string>;
  staff_id: string | null;
  terminal_id: string | null;
  order_id: string | null;
  at: IsoTime;
}

/** Append-only log of every money-moving or approving action. */
export interface AuditLogTable {
  /** Total order of the log (assigned by the database). */
  seq: Generated<number>;
  id: string;
  at: IsoTime;
  staff_id: string | null;
  terminal_id: string | null;
  /** e.g. `shift.float_set`, `pin.approved`, `order.refunded`. */
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  amount_sen: number | null;
  /** JSON text. */
  details: string | null;
}

/**
 * SQLite only (migration 0013_order_search): the FTS5 trigram index of order search, one row per customer email or
 * invoice id with its order, filled by triggers. PostgreSQL indexes the columns themselves (`pg_trgm`).
 */
export interface OrderSearchTable {
  /** The searchable text: a customer email or an invoice id. */
  text: string;
  order_id: string;
}

/**
 * The sales summary's roll-up (migration 0027): per UTC hour (`2026-11-22T02`), store, terminal and seller, the
 * figures of the orders sold in that hour. Kept by triggers only: no code writes it.
 */
export interface SalesHoursTable {
  hour: string;
  store: string;
  terminal_id: string;
  staff_id: string;
  /** Orders not canceled. */
  orders: number;
  /** Their totals (after discounts). */
  gross_sen: number;
  /** What was refunded on them (an order refunded whole before refunds by line: its total). */
  refunds_sen: number;
  discount_sen: number;
  /** Orders not canceled with money refunded. */
  refunded_orders: number;
  canceled_orders: number;
  /** Money taken by cash (net of the change given), card and e-wallet, less what refunds gave back by each. */
  cash_sen: number;
  card_sen: number;
  ewallet_sen: number;
}

/** The product lines of {@link SalesHoursTable}'s rows (migration 0027), kept by triggers only. */
export interface SalesHourProductsTable {
  hour: string;
  store: string;
  terminal_id: string;
  staff_id: string;
  sku: string;
  name: string;
  /** The line's group or size; '' for none. */
  variant_group: string;
  category: 'pass' | 'membership' | 'merchandise';
  /** Units sold less units refunded. */
  quantity: number;
  /** The lines' money less their refunds. */
  net_sen: number;
}

/**
 * The tax collected per `sales_hours` key and tax code and rate as sold (migration 0033), kept by triggers: what the
 * sales summary's tax is read from.
 */
export interface SalesHourTaxesTable {
  hour: string;
  store: string;
  terminal_id: string;
  staff_id: string;
  tax_code: string;
  tax_rate_bp: number;
  /** The lines of that code sold in the hour, whatever became of their orders. */
  lines: number;
  /** What the tax is on, less what refunds gave back of it (canceled orders: 0). */
  base_sen: number;
  /** The tax less what refunds gave back of it (canceled orders: 0). */
  tax_sen: number;
}

/** Every table of the product, for Kysely. */
export interface Database {
  staff: StaffTable;
  tokens: TokensTable;
  approvals: ApprovalsTable;
  auth_attempts: AuthAttemptsTable;
  stores: StoresTable;
  terminals: TerminalsTable;
  terminal_pairing_codes: TerminalPairingCodesTable;
  kiosk_tokens: KioskTokensTable;
  venue_settings: VenueSettingsTable;
  shifts: ShiftsTable;
  float_entries: FloatEntriesTable;
  pass_products: PassProductsTable;
  pass_variants: PassVariantsTable;
  pass_prices: PassPricesTable;
  merchandise: MerchandiseTable;
  merch_variants: MerchVariantsTable;
  members: MembersTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_refunds: OrderRefundsTable;
  order_refund_lines: OrderRefundLinesTable;
  order_refund_tenders: OrderRefundTendersTable;
  tenders: TendersTable;
  order_notes: OrderNotesTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  tickets: TicketsTable;
  ticket_uses: TicketUsesTable;
  membership_renewals: MembershipRenewalsTable;
  membership_holds: MembershipHoldsTable;
  stock_levels: StockLevelsTable;
  tax_codes: TaxCodesTable;
  stock_movements: StockMovementsTable;
  idempotency_keys: IdempotencyKeysTable;
  face_photos: FacePhotosTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  mail_attempts: MailAttemptsTable;
  catalogue_version: CatalogueVersionTable;
  order_search: OrderSearchTable;
  offline_ticket_ids: OfflineTicketIdsTable;
  sync_conflicts: SyncConflictsTable;
  sales_hours: SalesHoursTable;
  sales_hour_products: SalesHourProductsTable;
  einvoice_documents: EinvoiceDocumentsTable;
  sales_hour_taxes: SalesHourTaxesTable;
  einvoice_settings: EinvoiceSettingsTable;
  einvoice_buyers: EinvoiceBuyersTable;
  einvoice_request_keys: EinvoiceRequestKeysTable;
  einvoice_document_orders: EinvoiceDocumentOrdersTable;
}

/**
 * The venue's identity as MyInvois's supplier, one row per store (migration 0034_einvoice_identity); '' is not set.
 * The name and SST number are the venue's (`venue_settings`).
 */
export interface EinvoiceSettingsTable {
  store: string;
  /** LHDN's tax identification number, e.g. C20830570210. */
  tin: ColumnType<string, string | undefined, string>;
  /** Business registration number (SSM). */
  brn: ColumnType<string, string | undefined, string>;
  /** MSIC 2008 code (e.g. 93118 Fitness centres) and the business activity's description. */
  msic_code: ColumnType<string, string | undefined, string>;
  activity: ColumnType<string, string | undefined, string>;
  address_line: ColumnType<string, string | undefined, string>;
  city: ColumnType<string, string | undefined, string>;
  postcode: ColumnType<string, string | undefined, string>;
  /** MyInvois state code, 01 Johor to 17 not applicable. */
  state_code: ColumnType<string, string | undefined, string>;
  /** ISO 3166-1 alpha-3, default MYS. */
  country: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  /** Days after a sale its e-invoice request page stays open; null: until the month is consolidated (0035). */
  request_days: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: IsoTime;
  updated_by: string | null;
}

/**
 * The buyer of an order's own e-invoice (migration 0035_einvoice_buyers), one row per order: asked for on the
 * request page (`request`) or given at checkout for a sale above RM 10,000 (`checkout`). '' where not given.
 */
export interface EinvoiceBuyersTable {
  order_id: string;
  store: string;
  source: 'request' | 'checkout';
  /** `identified`, or `generalPublic` (LHDN's general public buyer: the other fields empty). */
  kind: 'identified' | 'generalPublic';
  name: ColumnType<string, string | undefined, string>;
  tin: ColumnType<string, string | undefined, string>;
  /** BRN, NRIC, PASSPORT or ARMY. */
  id_type: ColumnType<string, string | undefined, string>;
  id_value: ColumnType<string, string | undefined, string>;
  sst_no: ColumnType<string, string | undefined, string>;
  address_line: ColumnType<string, string | undefined, string>;
  city: ColumnType<string, string | undefined, string>;
  postcode: ColumnType<string, string | undefined, string>;
  state_code: ColumnType<string, string | undefined, string>;
  country: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  created_at: IsoTime;
}

/** The secret a store's e-invoice request links are signed with (migration 0035), made on first use. */
export interface EinvoiceRequestKeysTable {
  store: string;
  secret: string;
  created_at: IsoTime;
}

/** What an outbox row sends (`mail/`): the receipt, the passes with their QR codes, a renewal or a refund notice. */
export type MailKind = 'receipt' | 'passes' | 'renewal' | 'refund' | 'einvoice';

/**
 * The mail outbox: one row per email, written in the transaction of the order change it tells about
 * (migration 0011_mail_outbox). `(event_key, kind, to_address)` is unique.
 */
export interface MailOutboxTable {
  id: string;
  /** The event the message tells about: `sale:<order id>`, `renewal:<order id>`, `refund:<order id>`, `resend:<id>`. */
  event_key: string;
  kind: MailKind;
  /** Lower-cased recipient. */
  to_address: string;
  order_id: string;
  /** `queued` (also between retries), `sending` (claimed; see the lease), `sent`, `failed` (given up). */
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  /** Not before this time (backoff after a failed attempt). */
  next_attempt_at: IsoTime;
  /** The sender instance holding the row while it sends it. */
  lease_owner: string | null;
  /** Until when the claim holds; after it, another sender may take the row over (its holder died). */
  lease_until: IsoTime | null;
  last_error: string | null;
  /** The Message-ID header, the same on every attempt. */
  message_id: string | null;
  created_at: IsoTime;
  sent_at: IsoTime | null;
}

/**
 * Where an e-invoice is: `queued` (also between tries), `submitting` (claimed; see the lease), `submitted` (taken by
 * MyInvois, validation pending), `valid`, `invalid` (MyInvois's validation failed), `rejected` (refused at
 * submission), `cancelled`, `failed` (given up).
 */
export type EinvoiceStatus =
  | 'queued'
  | 'submitting'
  | 'submitted'
  | 'valid'
  | 'invalid'
  | 'rejected'
  | 'cancelled'
  | 'failed';

/** The e-invoice outbox: one row per MyInvois document the venue issues (migration 0031_einvoice_documents). */
export interface EinvoiceDocumentsTable {
  id: string;
  store: string;
  /** The event the document records, unique: `sale:<order id>`, `refund:<order id>:<refund id>`, `consolidated:...`. */
  event_key: string;
  /** MyInvois e-invoice type: 01 invoice, 02 credit note, 04 refund note. */
  type_code: '01' | '02' | '04';
  /** The venue's number of the document (its ID and the submission's codeNumber), unique per store. */
  number: string;
  /** The order, for a document of one sale or refund; null for a consolidated document. */
  order_id: string | null;
  /** The document a credit or refund note corrects. */
  original_id: string | null;
  status: EinvoiceStatus;
  attempts: ColumnType<number, number | undefined, number>;
  /** Not before this time (backoff, or MyInvois's Retry-After). */
  next_attempt_at: IsoTime;
  lease_owner: string | null;
  lease_until: IsoTime | null;
  last_error: string | null;
  /** The signed document's minified JSON, sent as it is on every try. */
  document_json: string | null;
  /** SHA-256 of `document_json`, hex (the submission's documentHash). */
  document_hash: string | null;
  submission_uid: string | null;
  /** MyInvois's UUID of the document. */
  uuid: string | null;
  /** For a valid document: the id of its public validation link. */
  long_id: string | null;
  /** JSON: MyInvois's errors when the document was rejected or is invalid. */
  validation_errors: string | null;
  created_at: IsoTime;
  submitted_at: IsoTime | null;
  validated_at: IsoTime | null;
  cancelled_at: IsoTime | null;
}

/** The receipts a consolidated e-invoice holds: one row per document and order (migration 0036). */
export interface EinvoiceDocumentOrdersTable {
  document_id: string;
  order_id: string;
}

/** The catalogue's version: one row (id 1), bumped by triggers on every catalogue write (migration 0012). */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

/** Every delivery attempt of an outbox row. */
export interface MailAttemptsTable {
  id: string;
  outbox_id: string;
  /** 1, 2, … */
  attempt: number;
  /** The sender instance that made it. */
  sender: string;
  at: IsoTime;
  /** `sent`, `retry` (failed, will try again) or `failed` (given up). */
  outcome: 'sent' | 'retry' | 'failed';
  error: string | null;
}

/** The database handle, or a transaction on it: every data function accepts either. */
export type Db = Kysely<Database> | Transaction<Database>;

/** A row of `staff`. */
export type StaffRow = Selectable<StaffTable>;
/** A row of `shifts`. */
export type ShiftRow = Selectable<ShiftsTable>;
/** A row of `orders`. */
/** The export's columns of `orders`, kept by triggers (migrations 0015 and 0032). */
export type OrderExportColumn =
  | 'invoice_id'
  | 'lines_json'
  | 'cash_sen'
  | 'card_sen'
  | 'ewallet_sen'
  | 'tax_json';
export type OrderRow = Omit<Selectable<OrdersTable>, OrderExportColumn>;
/** A new row of `orders`. */
export type NewOrder = Insertable<OrdersTable>;
/** A row of `order_items`. */
export type OrderItemRow = Selectable<OrderItemsTable>;
/** A row of `tickets`. */
export type TicketRow = Selectable<TicketsTable>;
/** A row of `einvoice_documents`. */
export type EinvoiceDocumentRow = Selectable<EinvoiceDocumentsTable>;
/** A row of `mail_outbox`. */
export type MailOutboxRow = Selectable<MailOutboxTable>;
