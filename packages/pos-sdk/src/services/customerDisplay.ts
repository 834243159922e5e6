import { type ApiConfig, createApiClient } from '../api';
import type { CallOptions } from '../api/ApiConfig';
import { signalOnly } from '../api/aborted';
import {
  DISPLAY_UNPAIRED_EVENT,
  type DisplayClaimResponse,
  type DisplayMessage,
  DisplayMessageSchema,
} from '../contract/display';
import { FormError } from '../errors/FormError';
import { checkDisplayCode } from '../rules/displayCode';
import type { StorageAdapter } from '../storage/StorageAdapter';
import { isRecord, readStored, writeStored } from './storageKeys';

/** Where a tablet keeps the display token of the till it follows. */
export const DISPLAY_PAIRING_KEY = 'pos.displayPairing';

/** How a customer display reaches the server: the API address, and optionally a fetch and a timeout. */
export type DisplayApiConfig = Pick<ApiConfig, 'baseUrl' | 'fetch' | 'timeoutMs'>;

/** What a tablet keeps of its pairing: the display token and the terminal it follows. */
export interface DisplayPairing {
  readonly token: string;
  readonly terminal: string;
}

/** The display pairing this tablet keeps, or null (never paired, unpaired, or unreadable). */
export function readDisplayPairing(storage: StorageAdapter): DisplayPairing | null {
  const stored = readStored(storage, DISPLAY_PAIRING_KEY);
  if (!isRecord(stored) || typeof stored.token !== 'string' || typeof stored.terminal !== 'string')
    return null;
  return { token: stored.token, terminal: stored.terminal };
}

/** Keeps the display pairing, so a reload of the tablet stays paired. */
export function saveDisplayPairing(storage: StorageAdapter, pairing: DisplayPairing): void {
  writeStored(storage, DISPLAY_PAIRING_KEY, { token: pairing.token, terminal: pairing.terminal });
}

/** Forgets the display pairing (the till unpaired the tablet). */
export function forgetDisplayPairing(storage: StorageAdapter): void {
  storage.remove(DISPLAY_PAIRING_KEY);
}

/**
 * A tablet's `/display` claims the six-digit code a till shows (Menu > Customer display). The code is checked first
 * (`checkDisplayCode`: a typo is a `FormError` on the field `code`, nothing sent); the server refuses an unknown code
 * (404 `not_found`), an expired or used one (409 `conflict`) and too many wrong codes (429 `locked`), in words. Keep
 * the answer with {@link saveDisplayPairing} and follow it with {@link subscribeDisplay}.
 *
 * @example
 * const { display_token, terminal } = await claimDisplay({ baseUrl: location.origin }, '482 913');
 */
export async function claimDisplay(
  api: DisplayApiConfig,
  code: string,
  options: CallOptions = {},
): Promise<DisplayClaimResponse> {
  const checked = checkDisplayCode(code);
  if (!checked.ok) throw FormError.fromFields({ code: checked.message });
  return createApiClient(api).displayClaim({ code: checked.value }, signalOnly(options));
}

