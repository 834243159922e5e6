import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { containsIgnoringCase, containsPattern } from './containsPattern';

/** The shortest search text a trigram index can answer; shorter texts scan the period's orders. */
export const INDEXED_SEARCH_MIN_CHARS = 3;

/** How a search text is matched: by checking each order of the period, or through the search index. */
export type SearchBy = 'scan' | 'index';

/** How {@link searchCondition} matches a text. */
export interface SearchOptions {
  /** `scan` checks each order of the period; `index` reads the matching orders from the search index. */
  by: SearchBy;
  /**
   * By `index`: the part of the text the index is asked for (see {@link searchKeys}); the orders it gives are then
   * checked against the whole text. Default: the whole text.
   */
  key?: string | undefined;
  /**
   * By `index` on SQLite: the orders the index found for the whole text, when already asked (see
   * {@link probeIndex}); the condition is then on these ids, and the index is not asked again.
   */
  orderIds?: readonly string[] | undefined;
  /**
   * Whether the text is checked against the invoice id too (default true). False only for a text that cannot be part
   * of any invoice id (see {@link couldBeInInvoiceId}): by `scan` checking the invoice costs a lookup per order.
   */
  invoices?: boolean | undefined;
}

/** An FTS5 phrase query matching the text as it is (a trigram phrase is a substring match): `"…"`, quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** How many characters a text has (code points, as a trigram index counts them). */
function lengthOf(text: string): number {
  return [...text].length;
}

/** The length of the short keys {@link searchKeys} cuts from a long run of letters and digits. */
export const SEARCH_KEY_CHARS = 6;

/**
 * The parts of a search text worth asking the index for, in the order to try them. Any part of the text finds every
 * order the whole text finds (and more, checked afterwards), and a short part is often far cheaper to look up: the
 * index reads the orders of each trigram of the key, and some trigrams are in a large share of the emails (`mai` of
 * `gmail` and `hotmail`, `han` of many names), so a short distinctive key such as `an2818` of `deepa.chan2818` is
 * looked up far faster than the whole text, and a whole email is the slowest of all. So: first the ends of the
 * longest three runs of letters and digits (of at least
 * {@link INDEXED_SEARCH_MIN_CHARS} characters): the last {@link SEARCH_KEY_CHARS} characters first when the run ends
 * in a digit (`tan87` of `siti.tan87`: what sets a customer apart), else the first; a run that short as it is. Then
 * the part before an `@`, the runs themselves, and the whole text.
 *
 * @example searchKeys('deepa.chan2818@yahoo.com') // ['an2818', 'chan28', 'deepa', 'yahoo', 'deepa.chan2818', 'chan2818', 'deepa.chan2818@yahoo.com']
 */
