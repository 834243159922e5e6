import type { TaxCode } from 'pos-sdk/contract';
import type { Actor } from '../audit';
import { recordAudit } from '../audit';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';

/** Messages of the venue's tax codes (not in the spec). */
export const TAX_MESSAGES = {
  noCode: (code: string) => `No tax code ${code}: add it first with pos tax set`,
  inUse: (code: string, skus: readonly string[]) =>
    `Tax code ${code} is used by ${skus.join(', ')}: give them another code first`,
} as const;

/** The venue's tax codes, by code. */
export async function listTaxCodes(db: Db, store: string): Promise<TaxCode[]> {
  const rows = await db
    .selectFrom('tax_codes')
    .select(['code', 'name', 'rate_bp', 'type'])
    .where('store', '=', store)
    .orderBy('code')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    rate_bp: Number(row.rate_bp),
    type: row.type,
  }));
}

/** 422 'No tax code X' when a catalogue row names a code the venue does not have (null: untaxed). */
export async function requireTaxCode(db: Db, store: string, code: string | null | undefined): Promise<void> {
  if (code === null || code === undefined) return;
  const row = await db
    .selectFrom('tax_codes')
    .select('code')
    .where('store', '=', store)
    .where('code', '=', code)
    .executeTakeFirst();
  if (row === undefined)
    throw HttpProblem.rule(TAX_MESSAGES.noCode(code), [
      { path: 'tax_code', message: TAX_MESSAGES.noCode(code) },
    ]);
}

/**
 * Adds a code or changes one, in the caller's transaction, with its audit entry. A changed rate applies to sales from
 * now on: a sold order keeps the code, rate and tax of each of its lines.
 */
export async function setTaxCode(db: Db, store: string, code: TaxCode, actor: Actor): Promise<TaxCode[]> {
  const at = actor.now.toISOString();
  await db
    .insertInto('tax_codes')
    .values({
      store,
      code: code.code,
      name: code.name,
      rate_bp: code.rate_bp,
      type: code.type,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['store', 'code'])
        .doUpdateSet({ name: code.name, rate_bp: code.rate_bp, type: code.type, updated_at: at }),
    )
    .execute();
  await recordAudit(db, {
    action: 'settings.updated',
    staffId: actor.staffId,
    terminalId: actor.terminalId,
    at: actor.now,
    details: { tax_code: code },
  });
  return listTaxCodes(db, store);
}

/** Removes a code no catalogue variant uses (409 naming the variants that do; 404 for no such code). */
export async function removeTaxCode(db: Db, store: string, code: string, actor: Actor): Promise<TaxCode[]> {
  const used = [
    ...(await db
      .selectFrom('pass_variants')
      .select('sku')
      .where('store', '=', store)
      .where('tax_code', '=', code)
      .execute()),
    ...(await db
      .selectFrom('merch_variants')
      .select('sku')
      .where('store', '=', store)
      .where('tax_code', '=', code)
      .execute()),
  ].map((row) => row.sku);
  if (used.length > 0) throw HttpProblem.conflict(TAX_MESSAGES.inUse(code, used));
  const removed = await db
    .deleteFrom('tax_codes')
    .where('store', '=', store)
    .where('code', '=', code)
    .returning('code')
    .executeTakeFirst();
  if (removed === undefined) throw HttpProblem.notFound(TAX_MESSAGES.noCode(code));
  await recordAudit(db, {
    action: 'settings.updated',
    staffId: actor.staffId,
    terminalId: actor.terminalId,
    at: actor.now,
    details: { tax_code_removed: code },
  });
  return listTaxCodes(db, store);
}
