import type { Db, OrderRow } from '../db/Database';

/** Orders per page of the export: one query each, so memory stays constant whatever the period. */
export const EXPORT_PAGE_SIZE = 200;

/**
 * The orders of an origin in a period (`from` inclusive, `to` exclusive), oldest first, page by page with keyset
 * pagination on (created_at, id): each page starts after the last row of the previous one, so no page is read
 * twice or skipped even while new orders arrive, and no OFFSET scan grows with the period.
 */
export async function* orderPages(
  db: Db,
  filter: { origin: string; from: Date; to: Date; pageSize?: number },
): AsyncGenerator<OrderRow[]> {
  const pageSize = filter.pageSize ?? EXPORT_PAGE_SIZE;
  let after: { at: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('orders')
      .selectAll()
      .where('store', '=', filter.origin)
      .where('created_at', '>=', filter.from.toISOString())
      .where('created_at', '<', filter.to.toISOString());
    if (after !== undefined) {
      const last = after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', last.at),
          eb.and([eb('created_at', '=', last.at), eb('id', '>', last.id)]),
        ]),
      );
    }
    const page = await query.orderBy('created_at').orderBy('id').limit(pageSize).execute();
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (last === undefined || page.length < pageSize) return;
    after = { at: last.created_at, id: last.id };
  }
}
