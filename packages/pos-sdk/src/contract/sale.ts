import * as z from 'zod/mini';
import { MESSAGES } from '../rules/messages';
import { DurationSchema } from './catalog';
import { defineSchema } from './defineSchema';
import { EinvoiceBuyerSchema } from './einvoice';
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
import { LineTaxSchema, OrderTaxByCodeSchema } from './tax';

/** The payment types. GIFT CARD is shown but disabled: the server refuses it. */
export const PaymentTypeSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['CASH', 'CREDIT CARD', 'E-WALLET', 'GIFT CARD']),
);
/** A payment type on the wire: `CASH`, `CREDIT CARD`, `E-WALLET` or `GIFT CARD`. */
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

/** One tender: an amount taken by one payment method. */
export const PaymentMethodSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ type: PaymentTypeSchema, amount: NonNegativeMoneySchema }),
);
/** One tender on the wire: `{ type, amount }`. */
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** The payment of a cart: tenders and change (sum of tenders − subtotal). */
export const PaymentSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    methods: z.array(PaymentMethodSchema).check(z.maxLength(10)),
    change: MoneySchema,
  }),
);
/** The payment of a cart on the wire: the tenders (`methods`) and the `change`. */
export type Payment = z.infer<typeof PaymentSchema>;

/** A phone number; only country code 60 is offered. */
export const PhoneSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    country_code: z.string().check(z.regex(/^\d{1,4}$/, MESSAGES.onlyNumbers)),
    number: z.string().check(z.regex(/^\d{4,15}$/, MESSAGES.onlyNumbers)),
  }),
);
/** A phone number on the wire: `{ country_code, number }`, digits only. */
export type Phone = z.infer<typeof PhoneSchema>;

/** The member a Membership item is sold to or renewed for. */
export const CartMemberSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    type: z.optional(z.string()),
    sku: z.optional(z.string()),
    name: z.string().check(z.trim(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(200)),
    email: EmailSchema,
    dob: IsoDateSchema,
    phone: PhoneSchema,
  }),
);
/** The member of a Membership cart item on the wire: name, email, birth date and phone. */
export type CartMember = z.infer<typeof CartMemberSchema>;

/**
 * An item discount. `value` is RM (type amount) or percent (type percentage), rounded to 2 decimals;
 * `amount` is the discount in RM; `approver` the approving user's `_id`; `approval` the single-use token
 * verify_pin returned.
 */
export const DiscountSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    type: z.enum(['amount', 'percentage']),
    value: NonNegativeMoneySchema,
    amount: NonNegativeMoneySchema,
    approver: IdSchema,
    approver_name: z.optional(z.string()),
    approval: z.optional(z.string()),
  }),
);
/** An item discount on the wire: its type and value, the amount in ringgit, and who approved it. */
export type Discount = z.infer<typeof DiscountSchema>;

/** The type of a cart item. */
export const ItemTypeSchema = /* @__PURE__ */ defineSchema(() => z.enum(['PASS', 'MERCHANDISE']));
/** The type of a cart item on the wire: `PASS` or `MERCHANDISE`. */
export type ItemType = z.infer<typeof ItemTypeSchema>;

/**
 * A cart item as the spec names its fields. Passes carry `min_qty`, `usage_limit` and `duration`;
 * merchandise does not. `amount` (price × quantity − discount) is filled by the server on orders.
 */
export const CartItemSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: IdSchema,
    name: z.string().check(z.maxLength(200)),
    category: z.string().check(z.maxLength(100)),
    group: z.optional(z.string().check(z.maxLength(100))),
    quantity: z.number().check(z.int('must be a whole number'), z.gte(1), z.lte(999)),
    min_qty: z.optional(z.number().check(z.int(), z.gte(1))),
    usage_limit: z.optional(z.number().check(z.int(), z.gte(0))),
    duration: z.optional(DurationSchema),
    visit_date: z.optional(IsoDateTimeSchema),
    type: ItemTypeSchema,
    price: z.object({ value: NonNegativeMoneySchema, currency: z.optional(CurrencySchema) }),
    discount: z.optional(DiscountSchema),
    member: z.optional(CartMemberSchema),
    ticket: z.optional(z.array(z.string())),
    amount: z.optional(MoneySchema),
    /** Orders only: units of the line refunded so far (refunds by line). */
    refunded_quantity: z.optional(z.number().check(z.int(), z.gte(0))),
    /** Orders only: money of the line refunded so far. */
    refunded_amount: z.optional(MoneySchema),
    /**
     * The line's tax when its variant has a tax code (orders: as sold; checkouts: the terminal's figure, checked by the
     * server, 409 with both when it differs). `amount` is before the tax when prices have it added on top.
     */
    tax: z.optional(LineTaxSchema),
    /** Orders only: tax of the line refunded so far. */
    refunded_tax: z.optional(MoneySchema),
  }),
);
/** A cart item on the wire, as the spec names its fields: SKU, name, quantity, price, discount, member. */
export type CartItem = z.infer<typeof CartItemSchema>;

