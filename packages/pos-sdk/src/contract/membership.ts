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
