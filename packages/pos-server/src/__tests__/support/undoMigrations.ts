import { sql } from 'kysely';
import { ORDER_EXPORT_COLUMNS, ORDER_EXPORT_TRIGGER_SUFFIX } from '../../db/migrations/0015_order_export';
import {
  AMOUNT_LESS_REFUNDS,
  recountLineMoney,
  SALES_ROLLUP_SOURCES,
  SALES_ROLLUP_TRIGGER_SUFFIX,
} from '../../db/migrations/0027_sales_rollup';
import { ORDER_TAX_COLUMNS, ORDER_TAX_TRIGGERS } from '../../db/migrations/0029_order_tax';
import {
  ORDER_TAX_EXPORT_FUNCTION,
  ORDER_TAX_EXPORT_TRIGGERS,
} from '../../db/migrations/0032_order_tax_export';
import {
  SALES_TAX_ROLLUP_FUNCTIONS,
  SALES_TAX_ROLLUP_TRIGGERS,
} from '../../db/migrations/0033_sales_tax_rollup';
import type { TestApp } from './testApp';

/** The tables whose rows migration 0015's triggers copy onto their order. */
const EXPORT_SOURCES = ['invoices', 'order_items', 'tenders'];

/** The migrations after 0016, which {@link undoOrderExport} undoes as well (Kysely runs migrations in order only). */
export const MIGRATIONS_AFTER_0016 = [
  '0017_membership_entries_per_day',
  '0018_approve_discounts',
  '0019_terminal_pairing',
  '0020_membership_holds',
  '0021_stock',
  '0022_tax',
  '0023_undo_entry',
  '0024_kiosk_tokens',
  '0025_refund_lines',
  '0026_shift_count',
  '0027_sales_rollup',
  '0028_mail_outbox_created',
  '0029_order_tax',
  '0030_hold_fee',
  '0031_einvoice_documents',
  '0032_order_tax_export',
  '0033_sales_tax_rollup',
  '0034_einvoice_identity',
  '0035_einvoice_buyers',
  '0036_einvoice_document_orders',
  '0037_product_net_of_tax',
] as const;

/**
 * Undoes the migrations after 0016 and forgets they ran (they add columns and a table no earlier one reads), so a test
 * that forgot an earlier one can migrate again: Kysely runs migrations in order only. Call it just before migrating:
 * the app's sales write the later columns.
 */
export async function undoMigrationsAfter0016(t: TestApp): Promise<void> {
  // 0037: the roll-up's triggers count a line's money as 0027 did (they read 0029's columns no more).
  await recountLineMoney(t.db as never, AMOUNT_LESS_REFUNDS);
  await sql`drop table einvoice_document_orders`.execute(t.db);
  await sql`drop table einvoice_request_keys`.execute(t.db);
  await sql`drop table einvoice_buyers`.execute(t.db);
  await sql`drop table einvoice_settings`.execute(t.db);
  await undoSalesTaxRollup(t);
  await undoOrderTaxExport(t);
  await sql`drop table einvoice_documents`.execute(t.db);
  await sql`drop index membership_holds_fee_order`.execute(t.db);
  await sql`alter table membership_holds drop column fee_order`.execute(t.db);
  await sql`alter table venue_settings drop column hold_fee_sku`.execute(t.db);
  await undoOrderTax(t);
  await sql`drop index mail_outbox_created`.execute(t.db);
  await undoSalesRollup(t);
  for (const column of ['variance_alert', 'blind_count']) {
    await sql`alter table venue_settings drop column ${sql.id(column)}`.execute(t.db);
  }
  await sql`drop table kiosk_tokens`.execute(t.db);
  for (const [table, column] of [
    ['ticket_uses', 'annulled_at'],
    ['ticket_uses', 'annulled_by'],
    ['venue_settings', 'entry_undo_seconds'],
  ] as const) {
    await sql`alter table ${sql.table(table)} drop column ${sql.id(column)}`.execute(t.db);
  }
  await sql`drop table tax_codes`.execute(t.db);
  for (const [table, column] of [
    ['pass_variants', 'tax_code'],
    ['merch_variants', 'tax_code'],
    ['venue_settings', 'prices_include_tax'],
    ['venue_settings', 'sst_registration_no'],
  ] as const) {
    await sql`alter table ${sql.table(table)} drop column ${sql.id(column)}`.execute(t.db);
  }
  await sql`drop table stock_movements`.execute(t.db);
  await sql`drop table stock_levels`.execute(t.db);
  await sql`alter table venue_settings drop column stock_below_zero`.execute(t.db);
  await sql`drop table membership_holds`.execute(t.db);
  for (const [table, column] of [
    ['tickets', 'hold_from'],
    ['tickets', 'hold_to'],
    ['venue_settings', 'hold_min_days'],
    ['venue_settings', 'hold_max_days'],
    ['staff', 'hold_memberships'],
  ] as const) {
    await sql`alter table ${sql.table(table)} drop column ${sql.id(column)}`.execute(t.db);
  }
  for (const table of ['order_refund_tenders', 'order_refund_lines', 'order_refunds']) {
    await sql`drop table ${sql.table(table)}`.execute(t.db);
  }
  await sql`alter table orders drop column refunded_sen`.execute(t.db);
  for (const column of ['refunded_quantity', 'refunded_sen']) {
    await sql`alter table order_items drop column ${sql.id(column)}`.execute(t.db);
  }
  await sql`drop table terminal_pairing_codes`.execute(t.db);
  await sql`alter table staff drop column approve_discounts`.execute(t.db);
  for (const table of ['pass_variants', 'tickets']) {
    await sql`alter table ${sql.table(table)} drop column entries_per_day`.execute(t.db);
  }
  await t.db
    .deleteFrom('kysely_migration' as never)
    .where('name' as never, 'in', [...MIGRATIONS_AFTER_0016] as never)
    .execute();
}

