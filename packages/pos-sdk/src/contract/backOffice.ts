import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { EmailSchema, IsoDateTimeSchema, MoneySchema, NonNegativeMoneySchema } from './primitives';
import { TaxCodeIdSchema, TaxCodeSchema } from './tax';

// ---------------------------------------------------------------------------------------------
// Roles and staff (back office: a manager's token only)
// ---------------------------------------------------------------------------------------------

/** A staff member's role: `manager` may use the back-office calls; every staff member may use the terminal's. */
export const StaffRoleSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['staff', 'manager'], { error: 'must be staff or manager' }),
);
/** A staff member's role on the wire: `staff` or `manager`. */
export type StaffRole = z.infer<typeof StaffRoleSchema>;

const NameSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100, 'must be at most 100 characters')),
);
const PasswordSchema = /* @__PURE__ */ defineSchema(() =>
  z.string().check(z.minLength(8, 'must be at least 8 characters'), z.maxLength(200)),
);
const PinSchema = /* @__PURE__ */ defineSchema(() =>
  z.string().check(z.regex(/^\d{4,12}$/, 'must be 4 to 12 digits')),
);

/** A staff member as the back office lists them. */
export const StaffMemberSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    email: z.string(),
    name: z.object({ first: z.string(), last: z.string() }),
    role: StaffRoleSchema,
    /**
     * May approve discounts without being a manager: the right a manager grants (staff/edit). Managers always may;
     * the users list (the discount dialog's approvers) holds the managers and the staff with this right.
     */
    approve_discounts: z.boolean(),
    /** May hold memberships without being a manager: the right a manager grants (staff/edit). Absent in older answers. */
    hold_memberships: z.optional(z.boolean()),
    active: z.boolean(),
    created_at: z.string(),
  }),
);
/** A staff member on the wire, as the back office lists them: email, name, role, rights and status. */
export type StaffMember = z.infer<typeof StaffMemberSchema>;
/** The answer of POST /v1/admin/staff/list: every staff member. */
export const StaffListSchema = /* @__PURE__ */ defineSchema(() => z.array(StaffMemberSchema));

/** POST /v1/admin/staff/add. */
export const StaffAddRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    email: EmailSchema,
    first: NameSchema,
    last: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
    role: z._default(StaffRoleSchema, 'staff'),
    password: PasswordSchema,
    pin: PinSchema,
  }),
);
/** The body of POST /v1/admin/staff/add: the new member's email, name, role, password and PIN. */
export type StaffAddRequest = z.input<typeof StaffAddRequestSchema>;

/** POST /v1/admin/staff/edit: the member by email, and what changes. */
export const StaffEditRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    email: EmailSchema,
    changes: z
      .object({
        email: z.optional(EmailSchema),
        first: z.optional(NameSchema),
        last: z.optional(z.string().check(z.trim(), z.maxLength(100))),
        role: z.optional(StaffRoleSchema),
        /** Grants (true) or takes back (false) the right to approve discounts. */
        approve_discounts: z.optional(z.boolean({ error: 'must be true or false' })),
        /** Grants (true) or takes back (false) the right to hold memberships. */
        hold_memberships: z.optional(z.boolean({ error: 'must be true or false' })),
      })
      .check(z.refine((changes) => Object.keys(changes).length > 0, { message: 'must change something' })),
  }),
);
/** The body of POST /v1/admin/staff/edit: the member by email, and what changes. */
export type StaffEditRequest = z.input<typeof StaffEditRequestSchema>;

/** POST /v1/admin/staff/set_active: disable (their tokens stop at once) or enable a member. */
export const StaffSetActiveRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ email: EmailSchema, active: z.boolean() }),
);
/** The body of POST /v1/admin/staff/set_active: the member by email, and `active`. */
export type StaffSetActiveRequest = z.infer<typeof StaffSetActiveRequestSchema>;

