import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { IsoDateSchema, IsoDateTimeSchema } from './primitives';

/** The derived display statuses, in the spec's order of precedence (section 4). */
export const TicketDisplayStatusSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['Canceled', 'Expired', 'Fully Used', 'Active', 'Inactive']),
);
/** A ticket's display status on the wire: `Canceled`, `Expired`, `Fully Used`, `Active` or `Inactive`. */
export type TicketDisplayStatus = z.infer<typeof TicketDisplayStatusSchema>;

/** One use of a ticket (a redemption at a gate). */
export const TicketUseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    at: IsoDateTimeSchema,
    terminal: z.optional(z.string()),
    staff: z.optional(z.string()),
  }),
);
/** One use of a ticket on the wire: when, on which terminal, by whom. */
export type TicketUse = z.infer<typeof TicketUseSchema>;

/**
 * A membership's hold: venue dates, `from` the first day on hold, `to` the first day the member may enter
 * again (a hold ended early has its `to` moved to the day it ended; `to` = `from` when it ended before it began).
 */
export const TicketHoldSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ from: IsoDateSchema, to: IsoDateSchema }),
);
/** A membership's hold on the wire: its first day and the day entries resume (`YYYY-MM-DD`, venue days). */
export type TicketHold = z.infer<typeof TicketHoldSchema>;

/**
 * A ticket (pass) as the spec names its fields. `status` is the stored status (`Valid` or `Canceled`);
 * the display status is derived (`deriveTicketStatus`); the server adds it as `display_status`.
 */
export const TicketSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    date: IsoDateTimeSchema,
    expiry: IsoDateTimeSchema,
    status: z.string(),
    display_status: z.optional(TicketDisplayStatusSchema),
    used: z.array(TicketUseSchema),
    order: z.object({ _id: z.optional(z.string()), invoice: z.nullable(z.object({ _id: z.string() })) }),
    allow_redeem: z.boolean(),
    pass: z.object({
      name: z.string(),
      sku: z.string(),
      visit_date: IsoDateTimeSchema,
      usage_limit: z.number().check(z.int(), z.gte(0)),
      shareable: z.boolean(),
      quantity: z.number().check(z.int(), z.gte(1)),
      /** Entries per venue day of a membership (usage_limit 0); absent in older answers: 1. */
      entries_per_day: z.optional(z.number().check(z.int(), z.gte(1), z.lte(99))),
    }),
    member: z.optional(
      z.nullable(
        z.object({
          name: z.string(),
          _id: z.string(),
          dob: z.optional(z.nullable(z.string())),
          phone: z.optional(z.nullable(z.object({ country_code: z.string(), number: z.string() }))),
        }),
      ),
    ),
    face: z.optional(
      z.nullable(
        z.object({
          registered_at: IsoDateTimeSchema,
          /** Whether a JPEG was registered (false for a used non-shareable ticket registered with no body). */
          photo: z.optional(z.boolean()),
        }),
      ),
    ),
    /** A membership's latest hold (none: never held); entries are refused on its days. */
    hold: z.optional(z.nullable(TicketHoldSchema)),
  }),
);
/** A ticket (pass) on the wire: dates, stored and display status, uses, order, pass, member and face photo. */
export type Ticket = z.infer<typeof TicketSchema>;
/** A list of tickets. */
export const TicketListSchema = /* @__PURE__ */ defineSchema(() => z.array(TicketSchema));

/** POST /v1/admin/get_ticket. */
export const GetTicketRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    ticket_id: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(200)),
  }),
);
/** The body of POST /v1/admin/get_ticket: the `ticket_id`. */
export type GetTicketRequest = z.infer<typeof GetTicketRequestSchema>;

/**
 * check_ticket_redeem's body: `{}` at the gate; a redeem made while offline and replayed later sends the scan's
 * `nonce` (one per scan: the server redeems a nonce once and answers a second replay the same) and `used_at`, when
 * the pass was used on the terminal (the server's clock as the terminal knew it).
 */
export const RedeemRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    nonce: z.optional(z.string().check(z.trim(), z.minLength(8), z.maxLength(100))),
    used_at: z.optional(IsoDateTimeSchema),
  }),
);
/** The body of POST /v2/check_ticket_redeem/:id: `{}`, or a replayed offline scan's `nonce` and `used_at`. */
export type RedeemRequest = z.infer<typeof RedeemRequestSchema>;

/** Answer of check_ticket_redeem: the ticket with the new use, and a message. */
export const RedeemResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ ticket: TicketSchema, message: z.string() }),
);
/** The answer of POST /v2/check_ticket_redeem/:id: the ticket with its new use, and a message. */
export type RedeemResponse = z.infer<typeof RedeemResponseSchema>;

/**
 * POST /v2/annul_ticket_redeem/:id: undoes one entry (a use) of the ticket, named by its `used_at` (the use's `at`
 * as the redeem answered it). Only the terminal that made the entry, within the venue's `entry_undo_seconds`.
 */
export const AnnulRedeemRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    used_at: IsoDateTimeSchema,
  }),
);
/** The body of POST /v2/annul_ticket_redeem/:id: the `at` of the use to undo. */
export type AnnulRedeemRequest = z.infer<typeof AnnulRedeemRequestSchema>;

/** The largest face photo the server accepts, in bytes. */
export const FACE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
