import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import { signalOnly, untilAborted } from '../api/aborted';
import type { MerchandiseProduct, OfflinePolicy, Order, PassProduct, Ticket } from '../contract';
import { NetworkError } from '../errors/NetworkError';
import type { PosError } from '../errors/PosError';
import { RuleError } from '../errors/RuleError';
import { toPosError } from '../errors/toPosError';
import { addSen, fromRinggit, type Sen, ZERO } from '../money';
import { MESSAGES } from '../rules/messages';
import type { OfflineAllowance } from '../rules/offline';
import { OFFLINE_MESSAGES } from '../rules/offlineMessages';
import { checkRedeem } from '../rules/ticketStatus';
import type { ServiceContext } from '../services/ServiceContext';
import type { OfflineStore } from './OfflineStore';
import {
  type LocalConflict,
  type OfflineState,
  type QueuedOperation,
  type QueuedRedeem,
  type QueuedSale,
  readOfflineState,
} from './offlineState';

/** The terminal's connection, from the outcomes of its real calls (not `navigator.onLine`). */
export type ConnectionState = 'online' | 'offline' | 'syncing';

/** What one {@link SyncService.syncNow} did. */
export interface SyncResult {
  /** Operations the server booked. */
  readonly synced: number;
  /** Operations the server refused (now in `conflicts`). */
  readonly refused: number;
  /** Operations still waiting (the server stopped answering, or signed the terminal out). */
  readonly waiting: number;
}

/** Working through an outage (docs/offline.md): the connection state, the waiting operations and the conflicts. */
export interface SyncService {
  /** `online`, `offline` (the last call got no answer) or `syncing` (waiting operations are being sent). */
  readonly connection: ReadonlySignal<ConnectionState>;
  /** Sales and scans made offline, oldest first, waiting to be replayed. */
  readonly queue: ReadonlySignal<readonly QueuedOperation[]>;
  /** How many operations wait, and how many of them are sales. */
  readonly waiting: ReadonlySignal<number>;
  readonly waitingSales: ReadonlySignal<number>;
  /** When the oldest waiting operation was made (server clock), null when none waits. */
  readonly oldestWaitingAt: ReadonlySignal<string | null>;
  /** Replays the server refused, kept on the terminal (the manager also sees them: `pos sync conflicts`). */
  readonly conflicts: ReadonlySignal<readonly LocalConflict[]>;
  /** Reserved ticket ids left for passes sold offline (offline_prepare tops them up). */
  readonly ticketIdsLeft: ReadonlySignal<number>;
  /** The server's offline policy from the last offline_prepare; null before the first. */
  readonly policy: ReadonlySignal<OfflinePolicy | null>;
  /** 'Offline: 3 sales waiting to sync' while offline, 'Syncing: …' while syncing, else null. */
  readonly banner: ReadonlySignal<string | null>;
  /** Resolves once the stored queue is loaded. */
  ready(): Promise<void>;
  /**
   * Asks the server for its policy, reserved ticket ids and the tickets to check offline, and keeps them.
   * `options.signal` gives up (a `PosError` with code `'aborted'`), keeping what was kept before.
   */
  prepare(options?: CallOptions): Promise<void>;
  /**
   * Replays the waiting operations in order, now; resolves with what happened. `options.signal` stops the replay
   * (a `PosError` with code `'aborted'`): what was not answered stays queued, with its key, for the next sync. A call
   * while a sync runs joins it, and its signal only stops its own wait.
   */
  syncNow(options?: CallOptions): Promise<SyncResult>;
  /** Now on the server's clock, as the terminal knows it. */
  serverNow(): Date;
  /**
   * Asks the server at once when the terminal believes it is offline or operations wait (a device waking, a tab back
   * in the foreground, the network back): what waits is then sent without waiting for the next probe.
   */
  wake(): void;
}

