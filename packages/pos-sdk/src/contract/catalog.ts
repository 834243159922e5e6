import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { CurrencySchema, NonNegativeMoneySchema } from './primitives';

/** A price entry. Passes list several; the first one is the price (spec section 5). */
export const PriceSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ currency: CurrencySchema, value: NonNegativeMoneySchema }),
);
/** A price on the wire: `{ currency: 'MYR', value }` in ringgit. */
export type Price = z.infer<typeof PriceSchema>;

/** How long a pass is valid: `unit` Month (renewable by month) or another unit such as Day. */
export const DurationSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    value: z.number().check(z.int(), z.positive()),
    unit: z.string(),
  }),
);
/** How long a pass is valid on the wire: `{ value, unit }`. */
export type Duration = z.infer<typeof DurationSchema>;

/**
 * A variant of a pass product. `usage_limit` 0 is a membership: it admits its member `entries_per_day` times a venue
 * day (Fully Used for the rest of that day, spec section 4 read per venue day) until it expires.
 */
export const PassVariantSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: z.string(),
    group: z.string(),
    price: z.array(PriceSchema),
    min_qty: z.number().check(z.int(), z.gte(1)),
    usage_limit: z.number().check(z.int(), z.gte(0)),
    duration: DurationSchema,
    shareable: z.optional(z.boolean()),
    /** Entries per venue day of a membership (usage_limit 0), 1 to 99; absent in older answers: 1. */
    entries_per_day: z.optional(z.number().check(z.int(), z.gte(1), z.lte(99))),
    /** The venue's tax code of the variant (absent or null: untaxed); its rate is in the venue's `tax_codes`. */
    tax_code: z.optional(z.nullable(z.string())),
  }),
);
/** A variant of a pass product on the wire: SKU, group, prices, quantity and use limits, duration. */
export type PassVariant = z.infer<typeof PassVariantSchema>;

/** A pass product; `_id` is its name. Category `Membership` is special. */
export const PassProductSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    category: z.string(),
    variants: z.array(PassVariantSchema),
  }),
);
/** A pass product on the wire: its name (`_id`), category and variants. */
export type PassProduct = z.infer<typeof PassProductSchema>;
/** The answer of GET /v1/passes/:store: the store's pass products. */
export const PassListSchema = /* @__PURE__ */ defineSchema(() => z.array(PassProductSchema));

/** A variant of a merchandise product. */
export const MerchandiseVariantSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: z.string(),
    size: z.string(),
    price: PriceSchema,
    /** Added to the spec's shape: a product barcode a scanner may read instead of the SKU (null when none). */
    barcode: z.optional(z.nullable(z.string())),
    /** The variant's stock when the venue keeps it (absent or null: not tracked, sold without a count). */
    stock: z.optional(
      z.nullable(
        z.object({ quantity: z.number().check(z.int()), low_level: z.nullable(z.number().check(z.int())) }),
      ),
    ),
    /** The venue's tax code of the variant (absent or null: untaxed); its rate is in the venue's `tax_codes`. */
    tax_code: z.optional(z.nullable(z.string())),
  }),
);
/** A variant of a merchandise product on the wire: SKU, size, price and barcode. */
export type MerchandiseVariant = z.infer<typeof MerchandiseVariantSchema>;

/** A merchandise product. */
export const MerchandiseProductSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    variants: z.array(MerchandiseVariantSchema),
  }),
);
/** A merchandise product on the wire: `_id`, name and variants. */
export type MerchandiseProduct = z.infer<typeof MerchandiseProductSchema>;
/** The answer of GET /v1/merchandises/:store: the store's merchandise products. */
export const MerchandiseListSchema = /* @__PURE__ */ defineSchema(() => z.array(MerchandiseProductSchema));