/**
 * Undoes migration 0015 (the export's columns of `orders` and their triggers) and forgets it ran, so that a test can
 * run it on orders written before it; forgets 0016 too (Kysely runs migrations in order only; running it again
 * changes nothing); undo the ones after it with {@link undoMigrationsAfter0016} before migrating again.
 */
export async function undoOrderExport(t: TestApp): Promise<void> {
  for (const table of EXPORT_SOURCES) {
    if (t.engine === 'postgres') {
      const name = `${table}${ORDER_EXPORT_TRIGGER_SUFFIX}`;
      await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(t.db);
      await sql`drop function ${sql.id(name)}()`.execute(t.db);
    } else {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.id(`${table}_${event}${ORDER_EXPORT_TRIGGER_SUFFIX}`)}`.execute(t.db);
      }
    }
  }
  for (const column of ORDER_EXPORT_COLUMNS) {
    await sql`alter table orders drop column ${sql.id(column)}`.execute(t.db);
  }
  await t.db
    .deleteFrom('kysely_migration' as never)
    .where('name' as never, 'in', ['0015_order_export', '0016_catalogue_version_search_path'] as never)
    .execute();
}

/**
 * Undoes migration 0027 (the sales summary's roll-up, its triggers, the shifts' expected takings) without forgetting
 * it ran: {@link undoMigrationsAfter0016} forgets it. First of all, as its triggers read columns of 0020 and 0025.
 */
async function undoSalesRollup(t: TestApp): Promise<void> {
  if (t.engine === 'postgres') {
    for (const table of [...SALES_ROLLUP_SOURCES, 'order_refunds']) {
      const name = `${table}${SALES_ROLLUP_TRIGGER_SUFFIX}`;
      await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table)}`.execute(t.db);
      await sql`drop trigger if exists ${sql.id(`${name}_update`)} on ${sql.table(table)}`.execute(t.db);
      await sql`drop function ${sql.id(name)}()`.execute(t.db);
    }
  } else {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'trigger' and name like ${`%${SALES_ROLLUP_TRIGGER_SUFFIX}`}`.execute(t.db);
    for (const { name } of rows) await sql`drop trigger ${sql.id(name)}`.execute(t.db);
  }
  await sql`drop table sales_hour_products`.execute(t.db);
  await sql`drop table sales_hours`.execute(t.db);
  await sql`drop index shifts_store_opened`.execute(t.db);
  for (const method of ['cash', 'card', 'ewallet']) {
    await sql`alter table shifts drop column ${sql.id(`expected_${method}_sen`)}`.execute(t.db);
  }
}

/** Undoes migration 0029 (the tax sold with each order, and its catalogue-version triggers). */
async function undoOrderTax(t: TestApp): Promise<void> {
  for (const table of ORDER_TAX_TRIGGERS) {
    if (t.engine === 'postgres') {
      await sql`drop trigger ${sql.id(`${table}_bumps_catalogue_version`)} on ${sql.table(table)}`.execute(
        t.db,
      );
    } else {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.id(`${table}_${event}_bumps_catalogue_version`)}`.execute(t.db);
      }
    }
  }
  for (const [table, column] of ORDER_TAX_COLUMNS) {
    await sql`alter table ${sql.table(table)} drop column ${sql.id(column)}`.execute(t.db);
  }
}

/** Drops triggers by name (PostgreSQL: on their table) and PostgreSQL's functions behind them. */
async function dropTriggers(
  t: TestApp,
  triggers: readonly (readonly [table: string, name: string])[],
  functions: readonly string[],
): Promise<void> {
  for (const [table, name] of triggers) {
    if (t.engine === 'postgres') await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(t.db);
    else await sql`drop trigger ${sql.id(name)}`.execute(t.db);
  }
  if (t.engine === 'postgres') {
    for (const name of functions) await sql`drop function ${sql.id(name)}()`.execute(t.db);
  }
}

/** Undoes migration 0032 (the export's copy of each order's tax per code, and its triggers). */
async function undoOrderTaxExport(t: TestApp): Promise<void> {
  await dropTriggers(
    t,
    ORDER_TAX_EXPORT_TRIGGERS.map((name) => ['order_items', name] as const),
    [ORDER_TAX_EXPORT_FUNCTION],
  );
  await sql`alter table orders drop column tax_json`.execute(t.db);
}

/** Undoes migration 0033 (the tax collected per hour and code, and its triggers). */
async function undoSalesTaxRollup(t: TestApp): Promise<void> {
  await dropTriggers(
    t,
    SALES_TAX_ROLLUP_TRIGGERS.map(
      (name) => [name.startsWith('orders_') ? 'orders' : 'order_items', name] as const,
    ),
    SALES_TAX_ROLLUP_FUNCTIONS.map(([, name]) => name),
  );
  await sql`drop table sales_hour_taxes`.execute(t.db);
}
