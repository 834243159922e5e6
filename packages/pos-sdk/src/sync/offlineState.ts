import * as z from 'zod/mini';
import { MerchandiseProductSchema, PassProductSchema } from '../contract/catalog';
import { defineSchema } from '../contract/defineSchema';
import { OfflinePolicySchema } from '../contract/offline';
import { ReceiptSchema } from '../contract/receipt';
import { TicketSchema } from '../contract/ticket';

/**
 * A sale made offline, waiting to sync: its idempotency key, the checkout body exactly as it will be sent (JSON
 * text, so the replay is byte for byte the first attempt and the server answers it once), and the receipt printed.
 */
export const QueuedSaleSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    kind: z.literal('sale'),
    key: z.string(),
    body: z.string(),
    receipt: ReceiptSchema,
    queued_at: z.string(),
  }),
);
/** A sale made offline, queued to be replayed (see `QueuedSaleSchema`). */
export type QueuedSale = z.infer<typeof QueuedSaleSchema>;

/** A redeem made offline, waiting to sync: the scan's nonce, the ticket and when it was used. */
export const QueuedRedeemSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    kind: z.literal('redeem'),
    nonce: z.string(),
    ticket_id: z.string(),
    used_at: z.string(),
    queued_at: z.string(),
  }),
);
/** A ticket redeemed offline, queued to be replayed (see `QueuedRedeemSchema`). */
export type QueuedRedeem = z.infer<typeof QueuedRedeemSchema>;

/** Something done offline, waiting to be replayed in order. */
export const QueuedOperationSchema = /* @__PURE__ */ defineSchema(() =>
  z.discriminatedUnion('kind', [QueuedSaleSchema, QueuedRedeemSchema]),
);
/** Something done offline, waiting to be replayed in order: a queued sale or redeem. */
export type QueuedOperation = z.infer<typeof QueuedOperationSchema>;

/** A replay the server refused: kept on the terminal (and on the server for the manager), never dropped. */
export const LocalConflictSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    operation: QueuedOperationSchema,
    message: z.string(),
    code: z.string(),
    at: z.string(),
  }),
);
/** A queued operation the server refused on replay, kept for the cashier (see `LocalConflictSchema`). */
export type LocalConflict = z.infer<typeof LocalConflictSchema>;

/** Everything the terminal keeps in its offline store. */
export const OfflineStateSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    version: z.literal(1),
    policy: z.nullable(OfflinePolicySchema),
    /** Ticket ids reserved for this terminal and not used by a waiting sale or a pending checkout. */
    ticket_ids: z.array(z.string()),
    /** The catalogue the terminal last loaded: what it sells from while offline. */
    catalogue: z.optional(
      z.nullable(
        z.object({ passes: z.array(PassProductSchema), merchandise: z.array(MerchandiseProductSchema) }),
      ),
    ),
    /** The tickets this terminal can check offline, as it last knew them. */
    tickets: z.array(TicketSchema),
    /** The server's clock minus the terminal's, from the last offline_prepare. */
    clock_offset_ms: z.number(),
    /** The last answer from the server, on the server's clock. */
    last_contact_at: z.nullable(z.string()),
    queue: z.array(QueuedOperationSchema),
    conflicts: z.array(LocalConflictSchema),
    /** Stored values this version could not read (a newer or damaged store): kept as they were, never dropped. */
    unreadable: z.array(z.unknown()),
  }),
);
export type OfflineState = z.infer<typeof OfflineStateSchema>;

/** The state of a terminal that never reached the server. */
export const EMPTY_OFFLINE_STATE: OfflineState = {
  version: 1,
  policy: null,
  ticket_ids: [],
  tickets: [],
  clock_offset_ms: 0,
  last_contact_at: null,
  queue: [],
  conflicts: [],
  unreadable: [],
};

/**
 * The stored state; the empty one when nothing is stored. A value this version cannot read is not thrown away: the
 * empty state keeps it in `unreadable`, so it is written back with everything else and can be recovered.
 */
export function readOfflineState(stored: unknown): OfflineState {
  if (stored === undefined || stored === null) return EMPTY_OFFLINE_STATE;
  const parsed = OfflineStateSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...EMPTY_OFFLINE_STATE, unreadable: [stored] };
}
