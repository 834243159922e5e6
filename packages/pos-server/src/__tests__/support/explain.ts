import { type CompiledQuery, sql } from 'kysely';
import type { TestApp } from './testApp';

/** The EXPLAIN text of a compiled query on the app's engine (PostgreSQL: with sequential scans forbidden). */
export async function explain(t: TestApp, compiled: CompiledQuery): Promise<string> {
  if (t.engine === 'postgres') {
    // A test table is tiny, so the planner would rightly scan it: forbid the scan to see that the index can answer.
    return t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `explain ${compiled.sql}`,
      });
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }
  const { rows } = await t.db.executeQuery<{ detail: string }>({
    ...compiled,
    sql: `explain query plan ${compiled.sql}`,
  });
  return rows.map((row) => row.detail).join('\n');
}
