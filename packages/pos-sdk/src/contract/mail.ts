import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { IdSchema, IsoDateTimeSchema } from './primitives';

/**
 * Which message an outbox row sends: the receipt, the passes (one QR code per ticket), a renewal, a refund, or the
 * buyer's validated e-invoice (its number, totals and LHDN's validation link as a QR code).
 */
export const MailKindSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['receipt', 'passes', 'renewal', 'refund', 'einvoice']),
);

/** Where one message stands: waiting (`queued`, also between retries), being sent, `sent`, or given up (`failed`). */
export const MailStatusSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['queued', 'sending', 'sent', 'failed']),
);
/** Where one email of an order stands on the wire: `queued`, `sending`, `sent` or `failed`. */
export type MailStatus = z.infer<typeof MailStatusSchema>;

/** One email of an order (`Order.mail`): what, to whom, and how it went. */
export const OrderMailSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    kind: MailKindSchema,
    to: z.string(),
    status: MailStatusSchema,
    /** Delivery attempts made so far. */
    attempts: z.number().check(z.int(), z.nonnegative()),
    /** Why the last attempt failed (null when none failed). */
    last_error: z.nullable(z.string()),
    /** When it was queued. */
    created_at: IsoDateTimeSchema,
    /** When it was delivered to the mail server (null until then). */
    sent_at: z.nullable(IsoDateTimeSchema),
  }),
);
/** One email of an order on the wire (`Order.mail`): its kind, recipient, status and attempts. */
export type OrderMail = z.infer<typeof OrderMailSchema>;

/**
 * POST /v1/admin/resend_receipt: emails an order's receipt (and its passes) again, to the order's customer
 * email or to `to` (a corrected address, which does not change the order). Keyed with `Idempotency-Key`.
 */
export const ResendReceiptRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    invoice_id: IdSchema,
    to: z.optional(z.string().check(z.trim(), z.maxLength(254))),
  }),
);
/** The body of POST /v1/admin/resend_receipt: the invoice and, optionally, a corrected address. */
export type ResendReceiptRequest = z.infer<typeof ResendReceiptRequestSchema>;

/** The most messages one page of the outbox holds. */
export const OUTBOX_PAGE_MAX = 200;

/**
 * POST /v1/admin/mail/outbox (manager): the messages of the mail outbox, newest first, a page at a time; `status`
 * keeps those in one state (`failed`: given up after their retries, to resend by hand).
 */
export const MailOutboxRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    status: z.optional(MailStatusSchema),
    limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(OUTBOX_PAGE_MAX)), 50),
    /** Where the page starts: `next_cursor` of the previous page. */
    cursor: z.optional(z.string().check(z.maxLength(200))),
  }),
);
/** The body of POST /v1/admin/mail/outbox: the status kept, the page's size and where it starts. */
export type MailOutboxRequest = z.input<typeof MailOutboxRequestSchema>;

/** One message of the outbox: what, to whom, how it went, and the order it belongs to. */
export const OutboxMailSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    kind: MailKindSchema,
    to: z.string(),
    status: MailStatusSchema,
    attempts: z.number().check(z.int(), z.nonnegative()),
    last_error: z.nullable(z.string()),
    created_at: IsoDateTimeSchema,
    sent_at: z.nullable(IsoDateTimeSchema),
    /** The order's `_id`, and its invoice (null for an order without one). */
    order: z.object({ _id: z.string(), invoice: z.nullable(z.string()) }),
  }),
);
/** One message of the mail outbox on the wire. */
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** The answer of POST /v1/admin/mail/outbox: a page of messages, newest first, and where the next page starts. */
export const MailOutboxResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ mails: z.array(OutboxMailSchema), next_cursor: z.nullable(z.string()) }),
);
/** The answer of POST /v1/admin/mail/outbox. */
export type MailOutboxResponse = z.infer<typeof MailOutboxResponseSchema>;
