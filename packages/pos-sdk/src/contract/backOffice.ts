import { z } from 'zod';
import { EmailSchema, IsoDateTimeSchema, MoneySchema, NonNegativeMoneySchema } from './primitives';

// ---------------------------------------------------------------------------------------------
// Roles and staff (back office: a manager's token only)
// ---------------------------------------------------------------------------------------------

/** A staff member's role: `manager` may use the back-office calls; every staff member may use the terminal's. */
export const StaffRoleSchema = z.enum(['staff', 'manager'], { error: 'must be staff or manager' });
export type StaffRole = z.infer<typeof StaffRoleSchema>;

const NameSchema = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const PasswordSchema = z.string().min(8, 'must be at least 8 characters').max(200);
const PinSchema = z.string().regex(/^\d{4,12}$/, 'must be 4 to 12 digits');

/** A staff member as the back office lists them. */
export const StaffMemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  role: StaffRoleSchema,
  /**
   * May approve discounts without being a manager: the right a manager grants (staff/edit). Managers always may;
   * the users list (the discount dialog's approvers) holds the managers and the staff with this right.
   */
  approve_discounts: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.array(StaffMemberSchema);

/** POST /v1/admin/staff/add. */
export const StaffAddRequestSchema = z.object({
  email: EmailSchema,
  first: NameSchema,
  last: z.string().trim().max(100).default(''),
  role: StaffRoleSchema.default('staff'),
  password: PasswordSchema,
  pin: PinSchema,
});
export type StaffAddRequest = z.input<typeof StaffAddRequestSchema>;

/** POST /v1/admin/staff/edit: the member by email, and what changes. */
export const StaffEditRequestSchema = z.object({
  email: EmailSchema,
  changes: z
    .object({
      email: EmailSchema.optional(),
      first: NameSchema.optional(),
      last: z.string().trim().max(100).optional(),
      role: StaffRoleSchema.optional(),
      /** Grants (true) or takes back (false) the right to approve discounts. */
      approve_discounts: z.boolean({ error: 'must be true or false' }).optional(),
    })
    .refine((changes) => Object.keys(changes).length > 0, { message: 'must change something' }),
});
export type StaffEditRequest = z.input<typeof StaffEditRequestSchema>;

/** POST /v1/admin/staff/set_active: disable (their tokens stop at once) or enable a member. */
export const StaffSetActiveRequestSchema = z.object({ email: EmailSchema, active: z.boolean() });
export type StaffSetActiveRequest = z.infer<typeof StaffSetActiveRequestSchema>;

/** POST /v1/admin/staff/reset_password. */
export const StaffResetPasswordRequestSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type StaffResetPasswordRequest = z.infer<typeof StaffResetPasswordRequestSchema>;

/** POST /v1/admin/staff/reset_pin. */
export const StaffResetPinRequestSchema = z.object({ email: EmailSchema, pin: PinSchema });
export type StaffResetPinRequest = z.infer<typeof StaffResetPinRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

/** A SKU: letters, digits, `-`, `_` and `.`, at most 40 (case kept). */
export const SkuSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1 to 40 letters, digits, ".", "_" or "-"');

/** Entries per venue day of a membership: 1 to 99. */
export const EntriesPerDaySchema = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(99, 'must be at most 99');

/** Units a pass's validity is counted in. */
export const DURATION_UNITS = ['Day', 'Week', 'Month', 'Year'] as const;

/** A pass variant, flat: one row of the catalogue (one tile). */
export const CatalogPassRowSchema = z.object({
  type: z.literal('PASS'),
  sku: SkuSchema,
  /** The product's name (the wire `_id` of the pass product). */
  product: NameSchema,
  category: NameSchema,
  group: NameSchema,
  price: NonNegativeMoneySchema,
  min_qty: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100'),
  /** Uses per ticket; 0 is a membership, which admits its member `entries_per_day` times a venue day until expiry. */
  usage_limit: z.number().int().min(0, 'must not be negative').max(1000, 'must be at most 1000'),
  /** Entries per venue day of a membership (usage_limit 0); default 1. */
  entries_per_day: EntriesPerDaySchema.default(1),
  duration: z.object({
    value: z.number().int().min(1, 'must be at least 1').max(120, 'must be at most 120'),
    unit: z.enum(DURATION_UNITS, { error: `must be one of ${DURATION_UNITS.join(', ')}` }),
  }),
  /** On the sales screen (a retired variant is not sold; old orders and tickets keep it). */
  active: z.boolean().default(true),
});
export type CatalogPassRow = z.output<typeof CatalogPassRowSchema>;