/** POST /v1/admin/staff/reset_password. */
export const StaffResetPasswordRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ email: EmailSchema, password: PasswordSchema }),
);
/** The body of POST /v1/admin/staff/reset_password: the member by email, and the new password. */
export type StaffResetPasswordRequest = z.infer<typeof StaffResetPasswordRequestSchema>;

/** POST /v1/admin/staff/reset_pin. */
export const StaffResetPinRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ email: EmailSchema, pin: PinSchema }),
);
/** The body of POST /v1/admin/staff/reset_pin: the member by email, and the new PIN. */
export type StaffResetPinRequest = z.infer<typeof StaffResetPinRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

/** A SKU: letters, digits, `-`, `_` and `.`, at most 40 (case kept). */
export const SkuSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .string()
    .check(z.trim(), z.regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1 to 40 letters, digits, ".", "_" or "-"')),
);

/** Entries per venue day of a membership: 1 to 99. */
export const EntriesPerDaySchema = /* @__PURE__ */ defineSchema(() =>
  z
    .number()
    .check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(99, 'must be at most 99')),
);

/** Units a pass's validity is counted in. */
export const DURATION_UNITS = ['Day', 'Week', 'Month', 'Year'] as const;

/** A pass variant, flat: one row of the catalogue (one tile). */
export const CatalogPassRowSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    type: z.literal('PASS'),
    sku: SkuSchema,
    /** The product's name (the wire `_id` of the pass product). */
    product: NameSchema,
    category: NameSchema,
    group: NameSchema,
    price: NonNegativeMoneySchema,
    min_qty: z.number().check(z.int(), z.gte(1, 'must be at least 1'), z.lte(100, 'must be at most 100')),
    /** Uses per ticket; 0 is a membership, which admits its member `entries_per_day` times a venue day until expiry. */
    usage_limit: z
      .number()
      .check(z.int(), z.gte(0, 'must not be negative'), z.lte(1000, 'must be at most 1000')),
    /** Entries per venue day of a membership (usage_limit 0); default 1. */
    entries_per_day: z._default(EntriesPerDaySchema, 1),
    duration: z.object({
      value: z.number().check(z.int(), z.gte(1, 'must be at least 1'), z.lte(120, 'must be at most 120')),
      unit: z.enum(DURATION_UNITS, { error: `must be one of ${DURATION_UNITS.join(', ')}` }),
    }),
    /** On the sales screen (a retired variant is not sold; old orders and tickets keep it). */
    active: z._default(z.boolean(), true),
    /** The venue's tax code of the variant (null: untaxed). */
    tax_code: z._default(z.nullable(TaxCodeIdSchema), null),
  }),
);
/** A pass variant as one flat catalogue row (what the back office reads, defaults filled in). */
export type CatalogPassRow = z.output<typeof CatalogPassRowSchema>;

/** A product barcode, or null for none. */
const BarcodeSchema = /* @__PURE__ */ defineSchema(() =>
  z.nullable(
    z
      .string()
      .check(z.trim(), z.regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, ".", "_" or "-"')),
  ),
);

/** A merchandise variant, flat. */
export const CatalogMerchandiseRowSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    type: z.literal('MERCHANDISE'),
    sku: SkuSchema,
    product: NameSchema,
    size: NameSchema,
    price: NonNegativeMoneySchema,
    /** A product barcode (EAN-13, UPC, Code 128 text) the scanner may read instead of the SKU. */
    barcode: z._default(BarcodeSchema, null),
    active: z._default(z.boolean(), true),
    /** The venue's tax code of the variant (null: untaxed). */
    tax_code: z._default(z.nullable(TaxCodeIdSchema), null),
  }),
);
/** A merchandise variant as one flat catalogue row (what the back office reads, defaults filled in). */
export type CatalogMerchandiseRow = z.output<typeof CatalogMerchandiseRowSchema>;

