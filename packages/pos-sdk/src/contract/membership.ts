import { z } from 'zod';
import { EmailSchema, IsoDateSchema } from './primitives';
import { OrderSchema } from './sale';
import { TicketSchema } from './ticket';

/** A member. `email` is the member's id. */
export const MemberSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.object({ country_code: z.string(), number: z.string() }).nullable(),
  dob: IsoDateSchema.nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

/** POST /v1/lookup_membership. */
export const LookupMembershipRequestSchema = z.object({ email: EmailSchema });
export type LookupMembershipRequest = z.infer<typeof LookupMembershipRequestSchema>;

/** The member with their orders and tickets; 404 when none. */
export const LookupMembershipResponseSchema = z.object({
  member: MemberSchema,
  orders: z.array(OrderSchema),
  tickets: z.array(TicketSchema),
});
export type LookupMembershipResponse = z.infer<typeof LookupMembershipResponseSchema>;

/** Answer of renew_membership: the order and the member's membership ticket with its new expiry. */
export const RenewMembershipResponseSchema = z.object({ order: OrderSchema, ticket: TicketSchema });
export type RenewMembershipResponse = z.infer<typeof RenewMembershipResponseSchema>;