/** A product barcode, or null for none. */
const BarcodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, ".", "_" or "-"')
  .nullable();

/** A merchandise variant, flat. */
export const CatalogMerchandiseRowSchema = z.object({
  type: z.literal('MERCHANDISE'),
  sku: SkuSchema,
  product: NameSchema,
  size: NameSchema,
  price: NonNegativeMoneySchema,
  /** A product barcode (EAN-13, UPC, Code 128 text) the scanner may read instead of the SKU. */
  barcode: BarcodeSchema.default(null),
  active: z.boolean().default(true),
});
export type CatalogMerchandiseRow = z.output<typeof CatalogMerchandiseRowSchema>;

/** One catalogue row: a pass variant or a merchandise variant. */
export const CatalogRowSchema = z.discriminatedUnion('type', [
  CatalogPassRowSchema,
  CatalogMerchandiseRowSchema,
]);
export type CatalogRow = z.output<typeof CatalogRowSchema>;
export type CatalogRowInput = z.input<typeof CatalogRowSchema>;

/** A product as the back office lists it: retired or not. */
export const CatalogProductSchema = z.object({
  type: z.enum(['PASS', 'MERCHANDISE']),
  name: z.string(),
  active: z.boolean(),
});
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;

/** POST /v1/admin/catalog/list: every variant and product, retired ones too, in catalogue order. */
export const CatalogListSchema = z.object({
  items: z.array(CatalogRowSchema),
  products: z.array(CatalogProductSchema),
});
export type CatalogList = z.infer<typeof CatalogListSchema>;

/** POST /v1/admin/catalog/add: a new variant (its product is created when new). */
export const CatalogAddRequestSchema = z.object({ item: CatalogRowSchema });
export type CatalogAddRequest = z.input<typeof CatalogAddRequestSchema>;

/** POST /v1/admin/catalog/edit: changes to one variant, by SKU (the type and SKU stay). */
export const CatalogEditRequestSchema = z.object({
  sku: SkuSchema,
  changes: z
    .object({
      product: NameSchema.optional(),
      category: NameSchema.optional(),
      group: NameSchema.optional(),
      size: NameSchema.optional(),
      price: NonNegativeMoneySchema.optional(),
      min_qty: z.number().int().min(1).max(100).optional(),
      usage_limit: z.number().int().min(0).max(1000).optional(),
      entries_per_day: EntriesPerDaySchema.optional(),
      duration: CatalogPassRowSchema.shape.duration.optional(),
      barcode: BarcodeSchema.optional(),
    })
    .refine((changes) => Object.keys(changes).length > 0, { message: 'must change something' }),
});
export type CatalogEditRequest = z.input<typeof CatalogEditRequestSchema>;

/** POST /v1/admin/catalog/set_active: retire (`active: false`) or restore a variant by SKU, or a whole product. */
export const CatalogSetActiveRequestSchema = z.union([
  z.object({ sku: SkuSchema, active: z.boolean() }),
  z.object({ type: z.enum(['PASS', 'MERCHANDISE']), product: NameSchema, active: z.boolean() }),
]);
export type CatalogSetActiveRequest = z.infer<typeof CatalogSetActiveRequestSchema>;

/** File formats of the catalogue import and export. */
export const CatalogFormatSchema = z.enum(['csv', 'json'], { error: 'must be csv or json' });
export type CatalogFormat = z.infer<typeof CatalogFormatSchema>;

