import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { EmailSchema, IsoDateSchema } from './primitives';
import { OrderSchema } from './sale';
import { TicketSchema } from './ticket';

/** A member. `email` is the member's id. */
export const MemberSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    name: z.string(),
    email: z.string(),
    phone: z.nullable(z.object({ country_code: z.string(), number: z.string() })),
    dob: z.nullable(IsoDateSchema),
  }),
);
/** A member on the wire: name, email (the member's id), phone and birth date. */
export type Member = z.infer<typeof MemberSchema>;

/** POST /v1/lookup_membership. */
export const LookupMembershipRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ email: EmailSchema }),
);
/** The body of POST /v1/lookup_membership: the member's email. */
export type LookupMembershipRequest = z.infer<typeof LookupMembershipRequestSchema>;

/** The member with their orders and tickets; 404 when none. */
export const LookupMembershipResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    member: MemberSchema,
    orders: z.array(OrderSchema),
    tickets: z.array(TicketSchema),
  }),
);
/** The answer of POST /v1/lookup_membership: the member with their orders and tickets. */
export type LookupMembershipResponse = z.infer<typeof LookupMembershipResponseSchema>;

/** Answer of renew_membership: the order and the member's membership ticket with its new expiry. */
export const RenewMembershipResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ order: OrderSchema, ticket: TicketSchema }),
);
/** The answer of POST /v1/renew_membership: the order and the membership ticket with its new expiry. */
export type RenewMembershipResponse = z.infer<typeof RenewMembershipResponseSchema>;

/** A membership's pass ID, as a body names it. */
const HoldTicketIdSchema = () =>
  z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(200));

/**
 * POST /v1/hold_membership: hold a membership from a venue day (`from`, absent: today) for `days` days; the expiry
 * moves by the days. The venue's `hold_min_days` and `hold_max_days` bound `days`.
 */
export const HoldMembershipRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    ticket_id: HoldTicketIdSchema(),
    from: z.optional(IsoDateSchema),
    days: z.number().check(z.int('must be a whole number of days'), z.gte(1), z.lte(366)),
    /**
     * The `_id` of the paid order of this store that carried the venue's hold fee (`hold_fee_sku`), when it charges
     * one: each order pays for one hold. A manager may hold without it.
     */
    fee_order: z.optional(HoldTicketIdSchema()),
    /**
     * `true`: check the hold as it would be placed (the right to hold, the membership, the days) and place nothing;
     * the fee is not asked for. The till asks this before it puts a hold's fee into the cart.
     */
    check_only: z.optional(z.boolean()),
  }),
);
/**
 * The body of POST /v1/hold_membership: the pass ID, the first day on hold (default today), the days and, when the
 * venue charges a hold fee, the order that paid it.
 */
export type HoldMembershipRequest = z.infer<typeof HoldMembershipRequestSchema>;

/** POST /v1/end_membership_hold: end the membership's hold today (one not begun yet holds no day). */
export const EndMembershipHoldRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ ticket_id: HoldTicketIdSchema() }),
);
/** The body of POST /v1/end_membership_hold: the pass ID. */
export type EndMembershipHoldRequest = z.infer<typeof EndMembershipHoldRequestSchema>;

/** Answer of hold_membership and end_membership_hold: the ticket with its hold and new expiry, and a message. */
export const MembershipHoldResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ ticket: TicketSchema, message: z.string() }),
);
/** The answer of POST /v1/hold_membership and /v1/end_membership_hold: the ticket and a message. */
export type MembershipHoldResponse = z.infer<typeof MembershipHoldResponseSchema>;

/** One hold of a membership's history: its days, how it moved the expiry, who placed and who ended it. */
export const MembershipHoldEntrySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    from: IsoDateSchema,
    /** The day entries resume (moved to the day it ended when ended early). */
    to: IsoDateSchema,
    /** The days asked for when it was placed. */
    days: z.number().check(z.int()),
    /** The days it holds as it stands (`to` − `from`, 0 when ended before it began). */
    days_held: z.number().check(z.int()),
    expiry_before: z.string(),
    expiry_after: z.string(),
    held_by: z.string(),
    held_at: z.string(),
    ended_by: z.nullable(z.string()),
    ended_at: z.nullable(z.string()),
    /** The order that paid the hold's fee (its `_id` and invoice id); null for a hold without a fee. */
    fee_order: z._default(z.nullable(z.object({ _id: z.string(), invoice: z.nullable(z.string()) })), null),
  }),
);
/** One hold of a membership on the wire. */
export type MembershipHoldEntry = z.infer<typeof MembershipHoldEntrySchema>;

/** POST /v1/membership_holds: the holds of a membership, newest first. */
export const MembershipHoldsRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ ticket_id: HoldTicketIdSchema() }),
);
/** The body of POST /v1/membership_holds: the pass ID. */
export type MembershipHoldsRequest = z.infer<typeof MembershipHoldsRequestSchema>;
/** The answer of POST /v1/membership_holds: the holds, newest first. */
export const MembershipHoldListSchema = /* @__PURE__ */ defineSchema(() =>
  z.array(MembershipHoldEntrySchema),
);