/** One catalogue row: a pass variant or a merchandise variant. */
export const CatalogRowSchema = /* @__PURE__ */ defineSchema(() =>
  z.discriminatedUnion('type', [CatalogPassRowSchema, CatalogMerchandiseRowSchema]),
);
/** One catalogue row as read (defaults filled in): a pass or a merchandise variant. */
export type CatalogRow = z.output<typeof CatalogRowSchema>;
/** One catalogue row as sent (defaults may be left out): a pass or a merchandise variant. */
export type CatalogRowInput = z.input<typeof CatalogRowSchema>;

/** A product as the back office lists it: retired or not. */
export const CatalogProductSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    type: z.enum(['PASS', 'MERCHANDISE']),
    name: z.string(),
    active: z.boolean(),
  }),
);
/** A product on the wire, as the back office lists it: type, name and whether it is active. */
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;

/** POST /v1/admin/catalog/list: every variant and product, retired ones too, in catalogue order. */
export const CatalogListSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    items: z.array(CatalogRowSchema),
    products: z.array(CatalogProductSchema),
  }),
);
/** The answer of POST /v1/admin/catalog/list (and of every catalogue change): the rows and products. */
export type CatalogList = z.infer<typeof CatalogListSchema>;

/** POST /v1/admin/catalog/add: a new variant (its product is created when new). */
export const CatalogAddRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ item: CatalogRowSchema }),
);
/** The body of POST /v1/admin/catalog/add: the new row (`item`). */
export type CatalogAddRequest = z.input<typeof CatalogAddRequestSchema>;

/** POST /v1/admin/catalog/edit: changes to one variant, by SKU (the type and SKU stay). */
export const CatalogEditRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: SkuSchema,
    changes: z
      .object({
        product: z.optional(NameSchema),
        category: z.optional(NameSchema),
        group: z.optional(NameSchema),
        size: z.optional(NameSchema),
        price: z.optional(NonNegativeMoneySchema),
        min_qty: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
        usage_limit: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1000))),
        entries_per_day: z.optional(EntriesPerDaySchema),
        duration: z.optional(CatalogPassRowSchema.shape.duration),
        barcode: z.optional(BarcodeSchema),
        tax_code: z.optional(z.nullable(TaxCodeIdSchema)),
      })
      .check(z.refine((changes) => Object.keys(changes).length > 0, { message: 'must change something' })),
  }),
);
/** The body of POST /v1/admin/catalog/edit: the variant's SKU and what changes. */
export type CatalogEditRequest = z.input<typeof CatalogEditRequestSchema>;

/** POST /v1/admin/catalog/set_active: retire (`active: false`) or restore a variant by SKU, or a whole product. */
export const CatalogSetActiveRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.union([
    z.object({ sku: SkuSchema, active: z.boolean() }),
    z.object({ type: z.enum(['PASS', 'MERCHANDISE']), product: NameSchema, active: z.boolean() }),
  ]),
);
/** The body of POST /v1/admin/catalog/set_active: a variant by SKU, or a product, and `active`. */
export type CatalogSetActiveRequest = z.infer<typeof CatalogSetActiveRequestSchema>;

/** File formats of the catalogue import and export. */
export const CatalogFormatSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['csv', 'json'], { error: 'must be csv or json' }),
);
/** A catalogue file format on the wire: `csv` or `json`. */
export type CatalogFormat = z.infer<typeof CatalogFormatSchema>;

/** POST /v1/admin/catalog/export. */
export const CatalogExportRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ format: z._default(CatalogFormatSchema, 'csv') }),
);
/** The body of POST /v1/admin/catalog/export: the file format (default `csv`). */
export type CatalogExportRequest = z.input<typeof CatalogExportRequestSchema>;

/** The catalogue file: what `catalogImport` reads back. */
export const CatalogExportResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ format: CatalogFormatSchema, content: z.string() }),
);
/** The answer of POST /v1/admin/catalog/export: the format and the file's text. */
export type CatalogExportResponse = z.infer<typeof CatalogExportResponseSchema>;