/** POST /v1/admin/catalog/export. */
export const CatalogExportRequestSchema = z.object({ format: CatalogFormatSchema.default('csv') });
export type CatalogExportRequest = z.input<typeof CatalogExportRequestSchema>;

/** The catalogue file: what `catalogImport` reads back. */
export const CatalogExportResponseSchema = z.object({ format: CatalogFormatSchema, content: z.string() });
export type CatalogExportResponse = z.infer<typeof CatalogExportResponseSchema>;

/** The catalogue after a change (as the list). */
export const CatalogChangeResponseSchema = CatalogListSchema;

/** POST /v1/admin/catalog/import: a whole file, checked row by row; applied in one transaction unless `dry_run`. */
export const CatalogImportRequestSchema = z.object({
  format: CatalogFormatSchema,
  /** The file's text (at most 512 KB). */
  content: z.string().max(512 * 1024, 'must be at most 512 KB'),
  dry_run: z.boolean().default(false),
});
export type CatalogImportRequest = z.input<typeof CatalogImportRequestSchema>;

/** What an import changes (or would change, with `dry_run`). */
export const CatalogImportChangeSchema = z.object({
  /** The file's line (CSV) or the item's position from 1 (JSON). */
  line: z.number().int(),
  sku: z.string(),
  action: z.enum(['add', 'update', 'unchanged']),
  /** The fields that change, with the old and the new value (`update`). */
  fields: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type CatalogImportChange = z.infer<typeof CatalogImportChangeSchema>;

export const CatalogImportResponseSchema = z.object({
  dry_run: z.boolean(),
  applied: z.boolean(),
  changes: z.array(CatalogImportChangeSchema),
  summary: z.object({ add: z.number().int(), update: z.number().int(), unchanged: z.number().int() }),
});
export type CatalogImportResponse = z.infer<typeof CatalogImportResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Venue settings
// ---------------------------------------------------------------------------------------------

const SettingText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** The venue's settings: what receipts carry, and the venue's time zone ("today"). */
export const VenueSettingsSchema = z.object({
  name: SettingText(80),
  address: SettingText(200),
  registration_no: SettingText(60),
  phone: SettingText(40),
  receipt_footer: SettingText(200),
  time_zone: z.string(),
  /** The currency's symbol on receipts and screens, e.g. `RM`. */
  currency_display: SettingText(8),
});
export type VenueSettings = z.infer<typeof VenueSettingsSchema>;

/** POST /v1/admin/settings/set: some settings; the time zone cannot change while a shift is open. */
export const VenueSettingsUpdateSchema = z
  .object({
    name: SettingText(80).optional(),
    address: SettingText(200).optional(),
    registration_no: SettingText(60).optional(),
    phone: SettingText(40).optional(),
    receipt_footer: SettingText(200).optional(),
    time_zone: z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Asia/Kuala_Lumpur')
      .optional(),
    currency_display: SettingText(8).min(1, 'must not be empty').optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, { message: 'must change something' });
export type VenueSettingsUpdate = z.infer<typeof VenueSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Audit trail
// ---------------------------------------------------------------------------------------------

/** POST /v1/admin/audit: the audit log of a period, newest first, filtered, a page at a time. */
export const AuditListRequestSchema = z.object({
  from: IsoDateTimeSchema,
  to: IsoDateTimeSchema.optional(),
  /** An action (`order.refunded`) or an action group (`order`, `catalog`). */
  action: z.string().trim().min(1).max(60).optional(),
  /** The staff member by email. */
  staff: EmailSchema.optional(),
  limit: z.number().int().min(1).max(500).default(50),
  /** Where the next page starts (from the previous answer). */
  cursor: z.string().max(200).optional(),
});
export type AuditListRequest = z.input<typeof AuditListRequestSchema>;

export const AuditEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  staff: z.object({ _id: z.string(), email: z.string(), name: z.string() }).nullable(),
  terminal: z.string().nullable(),
  subject: z.object({ type: z.string(), id: z.string() }).nullable(),
  amount: MoneySchema.nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;
