import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Database } from './Database';
import { staffAndAuth } from './migrations/0001_staff_and_auth';
import { shifts } from './migrations/0002_shifts';
import { catalogue } from './migrations/0003_catalogue';
import { orders } from './migrations/0004_orders';
import { tickets } from './migrations/0005_tickets';
import { idempotencyAndAudit } from './migrations/0006_idempotency_and_audit';
import { membershipRenewals } from './migrations/0007_membership_renewals';

/** Every migration, in order. Names are stored in `kysely_migration`; never rename or reorder them. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_staff_and_auth': staffAndAuth,
  '0002_shifts': shifts,
  '0003_catalogue': catalogue,
  '0004_orders': orders,
  '0005_tickets': tickets,
  '0006_idempotency_and_audit': idempotencyAndAudit,
  '0007_membership_renewals': membershipRenewals,
};

/** The in-code migration provider (no migration files to ship next to the bundle). */
const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/**
 * Brings the database schema up to date (each migration runs once, in a transaction where the engine allows).
 *
 * @returns the names of the migrations applied now (empty when already up to date).
 * @throws the migration's error when one fails (earlier ones stay applied).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // On PostgreSQL, Kysely looks for its migration tables in every schema of the database unless told which one:
  // pin them to the schema in use (search_path), so two schemas (e.g. two venues, or parallel tests) never mix.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
