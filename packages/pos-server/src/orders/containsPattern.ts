import { type RawBuilder, sql } from 'kysely';

/** The escape character of {@link containsPattern} patterns. */
const ESCAPE = '\\';

/** A LIKE pattern matching text that contains `text`, with `%`, `_` and the escape character escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => ESCAPE + match)}%`;
}

/**
 * `lower(column) like lower(pattern) escape '\'`: a case-insensitive "contains" that runs the same on SQLite
 * and PostgreSQL (neither ILIKE nor SQLite's default escape-less LIKE are portable).
 */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${containsPattern(text)}) escape ${ESCAPE}`;
}