/** The catalogue after a change (as the list). */
export const CatalogChangeResponseSchema = CatalogListSchema;

/** POST /v1/admin/catalog/import: a whole file, checked row by row; applied in one transaction unless `dry_run`. */
export const CatalogImportRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    format: CatalogFormatSchema,
    /** The file's text (at most 512 KB). */
    content: z.string().check(z.maxLength(512 * 1024, 'must be at most 512 KB')),
    dry_run: z._default(z.boolean(), false),
  }),
);
/** The body of POST /v1/admin/catalog/import: the format, the file's text and `dry_run`. */
export type CatalogImportRequest = z.input<typeof CatalogImportRequestSchema>;

/** What an import changes (or would change, with `dry_run`). */
export const CatalogImportChangeSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** The file's line (CSV) or the item's position from 1 (JSON). */
    line: z.number().check(z.int()),
    sku: z.string(),
    action: z.enum(['add', 'update', 'unchanged']),
    /** The fields that change, with the old and the new value (`update`). */
    fields: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  }),
);
/** One change of a catalogue import on the wire: the line, the SKU, the action and the fields that change. */
export type CatalogImportChange = z.infer<typeof CatalogImportChangeSchema>;

/** The answer of POST /v1/admin/catalog/import: whether it was applied, the changes and their counts. */
export const CatalogImportResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    dry_run: z.boolean(),
    applied: z.boolean(),
    changes: z.array(CatalogImportChangeSchema),
    summary: z.object({
      add: z.number().check(z.int()),
      update: z.number().check(z.int()),
      unchanged: z.number().check(z.int()),
    }),
  }),
);
/** The answer of POST /v1/admin/catalog/import: whether it was applied, the changes and their counts. */
export type CatalogImportResponse = z.infer<typeof CatalogImportResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Venue settings
// ---------------------------------------------------------------------------------------------

/** Days of a membership hold, as the venue bounds them: 1 to 366. */
const HoldDaysSchema = () =>
  z
    .number()
    .check(
      z.int('must be a whole number of days'),
      z.gte(1, 'must be at least 1'),
      z.lte(366, 'must be at most 366'),
    );

const SettingText = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));

/** The venue's settings: what receipts carry, and the venue's time zone ("today"). */
export const VenueSettingsSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    name: SettingText(80),
    address: SettingText(200),
    registration_no: SettingText(60),
    phone: SettingText(40),
    receipt_footer: SettingText(200),
    time_zone: z.string(),
    /** The currency's symbol on receipts and screens, e.g. `RM`. */
    currency_display: SettingText(8),
    /** The fewest days a membership hold may last (default 7). */
    hold_min_days: z._default(HoldDaysSchema(), 7),
    /** The most days a membership hold may last (default 90). */
    hold_max_days: z._default(HoldDaysSchema(), 90),
    /** Selling a tracked variant below zero: `allow` ('Only N left' shown), or `refuse` ('Only N left of {item}'). */
    stock_below_zero: z._default(z.enum(['allow', 'refuse']), 'allow'),
    /** Catalogue prices hold their tax (`true`, the default) or have it added on top (`false`). */
    prices_include_tax: z._default(z.boolean(), true),
    /** The venue's SST registration number, printed on receipts that carry tax ('' when none). */
    sst_registration_no: z._default(SettingText(40), ''),
    /** The venue's tax codes, for the tills' carts (kept by tax/set and tax/remove, not by settings/set). */
    tax_codes: z._default(z.array(TaxCodeSchema), []),
    /** How long after an entry its terminal may undo it (annul_ticket_redeem), in seconds; default 60. */
    entry_undo_seconds: z.optional(z.number().check(z.int(), z.gte(0), z.lte(3600))),
    /** A count variance beyond this many ringgit is marked on the end-of-shift report; default 5 (RM 5.00). */
    variance_alert: z._default(NonNegativeMoneySchema, 5),
    /** Staff count blind: the Close Shift form shows no expected amounts, and the shift so far is for managers. */
    blind_count: z._default(z.boolean(), false),
    /**
     * The SKU of the catalogue's merchandise variant that is a membership hold's fee, sold as a cart line before the
     * hold is placed ('' , the default: holds cost nothing).
     */
    hold_fee_sku: z._default(SettingText(100), ''),
  }),
);
/** The venue's settings on the wire: name, address, registration, phone, receipt footer, time zone, currency. */
export type VenueSettings = z.infer<typeof VenueSettingsSchema>;

