import { z } from 'zod';
import { MESSAGES } from '../rules/messages';
import { DurationSchema } from './catalog';
import { OrderMailSchema } from './mail';
import {
  CurrencySchema,
  EmailSchema,
  IdSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  MoneySchema,
  NonNegativeMoneySchema,
} from './primitives';

/** The payment types. GIFT CARD is shown but disabled: the server refuses it. */
export const PaymentTypeSchema = z.enum(['CASH', 'CREDIT CARD', 'E-WALLET', 'GIFT CARD']);
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

/** One tender: an amount taken by one payment method. */
export const PaymentMethodSchema = z.object({ type: PaymentTypeSchema, amount: NonNegativeMoneySchema });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** The payment of a cart: tenders and change (sum of tenders − subtotal). */
export const PaymentSchema = z.object({ methods: z.array(PaymentMethodSchema).max(10), change: MoneySchema });
export type Payment = z.infer<typeof PaymentSchema>;

/** A phone number; only country code 60 is offered. */
export const PhoneSchema = z.object({
  country_code: z.string().regex(/^\d{1,4}$/, MESSAGES.onlyNumbers),
  number: z.string().regex(/^\d{4,15}$/, MESSAGES.onlyNumbers),
});
export type Phone = z.infer<typeof PhoneSchema>;

/** The member a Membership item is sold to or renewed for. */
export const CartMemberSchema = z.object({
  type: z.string().optional(),
  sku: z.string().optional(),
  name: z.string().trim().min(1, MESSAGES.nameRequired).max(200),
  email: EmailSchema,
  dob: IsoDateSchema,
  phone: PhoneSchema,
});
export type CartMember = z.infer<typeof CartMemberSchema>;

/**
 * An item discount. `value` is RM (type amount) or percent (type percentage), rounded to 2 decimals;
 * `amount` is the discount in RM; `approver` the approving user's `_id`; `approval` the single-use token
 * verify_pin returned.
 */
export const DiscountSchema = z.object({
  type: z.enum(['amount', 'percentage']),
  value: NonNegativeMoneySchema,
  amount: NonNegativeMoneySchema,
  approver: IdSchema,
  approver_name: z.string().optional(),
  approval: z.string().optional(),
});
export type Discount = z.infer<typeof DiscountSchema>;

/** The type of a cart item. */
export const ItemTypeSchema = z.enum(['PASS', 'MERCHANDISE']);
export type ItemType = z.infer<typeof ItemTypeSchema>;

/**
 * A cart item as the spec names its fields. Passes carry `min_qty`, `usage_limit` and `duration`;
 * merchandise does not. `amount` (price × quantity − discount) is filled by the server on orders.
 */
export const CartItemSchema = z.object({
  sku: IdSchema,
  name: z.string().max(200),
  category: z.string().max(100),
  group: z.string().max(100).optional(),
  quantity: z.number().int('must be a whole number').min(1).max(999),
  min_qty: z.number().int().min(1).optional(),
  usage_limit: z.number().int().min(0).optional(),
  duration: DurationSchema.optional(),
  visit_date: IsoDateTimeSchema.optional(),
  type: ItemTypeSchema,
  price: z.object({ value: NonNegativeMoneySchema, currency: CurrencySchema.optional() }),
  discount: DiscountSchema.optional(),
  member: CartMemberSchema.optional(),
  ticket: z.array(z.string()).optional(),
  amount: MoneySchema.optional(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** POST /v1/checkout and POST /v1/renew_membership: the cart payload. */
export const CheckoutRequestSchema = z.object({
  origin: IdSchema,
  email: z.union([z.literal(''), EmailSchema]),
  items: z.array(CartItemSchema).min(1, MESSAGES.cartEmpty).max(100),
  num_items: z.number().int().min(1),
  subtotal: MoneySchema,
  payment: PaymentSchema,
  /**
   * When the terminal made the sale, on the server's clock as the terminal knows it (docs/offline.md). Optional; a
   * sale replayed after an outage is booked at this time in the shift that was open then. Pass lines may carry
   * `ticket`: ids reserved for this terminal by offline_prepare, one per unit, that the passes get.
   */
  sold_at: IsoDateTimeSchema.optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** A note on an order. */
export const OrderNoteSchema = z.object({ text: z.string(), by: z.string(), at: IsoDateTimeSchema });
export type OrderNote = z.infer<typeof OrderNoteSchema>;

/** Order statuses. Only PAID is refundable. */
export const OrderStatusSchema = z.enum(['PAID', 'CANCELED', 'REFUNDED']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** An order (a sale), with its invoice, customer, cart, payment, ticket ids and notes. */
export const OrderSchema = z.object({
  _id: z.string(),
  date: IsoDateTimeSchema,
  status: OrderStatusSchema,
  total_amount: MoneySchema,
  currency: CurrencySchema,
  origin: z.string().optional(),
  terminal: z.string().optional(),
  staff: z.string().optional(),
  invoice: z.object({ _id: z.string() }).nullable().optional(),
  order_details: z.object({
    customer: z.object({ email: z.string() }),
    cart: z.object({
      items: z.array(CartItemSchema),
      subtotal: MoneySchema,
      discount: MoneySchema.optional(),
    }),
  }),
  payment: PaymentSchema,
  tickets: z.array(z.string()),
  notes: z.array(OrderNoteSchema),
  refund: z.object({ reason: z.string(), by: z.string(), at: IsoDateTimeSchema }).nullable().optional(),
  cancel: z
    .object({ reason: z.string().nullable(), by: z.string(), at: IsoDateTimeSchema })
    .nullable()
    .optional(),
  /** The emails of the order (receipt, passes, refund notice), oldest first; absent from servers without mail. */
  mail: z.array(OrderMailSchema).optional(),
  /**
   * Set by a terminal on the receipt of a sale it made while offline (docs/offline.md): not on the server yet, no
   * invoice number yet; `_id` is the sale's idempotency key until it syncs. Never sent by the server.
   */
  pending_sync: z.boolean().optional(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.array(OrderSchema);
