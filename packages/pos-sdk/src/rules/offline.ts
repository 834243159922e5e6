import type { OfflinePolicy } from '../contract/offline';
import { addSen, compareSen, fromRinggit, type Sen } from '../money';
import { isMembership, isRenewal, type RuleCartItem } from './cartItem';
import { type Instant, timeOf } from './instant';
import { OFFLINE_MESSAGES } from './offlineMessages';
import { RULE_CODES, type RuleResult } from './result';

/** What a terminal may still sell offline: the server's policy and what is already waiting. */
export interface OfflineAllowance {
  /** The policy of the last offline_prepare; null when the terminal never reached the server. */
  readonly policy: OfflinePolicy | null;
  /** The last answer from the server (on the server's clock). */
  readonly lastContactAt: Instant | null;
  /** Sales waiting to sync, and what they took. */
  readonly waitingSales: number;
  readonly waitingAmount: Sen;
  /** Reserved ticket ids not used yet. */
  readonly freeTicketIds: number;
}

const refuse = (
  code: typeof RULE_CODES.offline_not_allowed | typeof RULE_CODES.offline_limit,
  message: string,
) => ({ ok: false, code, message }) as const;

/** How many tickets a cart's pass lines issue (one per unit), and so how many reserved ids an offline sale needs. */
export function passUnits(items: readonly Pick<RuleCartItem, 'type' | 'quantity'>[]): number {
  return items.reduce((count, item) => count + (item.type === 'PASS' ? item.quantity : 0), 0);
}

/**
 * Whether a cart may be sold while the server cannot be reached (docs/offline.md): passes (not memberships or
 * renewals) and merchandise without discounts (an approval needs the server), within the server's policy: no
 * longer than `max_offline_minutes` after the last answer, at most `max_offline_sales` waiting and
 * `max_offline_amount` in all, and a reserved ticket id for every pass unit.
 */
export function checkOfflineSale(
  items: readonly RuleCartItem[],
  subtotal: Sen,
  allowance: OfflineAllowance,
  now: Instant,
): RuleResult<undefined> {
  const { policy } = allowance;
  if (policy === null || allowance.lastContactAt === null) {
    return refuse(RULE_CODES.offline_not_allowed, OFFLINE_MESSAGES.notPrepared);
  }
  if (items.some((item) => isMembership(item) || isRenewal(item))) {
    return refuse(RULE_CODES.offline_not_allowed, OFFLINE_MESSAGES.membershipNeedsServer);
  }
  if (items.some((item) => item.discount != null)) {
    return refuse(RULE_CODES.offline_not_allowed, OFFLINE_MESSAGES.discountNeedsServer);
  }
  const offlineMs = timeOf(now) - timeOf(allowance.lastContactAt);
  if (offlineMs > policy.max_offline_minutes * 60_000) {
    return refuse(RULE_CODES.offline_limit, OFFLINE_MESSAGES.tooLong(policy.max_offline_minutes));
  }
  if (allowance.waitingSales + 1 > policy.max_offline_sales) {
    return refuse(RULE_CODES.offline_limit, OFFLINE_MESSAGES.tooMany(allowance.waitingSales));
  }
  const limit = fromRinggit(policy.max_offline_amount);
  if (compareSen(addSen(allowance.waitingAmount, subtotal), limit) > 0) {
    return refuse(RULE_CODES.offline_limit, OFFLINE_MESSAGES.tooMuch(limit));
  }
  if (passUnits(items) > allowance.freeTicketIds) {
    return refuse(RULE_CODES.offline_limit, OFFLINE_MESSAGES.noTicketIds);
  }
  return { ok: true, value: undefined };
}
