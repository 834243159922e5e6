import { type RawBuilder, sql } from 'kysely';

/** A portable CHECK expression `column >= min` for migrations. */
export function sqlAtLeast(column: string, min: number): RawBuilder<unknown> {
  return sql`${sql.ref(column)} >= ${sql.lit(min)}`;
}
