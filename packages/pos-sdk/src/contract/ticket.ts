import { z } from 'zod';
import { IsoDateTimeSchema } from './primitives';

/** The derived display statuses, in the spec's order of precedence (section 4). */
export const TicketDisplayStatusSchema = z.enum(['Canceled', 'Expired', 'Fully Used', 'Active', 'Inactive']);
export type TicketDisplayStatus = z.infer<typeof TicketDisplayStatusSchema>;

/** One use of a ticket (a redemption at a gate). */
export const TicketUseSchema = z.object({
  at: IsoDateTimeSchema,
  terminal: z.string().optional(),
  staff: z.string().optional(),
});
export type TicketUse = z.infer<typeof TicketUseSchema>;

/**
 * A ticket (pass) as the spec names its fields. `status` is the stored status (`Valid` or `Canceled`);
 * the display status is derived (`deriveTicketStatus`); the server adds it as `display_status`.
 */
export const TicketSchema = z.object({
  _id: z.string(),
  date: IsoDateTimeSchema,
  expiry: IsoDateTimeSchema,
  status: z.string(),
  display_status: TicketDisplayStatusSchema.optional(),
  used: z.array(TicketUseSchema),
  order: z.object({ _id: z.string().optional(), invoice: z.object({ _id: z.string() }).nullable() }),
  allow_redeem: z.boolean(),
  pass: z.object({
    name: z.string(),
    sku: z.string(),
    visit_date: IsoDateTimeSchema,
    usage_limit: z.number().int().min(0),
    shareable: z.boolean(),
    quantity: z.number().int().min(1),
    /** Entries per venue day of a membership (usage_limit 0); absent in older answers: 1. */
    entries_per_day: z.number().int().min(1).max(99).optional(),
  }),
  member: z
    .object({
      name: z.string(),
      _id: z.string(),
      dob: z.string().nullable().optional(),
      phone: z.object({ country_code: z.string(), number: z.string() }).nullable().optional(),
    })
    .nullable()
    .optional(),
  face: z
    .object({
      registered_at: IsoDateTimeSchema,
      /** Whether a JPEG was registered (false for a used non-shareable ticket registered with no body). */
      photo: z.boolean().optional(),
    })
    .nullable()
    .optional(),
});
export type Ticket = z.infer<typeof TicketSchema>;
export const TicketListSchema = z.array(TicketSchema);

/** POST /v1/admin/get_ticket. */
export const GetTicketRequestSchema = z.object({
  ticket_id: z.string().trim().min(1, 'must not be empty').max(200),
});
export type GetTicketRequest = z.infer<typeof GetTicketRequestSchema>;

/**
 * check_ticket_redeem's body: `{}` at the gate; a redeem made while offline and replayed later sends the scan's
 * `nonce` (one per scan: the server redeems a nonce once and answers a second replay the same) and `used_at`, when
 * the pass was used on the terminal (the server's clock as the terminal knew it).
 */
export const RedeemRequestSchema = z.object({
  nonce: z.string().trim().min(8).max(100).optional(),
  used_at: IsoDateTimeSchema.optional(),
});
export type RedeemRequest = z.infer<typeof RedeemRequestSchema>;

/** Answer of check_ticket_redeem: the ticket with the new use, and a message. */
export const RedeemResponseSchema = z.object({ ticket: TicketSchema, message: z.string() });
export type RedeemResponse = z.infer<typeof RedeemResponseSchema>;

/** The largest face photo the server accepts, in bytes. */
export const FACE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
