import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { OrderSchema } from './sale';
import { TicketSchema } from './ticket';

/** Answer of checkout: the order (its items carry `ticket: [ids]`) and the tickets it issued. */
export const ReceiptSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ order: OrderSchema, tickets: z.array(TicketSchema) }),
);
/** The answer of POST /v1/checkout on the wire: the order and the tickets it issued. */
export type Receipt = z.infer<typeof ReceiptSchema>;
