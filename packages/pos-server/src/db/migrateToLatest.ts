import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Database } from './Database';
import { whenDurable } from './groupCommit';
import { staffAndAuth } from './migrations/0001_staff_and_auth';
import { shifts } from './migrations/0002_shifts';
import { catalogue } from './migrations/0003_catalogue';
import { orders } from './migrations/0004_orders';
import { tickets } from './migrations/0005_tickets';
import { idempotencyAndAudit } from './migrations/0006_idempotency_and_audit';
import { membershipRenewals } from './migrations/0007_membership_renewals';
import { facePhotoFiles } from './migrations/0008_face_photo_files';
import { terminalBoundTokens } from './migrations/0009_terminal_bound_tokens';
import { backOffice } from './migrations/0010_back_office';
import { mailOutbox } from './migrations/0011_mail_outbox';
import { catalogueVersion } from './migrations/0012_catalogue_version';
import { orderSearch } from './migrations/0013_order_search';
import { offline } from './migrations/0014_offline';
import { orderExport } from './migrations/0015_order_export';
import { catalogueVersionSearchPath } from './migrations/0016_catalogue_version_search_path';
import { membershipEntriesPerDay } from './migrations/0017_membership_entries_per_day';
import { approveDiscounts } from './migrations/0018_approve_discounts';
import { terminalPairing } from './migrations/0019_terminal_pairing';
import { membershipHolds } from './migrations/0020_membership_holds';
import { stock } from './migrations/0021_stock';
import { tax } from './migrations/0022_tax';
import { undoEntry } from './migrations/0023_undo_entry';
import { kioskTokens } from './migrations/0024_kiosk_tokens';
import { refundLines } from './migrations/0025_refund_lines';
import { shiftCount } from './migrations/0026_shift_count';
import { salesRollup } from './migrations/0027_sales_rollup';
import { mailOutboxCreated } from './migrations/0028_mail_outbox_created';
import { orderTax } from './migrations/0029_order_tax';
import { holdFee } from './migrations/0030_hold_fee';
import { einvoiceDocuments } from './migrations/0031_einvoice_documents';
import { orderTaxExport } from './migrations/0032_order_tax_export';
import { salesTaxRollup } from './migrations/0033_sales_tax_rollup';
import { einvoiceIdentity } from './migrations/0034_einvoice_identity';
import { einvoiceBuyers } from './migrations/0035_einvoice_buyers';
import { einvoiceDocumentOrders } from './migrations/0036_einvoice_document_orders';
import { productNetOfTax } from './migrations/0037_product_net_of_tax';

/** Every migration, in order. Names are stored in `kysely_migration`; never rename or reorder them. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_staff_and_auth': staffAndAuth,
  '0002_shifts': shifts,
  '0003_catalogue': catalogue,
  '0004_orders': orders,
  '0005_tickets': tickets,
  '0006_idempotency_and_audit': idempotencyAndAudit,
  '0007_membership_renewals': membershipRenewals,
  '0008_face_photo_files': facePhotoFiles,
  '0009_terminal_bound_tokens': terminalBoundTokens,
  '0010_back_office': backOffice,
  '0011_mail_outbox': mailOutbox,
  '0012_catalogue_version': catalogueVersion,
  '0013_order_search': orderSearch,
  '0014_offline': offline,
  '0015_order_export': orderExport,
  '0016_catalogue_version_search_path': catalogueVersionSearchPath,
  '0017_membership_entries_per_day': membershipEntriesPerDay,
  '0018_approve_discounts': approveDiscounts,
  '0019_terminal_pairing': terminalPairing,
  '0020_membership_holds': membershipHolds,
  '0021_stock': stock,
  '0022_tax': tax,
  '0023_undo_entry': undoEntry,
  '0024_kiosk_tokens': kioskTokens,
  '0025_refund_lines': refundLines,
  '0026_shift_count': shiftCount,
  '0027_sales_rollup': salesRollup,
  '0028_mail_outbox_created': mailOutboxCreated,
  '0029_order_tax': orderTax,
  '0030_hold_fee': holdFee,
  '0031_einvoice_documents': einvoiceDocuments,
  '0032_order_tax_export': orderTaxExport,
  '0033_sales_tax_rollup': salesTaxRollup,
  '0034_einvoice_identity': einvoiceIdentity,
  '0035_einvoice_buyers': einvoiceBuyers,
  '0036_einvoice_document_orders': einvoiceDocumentOrders,
  '0037_product_net_of_tax': productNetOfTax,
};

/** The in-code migration provider (no migration files to ship next to the bundle). */
const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/** Options of {@link migrateToLatest}. */
export interface MigrateOptions {
  /**
   * PostgreSQL only: the schema that holds the tables and Kysely's `kysely_migration` / `kysely_migration_lock`
   * (default: the connection's current schema, the first existing one of its `search_path`).
   */
  schema?: string;
}

/**
 * The schema the migrations run in on PostgreSQL (the given one, else the current schema); undefined on SQLite.
 *
 * @throws {Error} when no schema of the connection's `search_path` exists.
 */
async function migrationSchema(
  db: Kysely<Database>,
  schema: string | undefined,
): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  if (schema !== undefined) return schema;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const current = rows[0]?.schema ?? null;
  if (current === null) {
    throw new Error('PostgreSQL: no schema of the search_path exists; create it before migrating');
  }
  return current;
}

/**
 * Whether every migration of {@link MIGRATIONS}, and no other, is recorded in `kysely_migration` (in `schema` on
 * PostgreSQL): one read of that table, where Kysely's migrator would create its tables if missing, take its lock
 * and, on PostgreSQL, read the catalogue of every schema of the database (0.6 s on a large one) to learn that
 * nothing is to do. Any other answer (no table, a migration missing, one unknown to this code) is left to the
 * migrator.
 */
async function isUpToDate(db: Kysely<Database>, schema: string | undefined): Promise<boolean> {
  const exists =
    schema === undefined
      ? sql<{
          found: number;
        }>`select 1 as found from sqlite_master where type = 'table' and name = 'kysely_migration'`
      : sql<{ found: number }>`select 1 as found from pg_catalog.pg_tables
          where schemaname = ${schema} and tablename = 'kysely_migration'`;
  if ((await exists.execute(db)).rows.length === 0) return false;
  const table = schema === undefined ? sql.id('kysely_migration') : sql.id(schema, 'kysely_migration');
  const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  const expected = Object.keys(MIGRATIONS);
  return applied.size === expected.length && expected.every((name) => applied.has(name));
}

/**
 * Brings the database schema up to date (each migration runs once, in a transaction where the engine allows).
 *
 * @returns the names of the migrations applied now (empty when already up to date).
 * @throws the migration's error when one fails (earlier ones stay applied).
 */
export async function migrateToLatest(db: Kysely<Database>, options: MigrateOptions = {}): Promise<string[]> {
  // On PostgreSQL, Kysely looks for its migration tables in every schema of the database unless told which one
  // (and then queries them unqualified): pin them to the schema in use, so two schemas (e.g. two venues, or
  // parallel test runs) never mix and a table of another schema is never mistaken for ours.
  const schema = await migrationSchema(db, options.schema);
  // A server starting on an up-to-date database (every start but the first after an upgrade) reads one table.
  if (await isUpToDate(db, schema)) return [];
  const migrator = new Migrator({
    db,
    provider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
  await whenDurable(); // SQLite: the migrations' last batch is committed (groupCommit.ts) before they count as applied
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
