import * as z from 'zod/mini';
import { TERMINAL_ID_PATTERN, TERMINAL_ID_RULE_TEXT } from '../rules/terminalId';
import { defineSchema } from './defineSchema';
import { IdSchema, IsoDateTimeSchema } from './primitives';

/** A terminal's id (its `X-Host-Name`) by the product's one rule (`checkTerminalId`). */
export const TerminalIdSchema = /* @__PURE__ */ defineSchema(() =>
  z.string().check(z.trim(), z.regex(TERMINAL_ID_PATTERN, TERMINAL_ID_RULE_TEXT)),
);

/** What a paired device is: the terminal it acts as and the store that terminal sells for. */
export const DevicePairingSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** The terminal's id, sent as `X-Host-Name` on every call. */
    terminal: z.string(),
    /** The store of the terminal's registration: its catalogue paths and `origin`. */
    store: z.string(),
  }),
);
/** The answer of POST /v1/pair: the terminal a device now acts as, and its store. */
export type DevicePairing = z.infer<typeof DevicePairingSchema>;

/**
 * POST /v1/pair (no token): a device pairs itself with a terminal by the one-time code a manager made for it. With no
 * code, a server that pairs devices by itself (the demo, `POS_AUTO_PAIR`) answers its terminal; any other server
 * refuses in words.
 */
export const PairDeviceRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    code: z.optional(z.string().check(z.maxLength(40))),
  }),
);
/** The body of POST /v1/pair: the one-time pairing `code` (none for a server that pairs by itself). */
export type PairDeviceRequest = z.infer<typeof PairDeviceRequestSchema>;

/** Answer of terminal_status: is the terminal this device acts as (its `X-Host-Name`) still registered? */
export const TerminalStatusSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    terminal: z.string(),
    /** The store of its registration, or null when it is not registered. */
    store: z.nullable(z.string()),
    registered: z.boolean(),
  }),
);
/** The answer of POST /v1/terminal_status: whether the terminal is registered, and its store. */
export type TerminalStatus = z.infer<typeof TerminalStatusSchema>;

/** A registered terminal, for the back office. */
export const TerminalEntrySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    store: z.string(),
    registered_at: IsoDateTimeSchema,
    /** Who registered it (an email, or `pos-server` on the server's machine); null for terminals from before. */
    registered_by: z.nullable(z.string()),
  }),
);
/** A registered terminal on the wire: its id, store, and when and by whom it was registered. */
export type TerminalEntry = z.infer<typeof TerminalEntrySchema>;
/** The answer of POST /v1/admin/terminals/list: the registered terminals. */
export const TerminalListSchema = /* @__PURE__ */ defineSchema(() => z.array(TerminalEntrySchema));

/**
 * POST /v1/admin/terminals/pair (manager): registers the terminal if needed (for `store`, default the server's
 * store) and makes a one-time pairing code for a device to become it. A terminal belongs to one store.
 */
export const TerminalPairRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    terminal: TerminalIdSchema,
    store: z.optional(IdSchema),
  }),
);
/** The body of POST /v1/admin/terminals/pair: the terminal and, optionally, its store. */
export type TerminalPairRequest = z.infer<typeof TerminalPairRequestSchema>;

/** A pairing code: shown once, valid until `expires_at` for one device. Earlier unused codes of the terminal end. */
export const TerminalPairingCodeSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    terminal: z.string(),
    store: z.string(),
    /** As it is shown and typed: `K7QF-3MXR` (case, spaces and the dash do not matter). */
    code: z.string(),
    expires_at: IsoDateTimeSchema,
    /** Whether the terminal was registered by this call (false: it was registered already). */
    registered: z.boolean(),
  }),
);
/** The answer of POST /v1/admin/terminals/pair: the one-time pairing code and when it expires. */
export type TerminalPairingCode = z.infer<typeof TerminalPairingCodeSchema>;

/** POST /v1/admin/terminals/remove (manager): unregisters a terminal; its device is signed out and must pair again. */
export const TerminalRemoveRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ terminal: TerminalIdSchema }),
);
/** The body of POST /v1/admin/terminals/remove: the terminal to unregister. */
export type TerminalRemoveRequest = z.infer<typeof TerminalRemoveRequestSchema>;

/** Answer of terminals/remove. */
export const TerminalRemoveResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ terminal: z.string(), removed: z.literal(true) }),
);
/** The answer of POST /v1/admin/terminals/remove: `{ terminal, removed: true }`. */
export type TerminalRemoveResponse = z.infer<typeof TerminalRemoveResponseSchema>;

/** The answer of POST /v1/admin/kiosk/enable: the kiosk token this terminal uses from now on, instead of staff. */
export const KioskEnableResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** A token for the kiosk's calls only (check and redeem passes): keep it on the device, never show it. */
    kiosk_token: z.string(),
    terminal: z.string(),
    store: z.string(),
  }),
);
/** The answer of POST /v1/admin/kiosk/enable. */
export type KioskEnableResponse = z.infer<typeof KioskEnableResponseSchema>;

/** The body of POST /v1/kiosk/exit: a manager's `_id` and PIN. */
export const KioskExitRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    approver: IdSchema,
    pin: z.string().check(z.regex(/^\d{1,12}$/, 'must be digits only')),
  }),
);
/** The body of POST /v1/kiosk/exit. */
export type KioskExitRequest = z.infer<typeof KioskExitRequestSchema>;

/** The answer of POST /v1/kiosk/exit: the terminal, no longer a kiosk. */
export const KioskExitResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ terminal: z.string(), kiosk: z.literal(false) }),
);
/** The answer of POST /v1/kiosk/exit. */
export type KioskExitResponse = z.infer<typeof KioskExitResponseSchema>;
