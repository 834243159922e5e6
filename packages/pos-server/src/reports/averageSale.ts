import { type Sen, sen, ZERO } from 'pos-sdk/money';

/**
 * The average sale: `net` / `orders`, rounded half up (away from zero) to the sen with integer arithmetic only; 0
 * without orders.
 *
 * @example averageSale(sen(1000), 3) // 333 sen; averageSale(sen(1001), 2) // 501 sen (500.5 rounded up)
 */
export function averageSale(net: Sen, orders: number): Sen {
  if (orders <= 0) return ZERO;
  const divisor = BigInt(orders);
  const negative = net < 0;
  const magnitude = BigInt(negative ? -net : net);
  // Half up: add half the divisor before the truncating division (as `percentOf`).
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return sen(Number(negative ? -rounded : rounded));
}
