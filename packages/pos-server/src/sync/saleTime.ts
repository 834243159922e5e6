import { MESSAGES, SYNC_MESSAGES } from 'pos-sdk/messages';
import { HttpProblem } from '../http/HttpProblem';
import { IDEMPOTENCY_TTL_MS } from '../http/idempotency';

/** A `sold_at` this much older than the server's now marks a sale made offline and replayed now. */
export const REPLAY_AFTER_MS = 60_000;

/** How far ahead of the server's clock a terminal's `sold_at` may be (clocks drift). */
export const CLOCK_SKEW_MS = 60_000;

/**
 * The oldest replay the server books: an hour inside the idempotency window (24 h), because only within it can the
 * server tell a replay from a sale it already booked when the terminal's first attempt committed and its answer was
 * lost. An older replay becomes a conflict for a manager, never a second order.
 */
export const REPLAY_MAX_AGE_MS = IDEMPOTENCY_TTL_MS - 60 * 60_000;

/** When a sale is booked, and whether it is the replay of a sale made while the terminal was offline. */
export interface SaleTime {
  at: Date;
  replay: boolean;
}

/**
 * The booking time of a checkout: the server's now, unless `sold_at` says the sale was made more than
 * {@link REPLAY_AFTER_MS} ago (a replay), then `sold_at` itself.
 *
 * @throws {HttpProblem} 400 for a `sold_at` ahead of the server's clock; 409 for a replay older than
 *   {@link REPLAY_MAX_AGE_MS}.
 */
export function saleTime(soldAt: string | undefined, now: Date, replayed = false): SaleTime {
  if (soldAt === undefined) return { at: now, replay: false };
  const at = new Date(soldAt);
  const age = now.getTime() - at.getTime();
  if (age < -CLOCK_SKEW_MS) {
    throw HttpProblem.invalidRequest(SYNC_MESSAGES.soldInFuture, [
      { path: 'sold_at', message: SYNC_MESSAGES.soldInFuture },
    ]);
  }
  if (!replayed && age <= REPLAY_AFTER_MS) return { at: now, replay: false };
  // A replay is booked at its own time, but never later than the server's now (a clock a little ahead).
  if (age < 0) return { at: now, replay: true };
  if (age > REPLAY_MAX_AGE_MS) {
    throw HttpProblem.conflict(SYNC_MESSAGES.replayTooOld(REPLAY_MAX_AGE_MS / 3_600_000));
  }
  return { at, replay: true };
}

/**
 * Whether an operation made at `at` (a terminal's `sold_at` or `used_at`) reaches the server as a replay: the
 * terminal says so (`X-Offline-Replay: 1`), or it was made more than {@link REPLAY_AFTER_MS} ago.
 */
export function isReplayed(at: string, now: Date, replayed = false): boolean {
  return replayed || now.getTime() - new Date(at).getTime() > REPLAY_AFTER_MS;
}

/** Whether a request carries `X-Offline-Replay: 1`. */
export function hasReplayHeader(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['x-offline-replay'] === '1';
}

/**
 * Whether a refusal of a checkout is one a manager must see: the checkout is a replay (`sold_at` more than
 * {@link REPLAY_AFTER_MS} before `now`) and the server refused it for good (400, 409, 422), not for a moment (the
 * same key still being worked on: the terminal replays again later).
 */
export function isReplayRefusal(soldAt: string, now: Date, problem: HttpProblem, replayed = false): boolean {
  if (!isReplayed(soldAt, now, replayed)) return false;
  if (problem.message === MESSAGES.requestInProgress) return false;
  return problem.code === 'conflict' || problem.code === 'rule' || problem.code === 'invalid_request';
}
