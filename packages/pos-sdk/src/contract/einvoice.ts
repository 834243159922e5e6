import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { IdSchema, IsoDateTimeSchema, MoneySchema } from './primitives';

/** A text setting of the e-invoice identity: trimmed, at most `max` characters ('' is not set). */
const IdentityText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/**
 * The venue's identity as MyInvois's supplier: TIN, BRN, SST number, MSIC code and activity, address and contact.
 * '' is not set yet. The registered name is the venue's name (`settings set --name`).
 */
export const EinvoiceIdentitySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** LHDN's tax identification number, e.g. `C20830570210`. */
    tin: IdentityText(20),
    /** Business registration number (SSM), e.g. `202005123456`. */
    brn: IdentityText(30),
    /** The venue's SST registration number (the same setting as `VenueSettings.sst_registration_no`). */
    sst_registration_no: IdentityText(40),
    /** MSIC 2008 code: 93118 for a fitness centre. */
    msic_code: IdentityText(5),
    /** The business activity's description, e.g. `Fitness centre`. */
    activity: IdentityText(300),
    address_line: IdentityText(150),
    city: IdentityText(50),
    postcode: IdentityText(10),
    /** MyInvois state code: 01 Johor ... 14 Kuala Lumpur ... 16 Putrajaya, 17 not applicable. */
    state_code: IdentityText(2),
    /** ISO 3166-1 alpha-3, `MYS`. */
    country: IdentityText(3),
    /** Contact number, e.g. `+60321234567`. */
    phone: IdentityText(20),
    email: IdentityText(320),
  }),
);
/** The venue's e-invoice identity on the wire. */
export type EinvoiceIdentity = z.infer<typeof EinvoiceIdentitySchema>;

/**
 * POST /v1/admin/einvoice/settings: the identity, and what the server's environment has configured, never the
 * values: the MyInvois environment (null: e-invoicing off), whether the client ID and secret and the signing key are
 * set, and which identity fields a document still needs.
 */
export const EinvoiceSettingsSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    ...EinvoiceIdentitySchema.shape,
    /** The supplier's registered name: the venue's name. */
    supplier_name: z.string(),
    /** The MSIC code's description as LHDN publishes it; null when the code is not set. */
    msic_description: z.nullable(z.string()),
    environment: z.nullable(z.enum(['sandbox', 'production'])),
    credentials_configured: z.boolean(),
    signing_key_configured: z.boolean(),
    /** The identity fields still empty that a document needs; [] when ready. */
    missing: z.array(z.string()),
    /**
     * How many days after a sale its e-invoice request page stays open; null: until the month's consolidated
     * e-invoice is queued (LHDN's limit). Optional for servers before it.
     */
    request_days: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(366)))),
  }),
);
/** The answer of einvoice/settings and einvoice/settings/set. */
export type EinvoiceSettings = z.infer<typeof EinvoiceSettingsSchema>;

/** POST /v1/admin/einvoice/settings/set: the identity fields that change (manager). */
export const EinvoiceSettingsSetRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z
    .extend(z.partial(EinvoiceIdentitySchema), {
      /** Days a sale's e-invoice request page stays open (1 to 366); null: until the month is consolidated. */
      request_days: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(366)))),
    })
    .check(z.refine((changes) => Object.keys(changes).length > 0, { message: 'must change something' })),
);
/** The body of POST /v1/admin/einvoice/settings/set. */
export type EinvoiceSettingsSetRequest = z.infer<typeof EinvoiceSettingsSetRequestSchema>;

/**
 * Where an e-invoice stands: `queued` (also between tries), `submitting`, `submitted` (taken by MyInvois, being
 * validated), `valid`, `invalid` (MyInvois's validation failed), `rejected` (refused at submission), `cancelled`,
 * `failed` (given up after the retries).
 */
export const EinvoiceStatusSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['queued', 'submitting', 'submitted', 'valid', 'invalid', 'rejected', 'cancelled', 'failed']),
);
/** Where an e-invoice stands on the wire. */
export type EinvoiceStatus = z.infer<typeof EinvoiceStatusSchema>;

/** A month of the venue's calendar, `YYYY-MM`. */
export const MonthSchema = /* @__PURE__ */ defineSchema(() =>
  z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month such as 2026-11')),
);

/** One e-invoice of the outbox: what, its totals, where it stands, and MyInvois's answers. */
export const EinvoiceDocumentSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    id: z.string(),
    store: z.string(),
    /** MyInvois type: 01 invoice (a consolidated one too), 02 credit note, 04 refund note. */
    type: z.enum(['01', '02', '04']),
    number: z.string(),
    /** The month of a consolidated e-invoice (`YYYY-MM`); null for a document of one sale. */
    month: z.nullable(z.string()),
    status: EinvoiceStatusSchema,
    /** Submission attempts so far. */
    attempts: z.number().check(z.int(), z.nonnegative()),
    /** Not tried again before this time (backoff, or MyInvois's Retry-After). */
    next_attempt_at: IsoDateTimeSchema,
    last_error: z.nullable(z.string()),
    /** The document's total payable and tax, as submitted. */
    payable: MoneySchema,
    tax: MoneySchema,
    submission_uid: z.nullable(z.string()),
    /** MyInvois's UUID of the document. */
    uuid: z.nullable(z.string()),
    long_id: z.nullable(z.string()),
    /** The public validation link `https://{portal}/{uuid}/share/{longId}` once valid. */
    validation_link: z.nullable(z.string()),
    /** MyInvois's errors when the document was rejected or is invalid. */
    validation_errors: z.nullable(z.unknown()),
    created_at: IsoDateTimeSchema,
    submitted_at: z.nullable(IsoDateTimeSchema),
    validated_at: z.nullable(IsoDateTimeSchema),
    cancelled_at: z.nullable(IsoDateTimeSchema),
  }),
);
/** One e-invoice of the outbox on the wire. */
export type EinvoiceDocument = z.infer<typeof EinvoiceDocumentSchema>;

