import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './primitives';

/** Which message an outbox row sends: the receipt, the passes (one QR code per ticket), a renewal or a refund. */
export const MailKindSchema = z.enum(['receipt', 'passes', 'renewal', 'refund']);

/** Where one message stands: waiting (`queued`, also between retries), being sent, `sent`, or given up (`failed`). */
export const MailStatusSchema = z.enum(['queued', 'sending', 'sent', 'failed']);
export type MailStatus = z.infer<typeof MailStatusSchema>;

/** One email of an order (`Order.mail`): what, to whom, and how it went. */
export const OrderMailSchema = z.object({
  kind: MailKindSchema,
  to: z.string(),
  status: MailStatusSchema,
  /** Delivery attempts made so far. */
  attempts: z.number().int().nonnegative(),
  /** Why the last attempt failed (null when none failed). */
  last_error: z.string().nullable(),
  /** When it was queued. */
  created_at: IsoDateTimeSchema,
  /** When it was delivered to the mail server (null until then). */
  sent_at: IsoDateTimeSchema.nullable(),
});
export type OrderMail = z.infer<typeof OrderMailSchema>;

/**
 * POST /v1/admin/resend_receipt: emails an order's receipt (and its passes) again, to the order's customer
 * email or to `to` (a corrected address, which does not change the order). Keyed with `Idempotency-Key`.
 */
export const ResendReceiptRequestSchema = z.object({
  invoice_id: IdSchema,
  to: z.string().trim().max(254).optional(),
});
export type ResendReceiptRequest = z.infer<typeof ResendReceiptRequestSchema>;