/** The sync service plus what the other services and `createPos` call. */
export interface SyncController extends SyncService {
  /** Told after every request whether the server answered. */
  reachability(reachable: boolean): void;
  /** What the terminal may still sell offline. */
  allowance(): OfflineAllowance;
  /** Takes `count` reserved ticket ids for a checkout; undefined when fewer are left (the sale goes online only). */
  takeTicketIds(count: number): string[] | undefined;
  /** Stores a sale made offline, durably, before its receipt prints. */
  enqueueSale(sale: Omit<QueuedSale, 'kind' | 'queued_at'>): Promise<void>;
  /** A ticket as this terminal last knew it, with the uses it recorded offline; undefined when unknown. */
  findTicket(id: string): Ticket | undefined;
  /** Records a redeem made offline, durably: checked with `checkRedeem`, replayed later with its nonce. */
  enqueueRedeem(redeem: Omit<QueuedRedeem, 'kind' | 'queued_at'>): Promise<Ticket>;
  /** Keeps the catalogue just loaded, to sell from while offline. */
  keepCatalogue(passes: readonly PassProduct[], merchandise: readonly MerchandiseProduct[]): void;
  /** The catalogue last kept, once the store is loaded; undefined when none. */
  keptCatalogue(): Promise<{ passes: PassProduct[]; merchandise: MerchandiseProduct[] } | undefined>;
  /** Ticket ids held by a checkout attempt that has not been answered (kept out of the pool). */
  holdTicketIds(provider: () => readonly string[]): void;
  /**
   * Whether the last call without an answer (the probe's included) is recent ({@link SYNC_RECHECK_MS}): only then is
   * being offline known well enough for a money call to skip the server. An older belief (the server may be back
   * since, the device may have slept) is asked again.
   */
  unansweredRecently(): boolean;
  /**
   * Asks the server at once whether it answers, giving up after {@link QUICK_LOOK_MS}: true when it answered (what
   * waits is then sent, as after any answer), false when it did not. A checkout whose belief of being offline is not
   * recent looks first, so the queue at the desk waits for a short look, never for a sale's timeouts and retries.
   */
  answersNow(): Promise<boolean>;
  /** Stops the probe timer. */
  dispose(): void;
}

/** Options of {@link createSync}. */
export interface SyncOptions {
  readonly store: OfflineStore;
  /** Whether a signed-in staff member's token is at hand (offline_prepare needs one). */
  readonly isSignedIn: () => boolean;
  /** How often the terminal asks whether the server is back while offline, in ms (default 5000; 0: never). */
  readonly probeIntervalMs?: number;
}

/** Default interval of the probe while offline. */
export const SYNC_PROBE_INTERVAL_MS = 5_000;

/**
 * How long a call without an answer keeps the terminal sure it is offline: a checkout made later asks the server
 * first, so a retry right after the server came back goes out at once instead of waiting for the next probe.
 */
export const SYNC_RECHECK_MS = 2_000;

/** How long {@link SyncController.answersNow} waits for the server before the terminal sells offline. */
export const QUICK_LOOK_MS = 1_500;

/** Refusals that are final for a replay (kept as conflicts); anything else is retried later. */
function isRefusal(error: PosError): boolean {
  if (error.code === 'conflict' && error.message === MESSAGES.requestInProgress) return false;
  return (
    error.code === 'invalid_request' ||
    error.code === 'not_found' ||
    error.code === 'conflict' ||
    error.code === 'rule'
  );
}

/** The tickets of waiting sales: sold offline, checkable at once. */
function soldOffline(queue: readonly QueuedOperation[]): Ticket[] {
  return queue.flatMap((operation) => (operation.kind === 'sale' ? operation.receipt.tickets : []));
}

/** The ticket ids a queue's sales use. */
function idsInQueue(queue: readonly QueuedOperation[]): Set<string> {
  return new Set(soldOffline(queue).map((ticket) => ticket._id));
}

/**
 * Creates the sync service (docs/offline.md). Reachability comes from the API client's outcomes; while offline a
 * probe (`GET /v1/health`) asks every few seconds, and when the server answers again the queue is replayed in order:
 * sales with their own idempotency key and body (the server books each once and answers a replay the same),
 * redeems with their nonce. A refusal moves the operation to `conflicts` with the server's message (and the server
 * keeps it for the manager); nothing is dropped.
 */