/**
 * POST /v1/admin/einvoice/submit: the consolidated e-invoice of a month of the venue's calendar, queued to MyInvois
 * once (asking again answers the same document); `dry_run` builds it and answers its JSON, queuing nothing.
 */
export const EinvoiceSubmitRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ month: MonthSchema, dry_run: z.optional(z.boolean()) }),
);
/** The body of POST /v1/admin/einvoice/submit. */
export type EinvoiceSubmitRequest = z.infer<typeof EinvoiceSubmitRequestSchema>;

/** The answer of einvoice/submit: the queued document, or with `dry_run` the document's UBL JSON (unsigned). */
export const EinvoiceSubmitResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    document: z.nullable(EinvoiceDocumentSchema),
    /** The UBL 2.1 JSON document a dry run would submit. */
    preview: z.optional(z.unknown()),
  }),
);
/** The answer of POST /v1/admin/einvoice/submit. */
export type EinvoiceSubmitResponse = z.infer<typeof EinvoiceSubmitResponseSchema>;

/** POST /v1/admin/einvoice/list: the e-invoices, newest first; of one month's consolidated e-invoice with `month`. */
export const EinvoiceListRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ month: z.optional(MonthSchema) }),
);
/** The body of POST /v1/admin/einvoice/list. */
export type EinvoiceListRequest = z.infer<typeof EinvoiceListRequestSchema>;
/** The answer of einvoice/list. */
export const EinvoiceListSchema = /* @__PURE__ */ defineSchema(() => z.array(EinvoiceDocumentSchema));

/**
 * POST /v1/einvoice/order (any signed-in staff member): the e-invoices that cover one order, for its invoice dialog:
 * its own documents, and the consolidated e-invoice of its month when the order is one of its receipts.
 */
export const EinvoiceOrderRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ order_id: IdSchema }),
);
/** The body of POST /v1/einvoice/order. */
export type EinvoiceOrderRequest = z.infer<typeof EinvoiceOrderRequestSchema>;

/** POST /v1/admin/einvoice/status and /retry: one e-invoice by its id. */
export const EinvoiceIdRequestSchema = /* @__PURE__ */ defineSchema(() => z.object({ id: IdSchema }));
/** The body of POST /v1/admin/einvoice/status and /retry. */
export type EinvoiceIdRequest = z.infer<typeof EinvoiceIdRequestSchema>;

/** POST /v1/admin/einvoice/cancel: cancels a valid e-invoice within 72 hours of its validation, with the reason. */
export const EinvoiceCancelRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    id: IdSchema,
    reason: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(300)),
  }),
);
/** The body of POST /v1/admin/einvoice/cancel. */
export type EinvoiceCancelRequest = z.infer<typeof EinvoiceCancelRequestSchema>;

/** A text field of a buyer: trimmed, at most `max` characters (checked in words by `checkEinvoiceBuyer`). */
const BuyerText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/**
 * The buyer of an individual e-invoice: a checkout's optional `buyer` (a sale above RM 10,000; without it the
 * e-invoice names the general public), and the request page's form. The server checks it with pos-sdk's
 * `checkEinvoiceBuyer` (LHDN's TIN forms, the identification's number, the state code), each problem in words.
 */
export const EinvoiceBuyerSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** The name on the e-invoice: a person's or a business's registered name. */
    name: BuyerText(300),
    /** LHDN's tax identification number, e.g. `IG12345678901` or `C20830570210`. */
    tin: BuyerText(20),
    /** NRIC (MyKad), PASSPORT, BRN (business registration) or ARMY. */
    id_type: BuyerText(10),
    id_value: BuyerText(40),
    /** The buyer's SST registration number, when registered. */
    sst_no: z.optional(BuyerText(40)),
    address_line: BuyerText(150),
    city: BuyerText(50),
    postcode: BuyerText(10),
    /** MyInvois state code: 01 Johor ... 14 Kuala Lumpur ... 16 Putrajaya, 17 not applicable. */
    state_code: BuyerText(2),
    /** ISO 3166-1 alpha-3; default `MYS`. */
    country: z.optional(BuyerText(3)),
    phone: BuyerText(20),
    /** Where the validated e-invoice is emailed; at checkout the order's customer email when not given. */
    email: z.optional(BuyerText(254)),
  }),
);
/** The buyer of an individual e-invoice on the wire. */
export type EinvoiceBuyer = z.infer<typeof EinvoiceBuyerSchema>;