/** The part of the browser's `EventSource` the display uses. */
export interface EventSourceLike {
  readonly readyState: number;
  onmessage: ((event: { data: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  close(): void;
}

/** Makes an {@link EventSourceLike} for a URL (the browser's `EventSource` constructor has this shape). */
export type EventSourceConstructor = new (url: string) => EventSourceLike;

/** Options of {@link subscribeDisplay}. */
export interface SubscribeDisplayOptions {
  /** Stops following (the stream is closed). */
  readonly signal?: AbortSignal;
  /** The till unpaired this display (or the server does not know its token): it stops following. */
  readonly onUnpaired?: () => void;
  /** The stream is connected (true) or lost and being retried (false). */
  readonly onConnected?: (connected: boolean) => void;
  /**
   * The `EventSource` to use. Default: the global one (browsers); without one (Node 20) the stream is read with
   * `fetch`.
   */
  readonly EventSource?: EventSourceConstructor;
  /** Wait before a new try after the server refused the stream or could not be reached (default 5 s). */
  readonly retryMs?: number;
}

/** A message of the stream, or undefined for one the contract does not allow (it is ignored). */
function parseMessage(data: string): DisplayMessage | undefined {
  try {
    const parsed = DisplayMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Follows a till's sale on a paired customer display: `GET /v1/display/events?token=…` (server-sent events), the
 * latest message at once, then each one the till publishes, until the till unpairs it (`onUnpaired`) or `signal`
 * aborts. A message the contract does not allow is ignored. A dropped connection is retried (the browser's
 * EventSource after the server's 3 s; a refused stream after `retryMs`). The UI calls this, never `EventSource`.
 *
 * @returns a function that stops following (as aborting `signal` does).
 * @example
 * const stop = subscribeDisplay({ baseUrl: location.origin }, token, (message) => render(message), {
 *   onUnpaired: () => showNotPaired(),
 * });
 */
export function subscribeDisplay(
  api: DisplayApiConfig,
  token: string,
  onMessage: (message: DisplayMessage) => void,
  options: SubscribeDisplayOptions = {},
): () => void {
  const url = createApiClient(api).displayEventsUrl(token);
  const retryMs = options.retryMs ?? 5000;
  const stopped = new AbortController();
  const stop = () => stopped.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();
  const unpaired = () => {
    if (stopped.signal.aborted) return;
    stop();
    options.onUnpaired?.();
  };
  const deliver = (data: string) => {
    const message = parseMessage(data);
    if (message !== undefined && !stopped.signal.aborted) {
      options.onConnected?.(true);
      onMessage(message);
    }
  };
  const Source =
    options.EventSource ??
    (globalThis as unknown as { EventSource?: EventSourceConstructor }).EventSource ??
    undefined;
  if (Source !== undefined)
    followWithEventSource(Source, url, { deliver, unpaired, retryMs, options, stopped });
  else void followWithFetch(api.fetch ?? fetch, url, { deliver, unpaired, retryMs, options, stopped });
  return stop;
}

interface Follow {
  deliver(data: string): void;
  unpaired(): void;
  retryMs: number;
  options: SubscribeDisplayOptions;
  stopped: AbortController;
}

/** `EventSource.CLOSED`: the browser gave up (a refused answer); it retries by itself otherwise. */
const CLOSED = 2;

function followWithEventSource(Source: EventSourceConstructor, url: string, follow: Follow): void {
  const { stopped } = follow;
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    if (stopped.signal.aborted) return;
    const current = new Source(url);
    source = current;
    current.onmessage = (event) => follow.deliver(event.data);
    current.addEventListener(DISPLAY_UNPAIRED_EVENT, () => follow.unpaired());
    current.onerror = () => {
      follow.options.onConnected?.(false);
      // A refused answer (a proxy's 502 while the server restarts) closes it for good: try again later.
      if (current.readyState === CLOSED) timer = setTimeout(open, follow.retryMs);
    };
  };
  stopped.signal.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
      source?.close();
    },
    { once: true },
  );
  open();
}

/** Reads the stream with `fetch` where there is no EventSource (Node 20): the same events, the same retries. */
async function followWithFetch(fetchFn: typeof fetch, url: string, follow: Follow): Promise<void> {
  const { stopped } = follow;
  let wait = follow.retryMs;
  while (!stopped.signal.aborted) {
    try {
      const response = await fetchFn(url, {
        headers: { Accept: 'text/event-stream' },
        signal: stopped.signal,
      });
      if (response.ok && response.body !== null) {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
              else if (line.startsWith('retry:')) wait = Number(line.slice(6)) || wait;
            }
            if (event === DISPLAY_UNPAIRED_EVENT) {
              follow.unpaired();
              return;
            }
            if (event === 'message' && data.length > 0) follow.deliver(data.join('\n'));
          }
        }
      } else {
        wait = follow.retryMs;
      }
    } catch {
      if (stopped.signal.aborted) return;
    }
    follow.options.onConnected?.(false);
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, wait);
      stopped.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve(undefined);
        },
        { once: true },
      );
    });
  }
}
