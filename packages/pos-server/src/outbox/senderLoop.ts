import type { FastifyBaseLogger } from 'fastify';

/** A sender's rounds, started and stopped with the server (see {@link senderLoop}). */
export interface SenderLoop {
  /** Starts the rounds (no-op when running). */
  start(): void;
  /** A round now: at once when idle, right after the current one when busy. */
  wake(): void;
  /** Stops the rounds and waits for the one under way. */
  stop(): Promise<void>;
}

/**
 * The rounds of a durable outbox's sender (the mail's and the e-invoices'): `runOnce` every `pollMs`, one at a time;
 * a wake during a round runs another right after it; a failed round is logged and the next comes as usual. The timer
 * never keeps the process alive.
 */
export function senderLoop(
  runOnce: () => Promise<unknown>,
  options: { pollMs: number; logger?: FastifyBaseLogger | undefined; name: string },
): SenderLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let again = false;
  let busy = false;
  const round = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    clearTimeout(timer);
    running = runOnce()
      .catch((error: unknown) => options.logger?.error({ err: error }, `${options.name} round failed`))
      .finally(() => {
        busy = false;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(round);
          return;
        }
        timer = setTimeout(round, options.pollMs);
        timer.unref();
      });
  };
  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      round();
    },
    wake: () => round(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
