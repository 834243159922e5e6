import { type RawBuilder, sql } from 'kysely';

/** A portable CHECK expression `column IN ('a', 'b')` for migrations (values are constants of the code). */
export function sqlIn(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