/** POST /v1/checkout and POST /v1/renew_membership: the cart payload. */
export const CheckoutRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    origin: IdSchema,
    email: z.union([z.literal(''), EmailSchema]),
    items: z.array(CartItemSchema).check(z.minLength(1, MESSAGES.cartEmpty), z.maxLength(100)),
    num_items: z.number().check(z.int(), z.gte(1)),
    subtotal: MoneySchema,
    payment: PaymentSchema,
    /**
     * When the terminal made the sale, on the server's clock as the terminal knows it (docs/offline.md). Optional; a
     * sale replayed after an outage is booked at this time in the shift that was open then. Pass lines may carry
     * `ticket`: ids reserved for this terminal by offline_prepare, one per unit, that the passes get.
     */
    sold_at: z.optional(IsoDateTimeSchema),
    /**
     * The cart's tax as the terminal computed it: the sum of its lines' (optional; checked by the server, 409 with
     * both figures when it differs). With prices that have tax added on top, the tenders pay `subtotal + tax`.
     */
    tax: z.optional(MoneySchema),
    /**
     * The buyer of the sale's individual e-invoice (docs/einvoice.md): for a sale above RM 10,000, which LHDN does
     * not let into the month's consolidated e-invoice, the server issues one for the sale, to this buyer or to the
     * general public without one. Optional; ignored for smaller sales and when e-invoicing is off.
     */
    buyer: z.optional(EinvoiceBuyerSchema),
  }),
);
/** The body of POST /v1/checkout and POST /v1/renew_membership: the cart with its payment. */
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** A note on an order. */
export const OrderNoteSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ text: z.string(), by: z.string(), at: IsoDateTimeSchema }),
);
/** A note on an order on the wire: its text, who wrote it and when. */
export type OrderNote = z.infer<typeof OrderNoteSchema>;

/** Order statuses. Only PAID is refundable. */
export const OrderStatusSchema = /* @__PURE__ */ defineSchema(() => z.enum(['PAID', 'CANCELED', 'REFUNDED']));
/** An order's status on the wire: `PAID`, `CANCELED` or `REFUNDED`. */
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** One refund of an order: when, by whom, why, the lines (cart index, units, money) and the methods given back by. */
export const OrderRefundSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    at: IsoDateTimeSchema,
    by: z.string(),
    reason: z.string(),
    amount: MoneySchema,
    items: z.array(
      z.object({
        line: z.number().check(z.int()),
        sku: z.string(),
        quantity: z.number().check(z.int()),
        amount: MoneySchema,
        /** The line's tax this refund gives back (lines with a tax code). */
        tax: z.optional(MoneySchema),
      }),
    ),
    /** The tax this refund gives back: the sum of its lines' (orders with tax). */
    tax: z.optional(MoneySchema),
    tenders: z.array(z.object({ type: z.enum(['CASH', 'CREDIT CARD', 'E-WALLET']), amount: MoneySchema })),
  }),
);
/** One refund of an order on the wire: `{ _id, at, by, reason, amount, items, tenders }`. */
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

/** An order (a sale), with its invoice, customer, cart, payment, ticket ids and notes. */
export const OrderSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    date: IsoDateTimeSchema,
    status: OrderStatusSchema,
    total_amount: MoneySchema,
    currency: CurrencySchema,
    origin: z.optional(z.string()),
    terminal: z.optional(z.string()),
    staff: z.optional(z.string()),
    invoice: z.optional(z.nullable(z.object({ _id: z.string() }))),
    order_details: z.object({
      customer: z.object({ email: z.string() }),
      cart: z.object({
        items: z.array(CartItemSchema),
        subtotal: MoneySchema,
        discount: z.optional(MoneySchema),
        /** Orders with tax: the order's tax, the sum of its lines' (`total_amount` holds it). */
        tax: z.optional(MoneySchema),
        /** Orders with tax: the tax per code, as sold. */
        taxes: z.optional(z.array(OrderTaxByCodeSchema)),
        /** Orders with tax: were the prices tax included (else tax was added on top of the subtotal)? */
        prices_include_tax: z.optional(z.boolean()),
      }),
    }),
    payment: PaymentSchema,
    tickets: z.array(z.string()),
    notes: z.array(OrderNoteSchema),
    refund: z.optional(z.nullable(z.object({ reason: z.string(), by: z.string(), at: IsoDateTimeSchema }))),
    cancel: z.optional(
      z.nullable(z.object({ reason: z.nullable(z.string()), by: z.string(), at: IsoDateTimeSchema })),
    ),
    /** The emails of the order (receipt, passes, refund notice), oldest first; absent from servers without mail. */
    mail: z.optional(z.array(OrderMailSchema)),
    /** Money refunded so far, by every refund (an order refunded in part stays PAID). */
    refunded_amount: z.optional(
      MoneySchema.check(
        z.describe(
          'money refunded so far by refunds by line; an order refunded in part stays PAID, in full it is REFUNDED',
        ),
      ),
    ),
    /** The refunds of the order, oldest first: what each gave back, for which lines, by which methods. */
    refunds: z.optional(
      z
        .array(OrderRefundSchema)
        .check(
          z.describe('the refunds, oldest first: lines (cart index, units, money) and methods given back by'),
        ),
    ),
    /**
     * Set by a terminal on the receipt of a sale it made while offline (docs/offline.md): not on the server yet, no
     * invoice number yet; `_id` is the sale's idempotency key until it syncs. Never sent by the server.
     */
    pending_sync: z.optional(z.boolean()),
    /**
     * The public page where the buyer asks for an e-invoice of this sale (docs/einvoice.md), printed and emailed
     * with the receipt as a link and QR code: set when the server has e-invoicing on and knows its public address
     * (`POS_PUBLIC_URL`); absent or null otherwise.
     */
    einvoice_request_url: z.optional(z.nullable(z.string())),
  }),
);
/** An order (a sale) on the wire: invoice, status, customer, cart, payment, ticket ids, notes and mail. */
export type Order = z.infer<typeof OrderSchema>;
/** A list of orders (the spec's answer of get_orders). */
export const OrderListSchema = /* @__PURE__ */ defineSchema(() => z.array(OrderSchema));