export function searchKeys(text: string): string[] {
  const runs = (text.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((run) => lengthOf(run) >= INDEXED_SEARCH_MIN_CHARS)
    .sort((a, b) => lengthOf(b) - lengthOf(a))
    .slice(0, 3);
  const ends = (run: string) => {
    const chars = [...run];
    if (chars.length <= SEARCH_KEY_CHARS) return [run];
    const head = chars.slice(0, SEARCH_KEY_CHARS).join('');
    const tail = chars.slice(-SEARCH_KEY_CHARS).join('');
    return /\p{N}$/u.test(run) ? [tail, head] : [head, tail];
  };
  const local = text.includes('@') ? text.slice(0, text.indexOf('@')) : '';
  const keys = [...runs.flatMap(ends), local, ...runs, text];
  return [...new Set(keys)].filter((key) => lengthOf(key) >= INDEXED_SEARCH_MIN_CHARS);
}

/** Whether a key is a run of letters and digits (see {@link searchKeys}). */
export function isRun(key: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(key);
}

/**
 * Whether `text` could be part of an invoice id of one of these stores, ignoring case. Invoice ids are the store
 * code, a dash and the number (`STORE-000042`, see `formatInvoiceId`), so a text with an `@`, or with letters of no
 * store code, matches customer emails only, and a search need not read each order's invoice. Texts with characters
 * outside ASCII are given the benefit of the doubt (SQLite's `lower` folds ASCII only).
 *
 * @example couldBeInInvoiceId('re-0004', ['STORE']) // true
 * @example couldBeInInvoiceId('muhammad', ['STORE']) // false
 */
export function couldBeInInvoiceId(text: string, storeCodes: readonly string[]): boolean {
  if (/[^\x20-\x7e]/.test(text)) return true;
  const lowered = text.toLowerCase();
  const isNumber = (part: string) => /^\d*$/.test(part);
  if (isNumber(lowered)) return true;
  return storeCodes.some((code) => {
    const head = `${code.toLowerCase()}-`;
    if (head.includes(lowered)) return true;
    // Starts in the store code or its dash and goes on into the number.
    for (let split = 1; split < lowered.length; split += 1) {
      if (head.endsWith(lowered.slice(0, split)) && isNumber(lowered.slice(split))) return true;
    }
    return false;
  });
}

/** What {@link probeIndex} learnt of a key. */
export interface IndexProbe {
  /** How many texts (emails, invoice ids) the index finds the key in, counted up to one more than asked for. */
  found: number;
  /**
   * SQLite, asked `withIds` and `found` within the bound: the orders whose texts contain the whole search text (the
   * index's texts checked against it), so that the page reads them without asking the index again.
   */
  orderIds?: string[];
}

/**
 * Asks the search index how many orders' texts contain `key`, counting no further than `max + 1`.
 *
 * - SQLite: the FTS5 table's matches (an email or an invoice id each), stopping at the limit; `withIds`, the
 *   orders whose text also contains the whole `search` text (checking and gathering them costs more than counting).
 * - PostgreSQL: the planner's estimate of the emails that match (from the statistics of `lower(customer_email)`
 *   that ANALYZE keeps: a bounded count would be planned as a scan that stops at the limit, which reads half the
 *   table for a text that matches a few rows), plus the invoices that match, counted through their trigram index,
 *   when `invoices` is true.
 */
export async function probeIndex(
  db: Db,
  probe: { key: string; search: string; max: number; invoices: boolean; withIds?: boolean },
): Promise<IndexProbe> {
  const { key, search, max, invoices } = probe;
  if (!isPostgres(db)) {
    const matches = db
      .selectFrom('order_search')
      .select([
        'order_search.order_id',
        sql<number>`${containsIgnoringCase('order_search.text', search, true)}`.as('contains'),
      ])
      .where(sql<boolean>`order_search match ${ftsPhrase(key)}`)
      .limit(max + 1);
    if (probe.withIds !== true) {
      const row = await db
        .selectFrom(matches.as('matches'))
        .select((eb) => eb.fn.countAll<number>().as('found'))
        .executeTakeFirstOrThrow();
      return { found: Number(row.found) };
    }
    // One row back: the matches are counted and their ids gathered in SQLite.
    const row = await db
      .selectFrom(matches.as('matches'))
      .select([
        (eb) => eb.fn.countAll<number>().as('found'),
        sql<string>`json_group_array(matches.order_id) filter (where matches.contains)`.as('ids'),
      ])
      .executeTakeFirstOrThrow();
    const found = Number(row.found);
    if (found > max) return { found };
    return { found, orderIds: [...new Set(JSON.parse(row.ids) as string[])] };
  }
  const pattern = sql<string>`lower(${containsPattern(key)})`;
  const [plan] = await db
    .selectFrom('orders')
    .select('orders.id')
    .where(sql<boolean>`lower(orders.customer_email) like ${pattern}`)
    .explain<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>('json');
  const emails = Math.min(max + 1, plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? max + 1);
  if (emails > max || !invoices) return { found: emails };
  const found = db
    .selectFrom('invoices')
    .select('invoices.order_id')
    .where(sql<boolean>`lower(invoices.id) like ${pattern}`)
    .limit(max + 1);
  const row = await db
    .selectFrom(found.as('found'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { found: Math.min(max + 1, emails + Number(row.count)) };
}

/**
 * The condition "the order's invoice id or customer email contains `search`, ignoring case" on `orders` joined
 * to `invoices`.
 *
 * - By `scan`, each order is checked (`like`, see `containsIgnoringCase`): the email in the row, the invoice id
 *   (unless `invoices` is false) on SQLite from the joined row, on PostgreSQL as `orders.id in` the invoices that
 *   match (their trigram index answers that once per statement; a joined `or` made PostgreSQL join every invoice).
 * - By `index` (a text of at least {@link INDEXED_SEARCH_MIN_CHARS} characters), the matching order ids come from
 *   the search index of migration 0013_order_search, asked for `key` and checked against the whole text: on
 *   PostgreSQL the `pg_trgm` GIN indexes of `lower(orders.customer_email)` and `lower(invoices.id)`, on SQLite the
 *   FTS5 trigram table `order_search`; the period and store are then checked on those orders only, so a search
 *   over years of history reads the matches, not the years.
 */
export function searchCondition(db: Db, search: string, options: SearchOptions) {
  return (eb: ExpressionBuilder<Database, 'orders' | 'invoices'>) => {
    if (options.by === 'scan' || lengthOf(search) < INDEXED_SEARCH_MIN_CHARS) {
      const onSqlite = !isPostgres(db);
      const byEmail = containsIgnoringCase('orders.customer_email', search, onSqlite);
      if (options.invoices === false) return byEmail;
      if (onSqlite) return eb.or([containsIgnoringCase('invoices.id', search, true), byEmail]);
      return eb.or([
        byEmail,
        eb(
          'orders.id',
          'in',
          eb
            .selectFrom('invoices as by_invoice')
            .select('by_invoice.order_id')
            .where(containsIgnoringCase('by_invoice.id', search)),
        ),
      ]);
    }
    const key = options.key ?? search;
    if (isPostgres(db)) {
      // PostgreSQL's LIKE escapes with a backslash by default, as containsPattern does. The key (a part of the text)
      // is what the trigram index is asked for; the whole text, when longer, is checked on the rows it gives with
      // `strpos`, which the index cannot answer: as a second LIKE the index would also read the orders of each
      // trigram of a mail domain, which most emails share.
      const contains = (column: string) => {
        const byKey = sql<boolean>`lower(${sql.ref(column)}) like lower(${containsPattern(key)})`;
        return key === search
          ? byKey
          : eb.and([byKey, sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${search})) > 0`]);
      };
      // An email only: a condition on the orders themselves, which the planner can combine with the store and time
      // index (a bitmap of each, intersected) to read only the period's matches.
      if (options.invoices === false) return contains('orders.customer_email');
      return eb(
        'orders.id',
        'in',
        eb
          .selectFrom('orders as by_email')
          .select('by_email.id as order_id')
          .where(contains('by_email.customer_email'))
          .unionAll(
            eb
              .selectFrom('invoices as by_invoice')
              .select('by_invoice.order_id')
              .where(contains('by_invoice.id')),
          ),
      );
    }
    if (options.orderIds !== undefined) {
      return eb(
        'orders.id',
        'in',
        sql<string>`(select value from json_each(${JSON.stringify(options.orderIds)}))`,
      );
    }
    return eb(
      'orders.id',
      'in',
      eb
        .selectFrom('order_search')
        .select('order_search.order_id')
        .where(sql<boolean>`order_search match ${ftsPhrase(key)}`)
        .where(containsIgnoringCase('order_search.text', search, true)),
    );
  };
}
