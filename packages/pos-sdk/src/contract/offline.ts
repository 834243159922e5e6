import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { IdSchema, IsoDateTimeSchema, NonNegativeMoneySchema } from './primitives';
import { TicketSchema } from './ticket';

/**
 * What a terminal may do while it cannot reach the server, as the server set it at the terminal's last
 * `offline_prepare` (see docs/offline.md): sell for at most `max_offline_minutes` after its last answer from the
 * server, the waiting sales together worth at most `max_offline_amount` and at most `max_offline_sales` of them.
 */
export const OfflinePolicySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    max_offline_minutes: z.number().check(z.int(), z.gte(0)),
    max_offline_amount: NonNegativeMoneySchema,
    max_offline_sales: z.number().check(z.int(), z.gte(0)),
  }),
);
/** The offline policy on the wire: how long, how much and how many sales a terminal may make offline. */
export type OfflinePolicy = z.infer<typeof OfflinePolicySchema>;

/** POST /v1/offline/prepare: nothing to send (`{}`). */
export const OfflinePrepareRequestSchema = /* @__PURE__ */ defineSchema(() => z.object({}));

/**
 * The answer of offline_prepare: the policy, the ticket ids reserved for this terminal and not used yet (a sale made
 * while offline gives its passes these ids, so they work at once and can never clash with another terminal's), and
 * the tickets the terminal can check while offline (valid ones sold or used recently, newest first, bounded).
 */
export const OfflinePrepareResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    policy: OfflinePolicySchema,
    ticket_ids: z.array(z.string()),
    tickets: z.array(TicketSchema),
    /** The server's clock when it answered: terminals time their offline sales on the server's clock. */
    server_time: IsoDateTimeSchema,
  }),
);
/** The answer of POST /v1/offline/prepare: the policy, reserved ticket ids, tickets to check and the server's time. */
export type OfflinePrepareResponse = z.infer<typeof OfflinePrepareResponseSchema>;

/** What a sync conflict is about: an offline sale the server refused, or an offline redeem past the pass's limit. */
export const SyncConflictKindSchema = /* @__PURE__ */ defineSchema(() => z.enum(['sale', 'redeem']));
/** What a sync conflict is about on the wire: `sale` or `redeem`. */
export type SyncConflictKind = z.infer<typeof SyncConflictKindSchema>;

/**
 * A replay the server refused, kept for the manager: which terminal and who, when it happened on the terminal,
 * the refusal's message and code, and what was sent (the sale's checkout body, or the redeem's ticket id and nonce).
 */
export const SyncConflictSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    kind: SyncConflictKindSchema,
    /** The sale's idempotency key or the redeem's nonce. */
    key: z.string(),
    terminal: z.string(),
    staff: z.string(),
    /** When the sale or the scan happened on the terminal. */
    happened_at: IsoDateTimeSchema,
    /** When the server refused the replay. */
    recorded_at: IsoDateTimeSchema,
    message: z.string(),
    code: z.string(),
    /** The ticket of a redeem conflict. */
    ticket_id: z.nullable(z.string()),
    /** Money the terminal took for a refused sale (its subtotal), 0 for a redeem. */
    amount: NonNegativeMoneySchema,
    /** What was sent, as JSON text: the checkout body of a sale, `{ ticket_id, nonce, used_at }` of a redeem. */
    request: z.string(),
    resolved: z.nullable(z.object({ by: z.string(), at: IsoDateTimeSchema, note: z.string() })),
  }),
);
/** A refused offline replay on the wire: what, where, when, why, and how it was resolved. */
export type SyncConflict = z.infer<typeof SyncConflictSchema>;

/** POST /v1/admin/get_sync_conflicts: the open conflicts (`include_resolved` for all), newest first. */
export const SyncConflictsRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ include_resolved: z.optional(z.boolean()) }),
);
/** The body of POST /v1/admin/get_sync_conflicts: whether to include the resolved ones. */
export type SyncConflictsRequest = z.infer<typeof SyncConflictsRequestSchema>;
/** The answer of POST /v1/admin/get_sync_conflicts: the conflicts, newest first. */
export const SyncConflictsResponseSchema = /* @__PURE__ */ defineSchema(() => z.array(SyncConflictSchema));

/** POST /v1/admin/resolve_sync_conflict: a manager closes a conflict with a note saying what was done. */
export const ResolveSyncConflictRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    id: IdSchema,
    note: z.string().check(z.trim(), z.minLength(1, 'Please say what was done'), z.maxLength(500)),
  }),
);
/** The body of POST /v1/admin/resolve_sync_conflict: the conflict's `id` and a note of what was done. */
export type ResolveSyncConflictRequest = z.infer<typeof ResolveSyncConflictRequestSchema>;
