import * as z from 'zod/mini';
import { isEmail } from '../rules/email';
import { MESSAGES } from '../rules/messages';
import { defineSchema } from './defineSchema';

/** Largest amount the wire accepts, in ringgit: far above any sale, far below float precision limits. */
export const MAX_RINGGIT = 10_000_000;

const TWO_DECIMALS = /^-?\d+(\.\d{1,2})?$/;

/**
 * A money schema from `least` up to {@link MAX_RINGGIT}: one message for what is wrong, the range first (`1e308` is
 * out of range before it is a number with too many decimals), then the decimals.
 */
function moneyFrom(least: number, belowLeast: string) {
  return z.number({ error: 'must be an amount in ringgit' }).check(
    z.superRefine((value, context) => {
      const problem =
        value < least
          ? belowLeast
          : value > MAX_RINGGIT
            ? `must be at most ${MAX_RINGGIT}`
            : TWO_DECIMALS.test(String(value))
              ? undefined
              : 'must be an amount with at most 2 decimals';
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    }),
  );
}

/**
 * Money on the wire: a decimal number of ringgit with at most 2 decimals (`49`, `12.5`), from -{@link MAX_RINGGIT}
 * to {@link MAX_RINGGIT}. Inside the product amounts are integer sen (`money/`); convert with `fromRinggit` /
 * `toRinggit`.
 */
export const MoneySchema = /* @__PURE__ */ defineSchema(() =>
  moneyFrom(-MAX_RINGGIT, `must be at least -${MAX_RINGGIT}`),
);

/** A money amount that may not be negative (prices, tenders). */
export const NonNegativeMoneySchema = /* @__PURE__ */ defineSchema(() =>
  moneyFrom(0, 'must not be negative'),
);

/** An ISO 8601 timestamp with an offset or `Z`, e.g. `2026-11-22T09:30:00.000+08:00`. */
export const IsoDateTimeSchema = /* @__PURE__ */ defineSchema(() =>
  z.iso.datetime({
    offset: true,
    error: 'must be an ISO 8601 date-time',
  }),
);

/** A calendar date `YYYY-MM-DD` (birth dates). */
export const IsoDateSchema = /* @__PURE__ */ defineSchema(() =>
  z.iso.date({ error: 'must be a date YYYY-MM-DD' }),
);

/** The currency code of every amount. */
export const CurrencySchema = /* @__PURE__ */ defineSchema(() => z.literal('MYR'));

/** An email address by the product's one rule (`isEmail`), with the spec's 'Invalid email format'. */
export const EmailSchema = /* @__PURE__ */ defineSchema(() =>
  z.string().check(
    z.trim(),
    z.refine((text) => isEmail(text), { error: MESSAGES.invalidEmailFormat }),
  ),
);

/** A non-empty, trimmed identifier (ids, skus, invoice numbers). */
export const IdSchema = /* @__PURE__ */ defineSchema(() =>
  z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(200)),
);

/** A staff member's name on the wire: `{ first, last }`. */
export const PersonNameSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ first: z.string(), last: z.string() }),
);
/** A staff member's name on the wire: `{ first, last }`. */
export type PersonName = z.infer<typeof PersonNameSchema>;

/** An empty body `{}` (posts with no payload). */
export const EmptyBodySchema = /* @__PURE__ */ defineSchema(() => z.object({}));
