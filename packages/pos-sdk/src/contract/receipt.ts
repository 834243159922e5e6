import { z } from 'zod';
import { OrderSchema } from './sale';
import { TicketSchema } from './ticket';

/** Answer of checkout: the order (its items carry `ticket: [ids]`) and the tickets it issued. */
export const ReceiptSchema = z.object({ order: OrderSchema, tickets: z.array(TicketSchema) });
export type Receipt = z.infer<typeof ReceiptSchema>;
