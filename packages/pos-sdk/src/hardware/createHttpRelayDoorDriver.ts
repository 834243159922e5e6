import type { DoorDriver } from './DoorDriver';
import { HARDWARE_ERROR_REASONS, HardwareError } from './HardwareError';

/** Options of {@link createHttpRelayDoorDriver}. */
export interface HttpRelayDoorDriverOptions {
  /**
   * The relay's address; `{seconds}` is replaced by how long the door stays open. Common network relays take a
   * GET such as `http://10.0.0.20/relay/0?turn=on&timer={seconds}`.
   */
  readonly url: string;
  /** The HTTP method; default `GET`. */
  readonly method?: 'GET' | 'POST';
  /** A body for a POST, `{seconds}` replaced as in `url` (e.g. `'{"id":0,"on":true,"toggle_after":{seconds}}'`). */
  readonly body?: string;
  /** Headers to send (a `content-type` for the body, an `authorization` the relay asks for). */
  readonly headers?: Readonly<Record<string, string>>;
  /** How long to wait for the relay's answer; default 3000 ms. */
  readonly timeoutMs?: number;
  /**
   * In a browser, `'no-cors'` sends the call to a relay on another address that answers without CORS headers (most
   * relays): the answer cannot be read then, so a call that reached the relay counts as success. Default `'cors'`.
   */
  readonly mode?: 'cors' | 'no-cors';
  /** The fetch to call; default the global `fetch`. */
  readonly fetch?: typeof fetch;
}

const NAME = 'http-relay';

/** The template with `{seconds}` replaced. */
function fill(template: string, seconds: number): string {
  return template.replaceAll('{seconds}', String(seconds));
}

/**
 * A door driver for a network relay with a simple HTTP API (Shelly-style `GET /relay/0?turn=on&timer=N`, or a POST
 * with a body). Any 2xx answer is success; anything else rejects with a `HardwareError`: `hardware_unreachable` when
 * the relay cannot be reached, `hardware_timeout` when it does not answer within `timeoutMs`, `hardware_failed`
 * when it answers with another status.
 *
 * @example
 * const door = createHttpRelayDoorDriver({ url: 'http://10.0.0.20/relay/0?turn=on&timer={seconds}' })
 * const pos = createPos({ api, door })
 */
export function createHttpRelayDoorDriver(options: HttpRelayDoorDriverOptions): DoorDriver {
  const method = options.method ?? 'GET';
  const timeoutMs = options.timeoutMs ?? 3000;
  return {
    name: NAME,
    open: async (seconds) => {
      if (!Number.isInteger(seconds) || seconds < 1) {
        throw new HardwareError(NAME, HARDWARE_ERROR_REASONS.failed, `The door cannot open for ${seconds} s`);
      }
      const url = fill(options.url, seconds);
      const doFetch = options.fetch ?? globalThis.fetch;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          signal: controller.signal,
          ...(options.mode === undefined ? {} : { mode: options.mode }),
          ...(options.headers === undefined ? {} : { headers: { ...options.headers } }),
          ...(method === 'POST' && options.body !== undefined ? { body: fill(options.body, seconds) } : {}),
        });
      } catch (error) {
        if (controller.signal.aborted) {
          throw new HardwareError(
            NAME,
            HARDWARE_ERROR_REASONS.timeout,
            `Door relay did not answer within ${timeoutMs} ms`,
            { cause: error },
          );
        }
        throw new HardwareError(NAME, HARDWARE_ERROR_REASONS.unreachable, 'Door relay not reachable', {
          cause: error,
        });
      } finally {
        clearTimeout(timer);
      }
      // The answer's body is not needed; read it so the connection is freed.
      await response.arrayBuffer().catch(() => undefined);
      // A no-cors answer is opaque: it reached the relay, which is all a page can know.
      if (!response.ok && response.type !== 'opaque') {
        throw new HardwareError(
          NAME,
          HARDWARE_ERROR_REASONS.failed,
          `Door relay refused to open (HTTP ${response.status})`,
        );
      }
    },
  };
}
