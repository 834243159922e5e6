import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { ApiClient } from '../api/ApiClient';
import type { DisplayMessage, DisplayPairingCode, DisplayStatus } from '../contract/display';

/** The API calls a till's display publisher makes. */
export type DisplayPublisherApi = Pick<
  ApiClient,
  'displayPair' | 'displayStatus' | 'displayPublish' | 'displayUnpair'
>;

/** Options of {@link createDisplayPublisher}. */
export interface DisplayPublisherOptions {
  /** Changes within this long go as one call, the last one (default 150 ms). */
  readonly coalesceMs?: number;
  /** A publish that failed is tried again after this long, if nothing newer went meanwhile (default 5 s). */
  readonly retryMs?: number;
  /** A publish failed (the sale goes on: the display only lags). */
  readonly onError?: (error: unknown) => void;
}

/**
 * The till's side of a customer display on a tablet: whether one is paired, and the sale sent to it. Framework-free;
 * the till's sender feeds it every change of the sale and the 'Customer display' dialog pairs and unpairs through it.
 */
export interface DisplayPublisher {
  /** Whether a tablet is paired with this terminal, as the server last said. */
  readonly paired: ReadonlySignal<boolean>;
  /** Open streams of the paired tablet, as the server last said (0: it is off or reconnecting). */
  readonly watching: ReadonlySignal<number>;
  /**
   * What the display should show now. Sent while a tablet is paired, bursts coalesced (one call in flight, then the
   * latest); kept otherwise, and sent when a tablet pairs. A failure never throws: `onError`, and a later retry.
   */
  publish(message: DisplayMessage): void;
  /** Asks the server whether a tablet is paired (sends the latest message when one has just paired). */
  refresh(): Promise<DisplayStatus>;
  /** A new code for a tablet to claim (the terminal's earlier code ends). */
  pair(): Promise<DisplayPairingCode>;
  /** Unpairs the tablet: its stream ends and it shows 'Not paired'. */
  unpair(): Promise<DisplayStatus>;
  /** Stops sending (timers cleared). */
  dispose(): void;
}

/**
 * Makes a till's {@link DisplayPublisher} on its API client.
 *
 * @example
 * const display = createDisplayPublisher(pos.api);
 * await display.refresh();
 * display.publish({ kind: 'idle' });
 */
export function createDisplayPublisher(
  api: DisplayPublisherApi,
  options: DisplayPublisherOptions = {},
): DisplayPublisher {
  const coalesceMs = options.coalesceMs ?? 150;
  const retryMs = options.retryMs ?? 5000;
  const paired = signal(false);
  const watching = signal(0);
  let latest: DisplayMessage = { kind: 'idle' };
  /** Whether `latest` has not reached the server yet. */
  let unsent = true;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const take = (status: DisplayStatus) => {
    const before = paired.peek();
    paired.value = status.paired;
    watching.value = status.watching;
    if (!before && status.paired) {
      unsent = true;
      schedule(0);
    }
    return status;
  };

  function schedule(delay: number) {
    if (disposed || timer !== undefined || inFlight || !paired.peek() || !unsent) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
  }

  async function flush() {
    if (disposed || inFlight || !paired.peek() || !unsent) return;
    const message = latest;
    unsent = false;
    inFlight = true;
    let failed = false;
    try {
      take(await api.displayPublish(message));
    } catch (error) {
      failed = true;
      // Unless something newer is waiting, this one goes again later.
      if (latest === message) unsent = true;
      options.onError?.(error);
    } finally {
      inFlight = false;
    }
    schedule(failed ? retryMs : 0);
  }

  return {
    paired,
    watching,
    publish(message) {
      latest = message;
      unsent = true;
      schedule(coalesceMs);
    },
    refresh: async () => take(await api.displayStatus()),
    pair: () => api.displayPair(),
    unpair: async () => take(await api.displayUnpair()),
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}
