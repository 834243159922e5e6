import { type ExpressionBuilder, PostgresAdapter, sql } from 'kysely';
import type { Database, Db } from '../db/Database';
import { containsIgnoringCase, containsPattern } from './containsPattern';

/** The shortest search text a trigram index can answer; shorter texts scan the period's orders. */
export const INDEXED_SEARCH_MIN_CHARS = 3;

/** How a search text is matched: by checking each order of the period, or through the search index. */
export type SearchBy = 'scan' | 'index';

/** Whether the database is PostgreSQL (else SQLite). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An FTS5 phrase query matching the text as it is (a trigram phrase is a substring match): `"…"`, quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The condition "the order's invoice id or customer email contains `search`, ignoring case" on `orders` joined
 * to `invoices`. By `scan`, each order is checked (`lower(column) like`); by `index` (a text of at least
 * {@link INDEXED_SEARCH_MIN_CHARS} characters), the matching order ids come from the search index of migration
 * 0013_order_search: on PostgreSQL the `pg_trgm` GIN indexes of `lower(orders.customer_email)` and
 * `lower(invoices.id)`, on SQLite the FTS5 trigram table `order_search`; the period and store are then checked on
 * those orders only, so a search over years of history reads the matches, not the years.
 */
export function searchCondition(db: Db, search: string, by: SearchBy) {
  return (eb: ExpressionBuilder<Database, 'orders' | 'invoices'>) => {
    if (by === 'scan' || [...search].length < INDEXED_SEARCH_MIN_CHARS) {
      return eb.or([
        containsIgnoringCase('invoices.id', search),
        containsIgnoringCase('orders.customer_email', search),
      ]);
    }
    if (isPostgres(db)) {
      // PostgreSQL's LIKE escapes with a backslash by default, as containsPattern does.
      const pattern = sql<string>`lower(${containsPattern(search)})`;
      return eb(
        'orders.id',
        'in',
        eb
          .selectFrom('orders as by_email')
          .select('by_email.id as order_id')
          .where(sql<boolean>`lower(by_email.customer_email) like ${pattern}`)
          .unionAll(
            eb
              .selectFrom('invoices as by_invoice')
              .select('by_invoice.order_id')
              .where(sql<boolean>`lower(by_invoice.id) like ${pattern}`),
          ),
      );
    }
    return eb(
      'orders.id',
      'in',
      eb
        .selectFrom('order_search')
        .select('order_search.order_id')
        .where(sql<boolean>`order_search match ${ftsPhrase(search)}`),
    );
  };
}