/** POST /v1/admin/settings/set: some settings; the time zone cannot change while a shift is open. */
export const VenueSettingsUpdateSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .object({
      name: z.optional(SettingText(80)),
      address: z.optional(SettingText(200)),
      registration_no: z.optional(SettingText(60)),
      phone: z.optional(SettingText(40)),
      receipt_footer: z.optional(SettingText(200)),
      time_zone: z.optional(
        z.string().check(
          z.refine((zone) => {
            try {
              new Intl.DateTimeFormat('en', { timeZone: zone });
              return true;
            } catch {
              return false;
            }
          }, 'must be an IANA time zone such as Asia/Kuala_Lumpur'),
        ),
      ),
      currency_display: z.optional(SettingText(8).check(z.minLength(1, 'must not be empty'))),
      hold_min_days: z.optional(HoldDaysSchema()),
      hold_max_days: z.optional(HoldDaysSchema()),
      stock_below_zero: z.optional(z.enum(['allow', 'refuse'], { error: 'must be allow or refuse' })),
      prices_include_tax: z.optional(z.boolean({ error: 'must be true or false' })),
      sst_registration_no: z.optional(SettingText(40)),
      entry_undo_seconds: z.optional(z.number().check(z.int(), z.gte(0), z.lte(3600))),
      variance_alert: z.optional(NonNegativeMoneySchema),
      blind_count: z.optional(z.boolean({ error: 'must be true or false' })),
      hold_fee_sku: z.optional(SettingText(100)),
    })
    .check(z.refine((changes) => Object.keys(changes).length > 0, { message: 'must change something' })),
);
/** The body of POST /v1/admin/settings/set: the settings that change. */
export type VenueSettingsUpdate = z.infer<typeof VenueSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Audit trail
// ---------------------------------------------------------------------------------------------

/** POST /v1/admin/audit: the audit log of a period, newest first, filtered, a page at a time. */
export const AuditListRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    from: IsoDateTimeSchema,
    to: z.optional(IsoDateTimeSchema),
    /** An action (`order.refunded`) or an action group (`order`, `catalog`). */
    action: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
    /** The staff member by email. */
    staff: z.optional(EmailSchema),
    limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(500)), 50),
    /** Where the next page starts (from the previous answer). */
    cursor: z.optional(z.string().check(z.maxLength(200))),
  }),
);
/** The body of POST /v1/admin/audit: the period, filters and page. */
export type AuditListRequest = z.input<typeof AuditListRequestSchema>;

/** One entry of the audit log: when, what, who, on which terminal, about what, the amount and details. */
export const AuditEntrySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    at: z.string(),
    action: z.string(),
    staff: z.nullable(z.object({ _id: z.string(), email: z.string(), name: z.string() })),
    terminal: z.nullable(z.string()),
    subject: z.nullable(z.object({ type: z.string(), id: z.string() })),
    amount: z.nullable(MoneySchema),
    details: z.nullable(z.record(z.string(), z.unknown())),
  }),
);
/** One entry of the audit log on the wire: when, what, who, on which terminal, about what, amount and details. */
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The answer of POST /v1/admin/audit: a page of entries, newest first, and where the next page starts. */
export const AuditListResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    entries: z.array(AuditEntrySchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    next_cursor: z.nullable(z.string()),
  }),
);
/** The answer of POST /v1/admin/audit on the wire: a page of entries and the next cursor. */
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;
