import type { Kysely } from 'kysely';

/**
 * The optional fee of a membership hold, sold as a cart line.
 *
 * - `venue_settings.hold_fee_sku`: the SKU of the catalogue's merchandise variant that is the fee ('' , the default:
 *   holds cost nothing). The venue prices it in the catalogue, so tax applies to it as to any line.
 * - `membership_holds.fee_order`: the paid order that carried the fee (null for a hold without one). Unique: one
 *   order pays for one hold, even when two holds name it at the same moment.
 */
export const holdFee = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('venue_settings')
      .addColumn('hold_fee_sku', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('membership_holds').addColumn('fee_order', 'text').execute();
    await db.schema
      .createIndex('membership_holds_fee_order')
      .unique()
      .on('membership_holds')
      .column('fee_order')
      .execute();
  },
};