export function createSync(context: ServiceContext, options: SyncOptions): SyncController {
  const { api, notices, clock, events } = context;
  let state: OfflineState = readOfflineState(undefined);
  const snapshot = signal<OfflineState>(state);
  const connection = signal<ConnectionState>('online');
  let heldIds: () => readonly string[] = () => [];
  // Every id this terminal took since it started: an offline_prepare answered while a sale was being booked may
  // still list that sale's ids as unused; they never go back into the pool.
  const takenIds = new Set<string>();
  let lastContact: Date | null = null;
  let loaded: Promise<void> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let draining: Promise<SyncResult> | undefined;
  let probe: ReturnType<typeof setInterval> | undefined;
  // When a call last got no answer, on the terminal's clock.
  let lastUnansweredAt: number | undefined;
  let disposed = false;
  const probeEvery = options.probeIntervalMs ?? SYNC_PROBE_INTERVAL_MS;
  // A terminal that probes also sends what waits whenever the server answers; one without (a CLI) syncs on command.
  const syncsByItself = probeEvery > 0;

  const serverNow = (): Date => new Date(clock().getTime() + state.clock_offset_ms);

  /** Writes the state, in order after earlier writes; rejects if the store cannot keep it. */
  const persist = (next: OfflineState): Promise<void> => {
    state = next;
    snapshot.value = next;
    const copy = next;
    writing = writing.catch(() => undefined).then(() => options.store.write(copy));
    return writing;
  };

  const ready = (): Promise<void> => {
    loaded ??= options.store.read().then((stored) => {
      state = readOfflineState(stored);
      snapshot.value = state;
      if (state.last_contact_at !== null) lastContact = new Date(state.last_contact_at);
      // Operations left by a reload or a restart are sent by themselves once the server answers.
      keepTrying();
    });
    return loaded;
  };

  /**
   * Writes `update` of the stored state once that state is loaded: a change made before the store was read (the
   * catalogue loaded, a call without answer) would otherwise be computed from the empty state, overwrite the stored
   * queue on disk, and be lost when the read lands.
   */
  const persistWhenLoaded = (update: (current: OfflineState) => OfflineState | undefined): void => {
    ready()
      .then(() => {
        const next = update(state);
        return next === undefined ? undefined : persist(next);
      })
      .catch(() => undefined);
  };

  const stopProbe = (): void => {
    if (probe !== undefined) clearInterval(probe);
    probe = undefined;
  };
  /** Whether operations wait and can be sent (a replay needs a signed-in user). */
  const canSend = (): boolean => state.queue.length > 0 && options.isSignedIn();
  /**
   * One probe: while offline, asks whether the server is back (the answer, or its absence, reaches `reachability`);
   * online with operations waiting (a replay answered with a 5xx, a queue read back after a reload), sends them.
   */
  const tick = (): void => {
    if (connection.value === 'offline') {
      api.health().catch(() => undefined);
    } else if (canSend()) {
      void syncNow();
    } else if (connection.value === 'online') {
      stopProbe();
    }
  };
  const startProbe = (): void => {
    if (probe !== undefined || !syncsByItself || disposed) return;
    probe = setInterval(tick, probeEvery);
    (probe as { unref?: () => void }).unref?.();
  };
  /** Probes while offline or while operations wait; stops once there is nothing left to find out or send. */
  const keepTrying = (): void => {
    if (connection.value === 'offline' || canSend()) startProbe();
    else stopProbe();
  };

  const prepare = async (options?: CallOptions): Promise<void> => {
    await ready();
    const sentAt = clock().getTime();
    const answer = await api.offlinePrepare(signalOnly(options));
    const receivedAt = clock().getTime();
    // The server's clock at the middle of the round trip.
    const offset = Date.parse(answer.server_time) - Math.round((sentAt + receivedAt) / 2);
    const held = new Set([...idsInQueue(state.queue), ...heldIds(), ...takenIds]);
    lastContact = new Date(answer.server_time);
    await persist({
      ...state,
      policy: answer.policy,
      ticket_ids: answer.ticket_ids.filter((id) => !held.has(id)),
      tickets: answer.tickets,
      clock_offset_ms: offset,
      last_contact_at: answer.server_time,
    });
  };

  const moveToConflicts = (operation: QueuedOperation, failure: PosError): OfflineState => ({
    ...state,
    queue: state.queue.slice(1),
    conflicts: [
      ...state.conflicts,
      { operation, message: failure.message, code: failure.code, at: serverNow().toISOString() },
    ],
  });

  /** Sends one waiting operation; a sale answers the order the server booked. */
  const replay = async (
    operation: QueuedOperation,
    abortSignal: AbortSignal | undefined,
  ): Promise<Order | undefined> => {
    if (operation.kind === 'sale') {
      const booked = await api.checkout(JSON.parse(operation.body), {
        idempotencyKey: operation.key,
        quiet: true,
        replay: true,
        signal: abortSignal,
      });
      return booked.order;
    }
    await api.checkTicketRedeem(
      operation.ticket_id,
      { nonce: operation.nonce, used_at: operation.used_at },
      { replay: true, signal: abortSignal },
    );
    return undefined;
  };

  const drain = async (abortSignal: AbortSignal | undefined): Promise<SyncResult> => {
    await ready();
    let synced = 0;
    let refused = 0;
    if (state.queue.length > 0) connection.value = 'syncing';
    try {
      for (let operation = state.queue[0]; operation !== undefined; operation = state.queue[0]) {
        try {
          const booked = await replay(operation, abortSignal);
          await persist({ ...state, queue: state.queue.slice(1) });
          synced++;
          if (booked !== undefined && operation.kind === 'sale') {
            events.emit('saleSynced', { order: booked, idempotencyKey: operation.key });
          }
        } catch (error) {
          const failure = toPosError(error);
          if (failure.code === 'aborted') throw failure; // stays queued, with its key, for the next sync
          if (!isRefusal(failure)) break; // no answer, a 5xx or signed out: replayed later, in the same order
          await persist(moveToConflicts(operation, failure));
          refused++;
          notices.push({ kind: 'error', message: OFFLINE_MESSAGES.refused(failure.message) });
        }
      }
    } finally {
      if (connection.value === 'syncing') connection.value = 'online';
    }
    if (synced > 0) notices.push({ kind: 'success', message: OFFLINE_MESSAGES.synced(synced) });
    const result: SyncResult = { synced, refused, waiting: state.queue.length };
    if (result.waiting === 0 && synced + refused > 0) events.emit('syncDrained', result);
    if (state.queue.length === 0 && options.isSignedIn()) await prepare().catch(() => undefined);
    return result;
  };

  function syncNow(options?: CallOptions): Promise<SyncResult> {
    const abortSignal = options?.signal;
    if (draining === undefined) {
      draining = drain(abortSignal).finally(() => {
        draining = undefined;
        keepTrying();
      });
      return draining;
    }
    return abortSignal === undefined ? draining : untilAborted(draining, abortSignal);
  }

  const reachability = (reachable: boolean): void => {
    if (!reachable) {
      lastUnansweredAt = clock().getTime();
      if (connection.value !== 'offline') {
        connection.value = 'offline';
        // The last answer is what the offline period is counted from, also after a reload.
        if (lastContact !== null) {
          const at = lastContact.toISOString();
          persistWhenLoaded((current) =>
            current.last_contact_at === at ? undefined : { ...current, last_contact_at: at },
          );
        }
      }
      startProbe();
      return;
    }
    lastContact = serverNow();
    const wasOffline = connection.value === 'offline';
    if (wasOffline) connection.value = 'online';
    // Any answer means the server is there: what waits goes now, whether the terminal knew it was offline or not (a
    // queue read back after a reload while the server was down, a replay answered with a 5xx).
    if ((wasOffline || syncsByItself) && canSend()) void syncNow();
    keepTrying();
  };

  const findTicket = (id: string): Ticket | undefined => {
    const wanted = id.trim().toUpperCase();
    const known =
      soldOffline(state.queue).find((ticket) => ticket._id === wanted) ??
      state.tickets.find((ticket) => ticket._id === wanted);
    if (known === undefined) return undefined;
    const offlineUses = state.queue.flatMap((operation) =>
      operation.kind === 'redeem' && operation.ticket_id === known._id
        ? [{ at: operation.used_at, terminal: api.config.hostId }]
        : [],
    );
    return offlineUses.length === 0 ? known : { ...known, used: [...known.used, ...offlineUses] };
  };

  const waitingSales = computed(
    () => snapshot.value.queue.filter((operation) => operation.kind === 'sale').length,
  );
  const waiting = computed(() => snapshot.value.queue.length);

  return {
    connection,
    queue: computed(() => snapshot.value.queue),
    waiting,
    waitingSales,
    oldestWaitingAt: computed(() => {
      const [oldest] = snapshot.value.queue;
      if (oldest === undefined) return null;
      return oldest.kind === 'sale' ? (JSON.parse(oldest.body).sold_at ?? oldest.queued_at) : oldest.used_at;
    }),
    conflicts: computed(() => snapshot.value.conflicts),
    ticketIdsLeft: computed(() => snapshot.value.ticket_ids.length),
    policy: computed(() => snapshot.value.policy),
    banner: computed(() => {
      if (connection.value === 'offline') return OFFLINE_MESSAGES.banner(waitingSales.value);
      if (connection.value === 'syncing') return OFFLINE_MESSAGES.syncing(waiting.value);
      return null;
    }),
    ready,
    prepare,
    syncNow,
    serverNow,
    reachability,
    allowance: () => {
      const sales = state.queue.filter((operation): operation is QueuedSale => operation.kind === 'sale');
      const amount = sales.reduce<Sen>(
        (sum, sale) => addSen(sum, fromRinggit(sale.receipt.order.total_amount)),
        ZERO,
      );
      return {
        policy: state.policy,
        lastContactAt: lastContact ?? state.last_contact_at,
        waitingSales: sales.length,
        waitingAmount: amount,
        freeTicketIds: state.ticket_ids.length,
      };
    },
    takeTicketIds: (count) => {
      if (count === 0) return [];
      if (state.ticket_ids.length < count) return undefined;
      const taken = state.ticket_ids.slice(0, count);
      for (const id of taken) takenIds.add(id);
      persist({ ...state, ticket_ids: state.ticket_ids.slice(count) }).catch(() => undefined);
      return taken;
    },
    enqueueSale: async (sale) => {
      await ready();
      await persist({
        ...state,
        queue: [...state.queue, { kind: 'sale', ...sale, queued_at: serverNow().toISOString() }],
      });
    },
    findTicket,
    enqueueRedeem: async (redeem) => {
      await ready();
      const ticket = findTicket(redeem.ticket_id);
      if (ticket === undefined) {
        throw new RuleError(OFFLINE_MESSAGES.ticketUnknownOffline, { rule: 'ticket_not_active' });
      }
      // The server's rule at the scan's time: a membership's entries of that venue day, with those made offline.
      const allowed = checkRedeem(ticket, redeem.used_at, context.timeZone);
      if (!allowed.ok) throw RuleError.from(allowed);
      await persist({
        ...state,
        queue: [...state.queue, { kind: 'redeem', ...redeem, queued_at: serverNow().toISOString() }],
      });
      return findTicket(redeem.ticket_id) ?? ticket;
    },
    keepCatalogue: (passes, merchandise) => {
      persistWhenLoaded((current) => ({
        ...current,
        catalogue: { passes: [...passes], merchandise: [...merchandise] },
      }));
    },
    keptCatalogue: async () => {
      await ready();
      return state.catalogue ?? undefined;
    },
    holdTicketIds: (provider) => {
      heldIds = provider;
    },
    unansweredRecently: () =>
      lastUnansweredAt !== undefined && clock().getTime() - lastUnansweredAt < SYNC_RECHECK_MS,
    answersNow: () =>
      api.health({ signal: AbortSignal.timeout(QUICK_LOOK_MS) }).then(
        () => true,
        () => false,
      ),
    wake: () => {
      if (connection.value === 'offline') api.health().catch(() => undefined);
      else if (canSend()) void syncNow();
    },
    dispose: () => {
      disposed = true;
      stopProbe();
      batch(() => {
        connection.value = 'online';
      });
    },
  };
}

/** Whether a failure means the server did not answer (the terminal may go on offline). */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof NetworkError;
}
