import type { Db } from '../db/Database';
import { newOfflineTicketId } from '../tickets';

/** How many unused ticket ids a terminal holds for its offline sales (topped up by each offline_prepare). */
export const OFFLINE_TICKET_IDS = 100;

/**
 * The ticket ids reserved for a terminal and not used by a sale yet, topped up to `count`: new ids (`TZ…`, see
 * `newOfflineTicketId`) are inserted into `offline_ticket_ids`, whose primary key keeps every reserved id unique.
 *
 * @returns the unused ids, oldest reservation first.
 */
export async function reserveTicketIds(
  db: Db,
  options: { terminalId: string; now: Date; count?: number },
): Promise<string[]> {
  const count = options.count ?? OFFLINE_TICKET_IDS;
  const unused = async () =>
    (
      await db
        .selectFrom('offline_ticket_ids')
        .select('id')
        .where('terminal_id', '=', options.terminalId)
        .where('order_id', 'is', null)
        .orderBy('reserved_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
  let ids = await unused();
  // A clash with an id reserved before (one in 10^13) only means one id fewer this round: try again.
  for (let round = 0; ids.length < count && round < 3; round++) {
    const wanted = count - ids.length;
    await db
      .insertInto('offline_ticket_ids')
      .values(
        Array.from({ length: wanted }, () => ({
          id: newOfflineTicketId(),
          terminal_id: options.terminalId,
          reserved_at: options.now.toISOString(),
          order_id: null,
        })),
      )
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    ids = await unused();
  }
  return ids;
}

/**
 * Marks reserved ids used by an order, all or none: each must be reserved for this terminal and not used yet.
 *
 * @returns whether every id was taken.
 */
export async function useReservedTicketIds(
  db: Db,
  options: { terminalId: string; orderId: string; ids: readonly string[] },
): Promise<boolean> {
  if (options.ids.length === 0) return true;
  const taken = await db
    .updateTable('offline_ticket_ids')
    .set({ order_id: options.orderId })
    .where('terminal_id', '=', options.terminalId)
    .where('order_id', 'is', null)
    .where('id', 'in', options.ids)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === new Set(options.ids).size;
}
