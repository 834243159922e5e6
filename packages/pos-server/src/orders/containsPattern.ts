import { type RawBuilder, sql } from 'kysely';

/** The escape character of {@link containsPattern} patterns. */
const ESCAPE = '\\';

/** A LIKE pattern matching text that contains `text`, with `%`, `_` and the escape character escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => ESCAPE + match)}%`;
}

/**
 * `lower(column) like lower(pattern) escape '\'`: a case-insensitive "contains" that runs the same on SQLite
 * and PostgreSQL (neither ILIKE nor SQLite's default escape-less LIKE are portable). With `onSqlite`,
 * `column like pattern escape '\'`: SQLite's LIKE ignores the case of ASCII letters, which is all its `lower` folds,
 * so the two agree, and a scan of many rows does not copy each value.
 */
export function containsIgnoringCase(column: string, text: string, onSqlite = false): RawBuilder<boolean> {
  if (onSqlite) return sql<boolean>`${sql.ref(column)} like ${containsPattern(text)} escape ${ESCAPE}`;
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${containsPattern(text)}) escape ${ESCAPE}`;
}
