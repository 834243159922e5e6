/**
 * Rows grouped by a key, each group in the order of `rows` (to join a batch query's rows to their parents in memory).
 *
 * @example groupBy(tenders, (tender) => tender.order_id).get(orderId) // that order's tenders, or undefined
 */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list === undefined) groups.set(key(row), [row]);
    else list.push(row);
  }
  return groups;
}
