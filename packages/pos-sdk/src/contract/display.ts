import * as z from 'zod/mini';
import { DISPLAY_MESSAGES } from '../rules/displayMessages';
import { defineSchema } from './defineSchema';
import { IsoDateTimeSchema, MoneySchema, NonNegativeMoneySchema } from './primitives';

/** Most lines a display message carries (a cart is far shorter). */
export const DISPLAY_MAX_LINES = 200;
/** Most tickets a thank-you carries (its QR codes). */
export const DISPLAY_MAX_TICKETS = 200;
/** Most tenders a sale on the display carries. */
export const DISPLAY_MAX_TENDERS = 10;
/** The path of the customer display's event stream (GET, `text/event-stream`, `?token=`): not a JSON call. */
export const DISPLAY_EVENTS_PATH = '/v1/display/events';
/** The event the stream sends when the till unpairs the display: the stream ends after it. */
export const DISPLAY_UNPAIRED_EVENT = 'unpaired';
/** The pairing code of a customer display: six digits. */
export const DISPLAY_CODE_PATTERN = /^\d{6}$/;
/** How long a display's pairing code works, in minutes. */
export const DISPLAY_CODE_MINUTES = 5;

const text = (max: number) => z.string().check(z.maxLength(max));

/** One cart line as the customer sees it: the name, quantity, unit price, amount and the discount's note. */
export const DisplayLineSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** The line's SKU (a cart has one line per SKU). */
    sku: text(100),
    name: text(200),
    quantity: z.number().check(z.int(), z.minimum(0), z.maximum(100_000)),
    unit_price: MoneySchema,
    amount: MoneySchema,
    /** The discount's note ('10% discount'), never who approved it; null without a discount. */
    discount: z.nullable(text(100)),
  }),
);
/** One cart line on the customer display. */
export type DisplayLine = z.infer<typeof DisplayLineSchema>;

/**
 * What the till shows its customer display: nothing to show (`idle`), the sale as it is (`sale`: lines, total,
 * tenders entered, change once something is paid, the tax when a line is taxed) or a thank-you with the receipt's ticket ids (`thanks`, shown as
 * QR codes). Only what the customer may see: no staff names, PINs, approvers or other orders. Amounts in ringgit.
 */
export const DisplayMessageSchema = /* @__PURE__ */ defineSchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('idle') }),
    z.object({
      kind: z.literal('sale'),
      lines: z.array(DisplayLineSchema).check(z.maxLength(DISPLAY_MAX_LINES)),
      total: MoneySchema,
      tenders: z
        .array(z.object({ method: text(40), amount: NonNegativeMoneySchema }))
        .check(z.maxLength(DISPLAY_MAX_TENDERS)),
      change: z.nullable(MoneySchema),
      /**
       * The sale's tax, as the till's TOTAL panel shows it: `included` when the prices hold it ('Includes tax'),
       * else added on top of `subtotal` ('Subtotal', 'Tax'). Absent when the cart has no taxed line (or the till
       * is older than this field).
       */
      tax: z.optional(
        z.object({ subtotal: MoneySchema, amount: NonNegativeMoneySchema, included: z.boolean() }),
      ),
    }),
    z.object({
      kind: z.literal('thanks'),
      total: MoneySchema,
      change: MoneySchema,
      tickets: z.array(text(64)).check(z.maxLength(DISPLAY_MAX_TICKETS)),
    }),
  ]),
);
/** A message of the till to its customer display. */
export type DisplayMessage = z.infer<typeof DisplayMessageSchema>;

/** The answer of POST /v1/display/pair: a one-time six-digit code for a tablet to claim, and when it expires. */
export const DisplayPairingCodeSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    terminal: z.string(),
    /** Six digits, shown big on the till and typed on the tablet. */
    code: z.string(),
    expires_at: IsoDateTimeSchema,
  }),
);
/** The answer of POST /v1/display/pair. */
export type DisplayPairingCode = z.infer<typeof DisplayPairingCodeSchema>;

/** The body of POST /v1/display/claim: the six-digit code the till shows (spaces are ignored). */
export const DisplayClaimRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    code: z.string().check(
      z.maxLength(20),
      z.overwrite((value) => value.replace(/[\s-]/g, '')),
      z.regex(DISPLAY_CODE_PATTERN, DISPLAY_MESSAGES.codeFormat),
    ),
  }),
);
/** The body of POST /v1/display/claim. */
export type DisplayClaimRequest = z.infer<typeof DisplayClaimRequestSchema>;

/**
 * The answer of POST /v1/display/claim: the display token, which reads that terminal's display stream and nothing
 * else (every other call refuses it). Keep it on the tablet; the server keeps only its hash.
 */
export const DisplayClaimResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ display_token: z.string(), terminal: z.string() }),
);
/** The answer of POST /v1/display/claim. */
export type DisplayClaimResponse = z.infer<typeof DisplayClaimResponseSchema>;

/** The body of POST /v1/display/publish: what the terminal's customer display shows now. */
export const DisplayPublishRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ message: DisplayMessageSchema }),
);
/** The body of POST /v1/display/publish. */
export type DisplayPublishRequest = z.infer<typeof DisplayPublishRequestSchema>;

/** Whether a tablet is paired with the terminal, and how many of its streams are open now. */
export const DisplayStatusSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    terminal: z.string(),
    paired: z.boolean(),
    /** Open event streams of the paired tablet (0 while it is off or reconnecting). */
    watching: z.number().check(z.int(), z.minimum(0)),
  }),
);
/** The answer of display/status, publish and unpair. */
export type DisplayStatus = z.infer<typeof DisplayStatusSchema>;
