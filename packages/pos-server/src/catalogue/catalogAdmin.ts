import { randomUUID } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import type {
  CatalogEditRequest,
  CatalogImportChange,
  CatalogImportResponse,
  CatalogList,
  CatalogRow,
} from 'pos-sdk/contract';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, sen, toRinggit } from 'pos-sdk/money';
import { skuKey } from 'pos-sdk/rules';
import type { Actor } from '../audit';
import { recordAudit } from '../audit';
import { lockName } from '../db/advisoryLock';
import type { Db, MerchVariantsTable, PassVariantsTable } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { HttpProblem } from '../http/HttpProblem';
import { requireTaxCode } from '../tax';
import { parseCatalogFile } from './catalogFile';

type ProductType = CatalogRow['type'];
/** The changes of an edit, as the contract validated them (plus `active`, which an import may change). */
type Changes = NonNullable<CatalogEditRequest['changes']> & { active?: boolean };

/**
 * The whole catalogue of a store, retired rows too, in catalogue order (passes, then merchandise): one flat row per
 * variant, with its product's name (and category), as the back office and the catalogue file show it.
 */
export async function listCatalog(db: Db, store: string): Promise<CatalogList> {
  const passes = await db
    .selectFrom('pass_variants')
    .innerJoin('pass_products', 'pass_products.id', 'pass_variants.product_id')
    .select([
      'pass_variants.id',
      'pass_variants.sku',
      'pass_variants.variant_group',
      'pass_variants.min_qty',
      'pass_variants.usage_limit',
      'pass_variants.entries_per_day',
      'pass_variants.duration_value',
      'pass_variants.duration_unit',
      'pass_variants.active',
      'pass_variants.tax_code',
      'pass_products.name',
      'pass_products.category',
    ])
    .select((eb) =>
      eb
        .selectFrom('pass_prices')
        .select('pass_prices.value_sen')
        .whereRef('pass_prices.variant_id', '=', 'pass_variants.id')
        .orderBy('pass_prices.position')
        .limit(1)
        .as('price_sen'),
    )
    .where('pass_variants.store', '=', store)
    .orderBy('pass_products.position')
    .orderBy('pass_products.name')
    .orderBy('pass_variants.position')
    .orderBy('pass_variants.sku')
    .execute();
  const merchandise = await db
    .selectFrom('merch_variants')
    .innerJoin('merchandise', 'merchandise.id', 'merch_variants.product_id')
    .select([
      'merch_variants.sku',
      'merch_variants.size',
      'merch_variants.price_sen',
      'merch_variants.barcode',
      'merch_variants.active',
      'merch_variants.tax_code',
      'merchandise.name',
    ])
    .where('merch_variants.store', '=', store)
    .orderBy('merchandise.position')
    .orderBy('merchandise.name')
    .orderBy('merch_variants.position')
    .orderBy('merch_variants.sku')
    .execute();
  const passProducts = await db
    .selectFrom('pass_products')
    .select(['name', 'active'])
    .where('store', '=', store)
    .orderBy('position')
    .orderBy('name')
    .execute();
  const merchProducts = await db
    .selectFrom('merchandise')
    .select(['name', 'active'])
    .where('store', '=', store)
    .orderBy('position')
    .orderBy('name')
    .execute();
  return {
    items: [
      ...passes.map(
        (row): CatalogRow => ({
          type: 'PASS',
          sku: row.sku,
          product: row.name,
          category: row.category,
          group: row.variant_group,
          price: toRinggit(sen(Number(row.price_sen ?? 0))),
          min_qty: row.min_qty,
          usage_limit: row.usage_limit,
          entries_per_day: row.entries_per_day,
          duration: { value: row.duration_value, unit: row.duration_unit as 'Day' },
          active: row.active === 1,
          tax_code: row.tax_code,
        }),
      ),
      ...merchandise.map(
        (row): CatalogRow => ({
          type: 'MERCHANDISE',
          sku: row.sku,
          product: row.name,
          size: row.size,
          price: toRinggit(sen(row.price_sen)),
          barcode: row.barcode,
          active: row.active === 1,
          tax_code: row.tax_code,
        }),
      ),
    ],
    products: [
      ...passProducts.map((row) => ({ type: 'PASS' as const, name: row.name, active: row.active === 1 })),
      ...merchProducts.map((row) => ({
        type: 'MERCHANDISE' as const,
        name: row.name,
        active: row.active === 1,
      })),
    ],
  };
}

/**
 * On PostgreSQL, waits for and takes a transaction-scoped advisory lock on a catalogue name (`kind` `sku` or
 * `product`) of a store, held until the transaction ends; nothing on SQLite (it runs one write transaction at a time).
 *
 * Why: a SKU, and a product name, is unique in a store across passes and merchandise, but each table has its own
 * unique key only, so the check for "taken in either table" is a read followed by an insert into one table. Under
 * READ COMMITTED two transactions adding one new SKU (or product name) at once, one a pass and one merchandise, both
 * read "free" (neither sees the other's uncommitted row) and both insert: the SKU became both types. Taken before
 * the check, the lock makes the second wait until the first commits (or rolls back); its check then is a new
 * statement and sees the first one's row, so it answers the usual refusal (see {@link lockName}).
 */
async function lockCatalogueName(
  db: Db,
  kind: 'sku' | 'product',
  store: string,
  name: string,
): Promise<void> {
  await lockName(db, ['catalogue', kind, store, name]);
}

/**
 * Where a SKU stands in a store: a pass variant, a merchandise variant, or nowhere, with the SKU as stored. SKUs
 * compare without regard to case (a scanner's or a typist's `grip-m` is `GRIP-M`, and a file's SKUs are checked
 * the same way): the variant stored exactly so wins, else the one that differs only in case. With `lock`, on
 * PostgreSQL the variant row found is locked `FOR UPDATE` until the transaction ends (SQLite has no row locks: it
 * runs one write transaction at a time).
 */
async function findSku(
  db: Db,
  store: string,
  sku: string,
  options: { lock?: boolean } = {},
): Promise<{ type: ProductType; id: string; sku: string } | undefined> {
  const lock = options.lock === true && isPostgres(db);
  const key = skuKey(sku);
  for (const [type, table] of [
    ['PASS', 'pass_variants'],
    ['MERCHANDISE', 'merch_variants'],
  ] as const) {
    // SKUs are ASCII (SkuSchema), so SQL's upper() and skuKey agree on both engines.
    const query = db
      .selectFrom(table)
      .select(['id', 'sku'])
      .where('store', '=', store)
      .where(sql<string>`upper(sku)`, '=', key)
      .orderBy(sql`case when sku = ${sku} then 0 else 1 end`)
      .limit(1);
    const found = await (lock ? query.forUpdate() : query).executeTakeFirst();
    if (found !== undefined) return { type, id: found.id, sku: found.sku };
  }
  return undefined;
}

/**
 * The product of a type with this name, created (last in the catalogue) when there is none.
 *
 * Concurrency: a name found in neither table is locked ({@link lockCatalogueName}, PostgreSQL) and looked up again
 * before it is created, so two transactions creating one new name at once do not make it both a pass product and
 * merchandise (the second then finds the first's product: its own type is reused, the other type refused). A name
 * that exists takes no lock. Call it inside a transaction: the lock lasts until it ends.
 *
 * @throws {HttpProblem} 422 when the name is a product of the other type.
 */
async function productFor(
  db: Db,
  store: string,
  type: ProductType,
  name: string,
  category: string | undefined,
): Promise<string> {
  const passes = db
    .selectFrom('pass_products')
    .select('id')
    .where('store', '=', store)
    .where('name', '=', name);
  const merchandise = db
    .selectFrom('merchandise')
    .select('id')
    .where('store', '=', store)
    .where('name', '=', name);
  const lookUp = async () =>
    type === 'PASS'
      ? [await passes.executeTakeFirst(), await merchandise.executeTakeFirst()]
      : [await merchandise.executeTakeFirst(), await passes.executeTakeFirst()];
  let [own, other] = await lookUp();
  if (own === undefined && other === undefined && isPostgres(db)) {
    // A new name: lock it, then look again (new statements: they see a product committed while this one waited).
    await lockCatalogueName(db, 'product', store, name);
    [own, other] = await lookUp();
  }
  if (own !== undefined) {
    if (type === 'PASS' && category !== undefined) {
      await db.updateTable('pass_products').set({ category }).where('id', '=', own.id).execute();
    }
    return own.id;
  }
  if (other !== undefined) throw HttpProblem.rule(BACK_OFFICE_MESSAGES.productTypeClash(name));
  const id = randomUUID();
  if (type === 'PASS') {
    const last = await db
      .selectFrom('pass_products')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('store', '=', store)
      .executeTakeFirst();
    await db
      .insertInto('pass_products')
      .values({ id, store, name, category: category ?? name, position: Number(last?.position ?? 0) + 1 })
      .execute();
  } else {
    const last = await db
      .selectFrom('merchandise')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('store', '=', store)
      .executeTakeFirst();
    await db
      .insertInto('merchandise')
      .values({ id, store, name, position: Number(last?.position ?? 0) + 1 })
      .execute();
  }
  return id;
}

/** The next variant position within a product. */
async function nextVariantPosition(db: Db, type: ProductType, productId: string): Promise<number> {
  const table = type === 'PASS' ? 'pass_variants' : 'merch_variants';
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('position'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(row?.position ?? 0) + 1;
}

async function auditCatalog(
  db: Db,
  actor: Actor,
  action: 'catalog.added' | 'catalog.updated' | 'catalog.retired' | 'catalog.restored',
  subject: { type: string; id: string },
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(db, {
    action,
    staffId: actor.staffId,
    terminalId: actor.terminalId,
    at: actor.now,
    subject,
    details,
  });
}

/**
 * Adds a variant (and its product when the name is new). A SKU is unique in a store across passes and merchandise.
 *
 * Concurrency: the SKU is locked ({@link lockCatalogueName}, PostgreSQL) before it is looked up, so of two adds of
 * one new SKU at once (a pass and a merchandise item, or two of one type) the second waits for the first to commit
 * and then answers the 409 below; without it both found the SKU free and it became both a pass and merchandise (the
 * per-table unique keys cannot see across the two tables). Call it inside a transaction: the lock lasts until it ends.
 *
 * @throws {HttpProblem} 409 for a SKU already in the catalogue, 422 for a product name of the other type.
 */
export async function addCatalogItem(db: Db, store: string, actor: Actor, item: CatalogRow): Promise<void> {
  // One lock for every spelling of the SKU: `tee-1` and `TEE-1` are one SKU (see findSku).
  await lockCatalogueName(db, 'sku', store, skuKey(item.sku));
  const taken = await findSku(db, store, item.sku);
  if (taken !== undefined) {
    throw HttpProblem.conflict(
      taken.sku === item.sku
        ? BACK_OFFICE_MESSAGES.skuTaken(item.sku)
        : BACK_OFFICE_MESSAGES.skuTakenInOtherCase(item.sku, taken.sku),
    );
  }
  await requireTaxCode(db, store, item.tax_code);
  const productId = await productFor(
    db,
    store,
    item.type,
    item.product,
    item.type === 'PASS' ? item.category : undefined,
  );
  const position = await nextVariantPosition(db, item.type, productId);
  const id = randomUUID();
  if (item.type === 'PASS') {
    await db
      .insertInto('pass_variants')
      .values({
        id,
        product_id: productId,
        store,
        sku: item.sku,
        variant_group: item.group,
        min_qty: item.min_qty,
        usage_limit: item.usage_limit,
        entries_per_day: item.entries_per_day,
        duration_value: item.duration.value,
        duration_unit: item.duration.unit,
        shareable: 0,
        position,
        active: item.active ? 1 : 0,
        tax_code: item.tax_code,
      })
      .execute();
    await db
      .insertInto('pass_prices')
      .values({ variant_id: id, currency: 'MYR', value_sen: fromRinggit(item.price), position: 1 })
      .execute();
  } else {
    await db
      .insertInto('merch_variants')
      .values({
        id,
        product_id: productId,
        store,
        sku: item.sku,
        size: item.size,
        price_sen: fromRinggit(item.price),
        currency: 'MYR',
        position,
        active: item.active ? 1 : 0,
        barcode: item.barcode,
        tax_code: item.tax_code,
      })
      .execute();
  }
  await auditCatalog(db, actor, 'catalog.added', { type: 'sku', id: item.sku }, { item });
}

const PASS_ONLY = ['category', 'group', 'min_qty', 'usage_limit', 'entries_per_day', 'duration'] as const;
const MERCHANDISE_ONLY = ['size', 'barcode'] as const;

/** The row of a SKU as the catalogue list shows it. */
async function currentRow(db: Db, store: string, sku: string): Promise<CatalogRow | undefined> {
  const { items } = await listCatalog(db, store);
  return items.find((item) => item.sku === sku);
}

/** Which fields of `next` differ from `current` (for the audit log and the import's dry run). */
export function changedFields(current: CatalogRow, next: CatalogRow): CatalogImportChange['fields'] {
  const before = current as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] }));
}

/**
 * Changes a variant by SKU. A new price applies to the next sale (a cart priced before it is refused at checkout
 * with the server's 409 'price changed'); orders and tickets already sold keep their own copies. A new `product`
 * moves the variant to that product (created when new); a pass's `category` belongs to its product. Only the
 * columns the edit changes are written.
 *
 * Concurrency: the variant row is locked (`FOR UPDATE`, PostgreSQL) before the row is read, so two edits of one SKU
 * (two managers, or an edit made while a `catalog_import` transaction holds the row) run one after the other, and the
 * second reads what the first committed. Without the lock, on READ COMMITTED the second would compute its changes
 * from a stale read and write back the first one's old values (a lost update: a price change silently reverted
 * while the audit log shows it). Call it inside a transaction: the lock lasts until it ends.
 *
 * @throws {HttpProblem} 404 unknown SKU, 422 for a field that does not apply to the item's type.
 */
export async function editCatalogItem(
  db: Db,
  store: string,
  actor: Actor,
  request: { sku: string; changes: Changes },
): Promise<void> {
  const { changes } = request;
  // Lock first, then read: the read is a new statement, so it sees an edit committed while this one waited.
  const located = await findSku(db, store, request.sku, { lock: true });
  if (located === undefined) throw HttpProblem.notFound(BACK_OFFICE_MESSAGES.skuNotFound(request.sku));
  const { sku } = located; // as stored, whatever the case asked
  const current = await currentRow(db, store, sku);
  if (current === undefined) throw HttpProblem.notFound(BACK_OFFICE_MESSAGES.skuNotFound(sku));
  const foreign = current.type === 'PASS' ? MERCHANDISE_ONLY : PASS_ONLY;
  const wrong = foreign.find((field) => changes[field] !== undefined);
  if (wrong !== undefined) throw HttpProblem.rule(BACK_OFFICE_MESSAGES.fieldNotForType(wrong, current.type));
  if (changes.tax_code !== undefined) await requireTaxCode(db, store, changes.tax_code);
  const next = { ...current, ...changes } as CatalogRow;
  const fields = changedFields(current, next);
  if (fields.length === 0) return;
  const changed = new Set(fields.map((change) => change.field));
  if (next.type === 'PASS' && current.type === 'PASS') {
    const set: Updateable<PassVariantsTable> = {};
    if (changed.has('product') || changed.has('category')) {
      set.product_id = await productFor(db, store, 'PASS', next.product, next.category);
    }
    if (changed.has('group')) set.variant_group = next.group;
    if (changed.has('tax_code')) set.tax_code = next.tax_code;
    if (changed.has('min_qty')) set.min_qty = next.min_qty;
    if (changed.has('usage_limit')) set.usage_limit = next.usage_limit;
    if (changed.has('entries_per_day')) set.entries_per_day = next.entries_per_day;
    if (changed.has('duration')) {
      set.duration_value = next.duration.value;
      set.duration_unit = next.duration.unit;
    }
    if (Object.keys(set).length > 0) {
      await db.updateTable('pass_variants').set(set).where('id', '=', located.id).execute();
    }
    if (changed.has('price')) {
      const price = fromRinggit(next.price);
      const updated = await db
        .updateTable('pass_prices')
        .set({ value_sen: price })
        .where('variant_id', '=', located.id)
        .where('position', '=', 1)
        .returning('variant_id')
        .executeTakeFirst();
      if (updated === undefined) {
        await db
          .insertInto('pass_prices')
          .values({ variant_id: located.id, currency: 'MYR', value_sen: price, position: 1 })
          .execute();
      }
    }
  } else if (next.type === 'MERCHANDISE') {
    const set: Updateable<MerchVariantsTable> = {};
    if (changed.has('product')) {
      set.product_id = await productFor(db, store, 'MERCHANDISE', next.product, undefined);
    }
    if (changed.has('size')) set.size = next.size;
    if (changed.has('price')) set.price_sen = fromRinggit(next.price);
    if (changed.has('barcode')) set.barcode = next.barcode;
    if (changed.has('tax_code')) set.tax_code = next.tax_code;
    if (Object.keys(set).length > 0) {
      await db.updateTable('merch_variants').set(set).where('id', '=', located.id).execute();
    }
  }
  if (changed.has('active')) await setVariantActive(db, located, next.active);
  await auditCatalog(db, actor, 'catalog.updated', { type: 'sku', id: sku }, { changes: fields });
}

async function setVariantActive(db: Db, located: { type: ProductType; id: string }, active: boolean) {
  const table = located.type === 'PASS' ? 'pass_variants' : 'merch_variants';
  await db
    .updateTable(table)
    .set({ active: active ? 1 : 0 })
    .where('id', '=', located.id)
    .execute();
}

/**
 * Retires (`active: false`: off the sales screen; sold orders and tickets keep it) or restores a variant by SKU, or
 * a whole product by type and name (its variants keep their own state).
 *
 * @throws {HttpProblem} 404 for an unknown SKU or product.
 */
export async function setCatalogActive(
  db: Db,
  store: string,
  actor: Actor,
  target: { sku: string; active: boolean } | { type: ProductType; product: string; active: boolean },
): Promise<void> {
  const action = target.active ? 'catalog.restored' : 'catalog.retired';
  if ('sku' in target) {
    const located = await findSku(db, store, target.sku);
    if (located === undefined) throw HttpProblem.notFound(BACK_OFFICE_MESSAGES.skuNotFound(target.sku));
    await setVariantActive(db, located, target.active);
    await auditCatalog(db, actor, action, { type: 'sku', id: located.sku }, {});
    return;
  }
  const table = target.type === 'PASS' ? 'pass_products' : 'merchandise';
  const updated = await db
    .updateTable(table)
    .set({ active: target.active ? 1 : 0 })
    .where('store', '=', store)
    .where('name', '=', target.product)
    .returning('id')
    .executeTakeFirst();
  if (updated === undefined) throw HttpProblem.notFound(BACK_OFFICE_MESSAGES.productNotFound(target.product));
  await auditCatalog(db, actor, action, { type: 'product', id: target.product }, { type: target.type });
}

/**
 * Imports a whole catalogue file: every row is checked first (format, fields, a SKU twice, a SKU that would change
 * type); any bad row refuses the whole file (422, `details` naming each bad line) and nothing changes. Otherwise each
 * row adds a new SKU or updates the existing one (rows not in the file stay as they are; `active` retires or
 * restores). With `dryRun` nothing is written. Call it inside a transaction: the file applies all or nothing.
 */
export async function importCatalog(
  db: Db,
  store: string,
  actor: Actor,
  request: { format: 'csv' | 'json'; content: string; dryRun: boolean },
): Promise<CatalogImportResponse> {
  const parsed = parseCatalogFile(request.format, request.content);
  const { items } = await listCatalog(db, store);
  // A file's `grip-m` is the catalogue's `GRIP-M` (see findSku); an exact spelling wins over another case. As
  // findSkuRow does, but through maps: a file of thousands of rows against a catalogue of thousands.
  const exactly = new Map(items.map((item) => [item.sku, item]));
  const byKey = new Map<string, CatalogRow>();
  for (const item of items) if (!byKey.has(skuKey(item.sku))) byKey.set(skuKey(item.sku), item);
  const currentOf = (sku: string) => exactly.get(sku) ?? byKey.get(skuKey(sku));
  const issues = parsed.ok ? [] : [...parsed.issues];
  const rows = parsed.ok ? parsed.rows : [];
  // A product name is a pass product or merchandise, never both: the catalogue's, then the file's own first use.
  const typeOfName = new Map(items.map((item) => [item.product, item.type]));
  for (const { line, row } of rows) {
    const current = currentOf(row.sku);
    if (current !== undefined && current.type !== row.type) {
      issues.push({
        line,
        message: `type cannot change from ${current.type} to ${row.type} (SKU ${row.sku})`,
      });
    }
    const named = typeOfName.get(row.product);
    if (named !== undefined && named !== row.type) {
      issues.push({ line, message: BACK_OFFICE_MESSAGES.productTypeClash(row.product) });
    }
    if (named === undefined) typeOfName.set(row.product, row.type);
  }
  if (issues.length > 0) {
    throw HttpProblem.rule(
      BACK_OFFICE_MESSAGES.importRefused(issues),
      issues.map((issue) => ({ path: `line ${issue.line}`, message: issue.message })),
    );
  }
  const changes: CatalogImportChange[] = rows.map(({ line, row }) => {
    const current = currentOf(row.sku);
    if (current === undefined) return { line, sku: row.sku, action: 'add', fields: [] };
    // The SKU stays as stored: an update names it so and does not change its case.
    const fields = changedFields(current, { ...row, sku: current.sku });
    return { line, sku: current.sku, action: fields.length === 0 ? 'unchanged' : 'update', fields };
  });
  const summary = {
    add: changes.filter((change) => change.action === 'add').length,
    update: changes.filter((change) => change.action === 'update').length,
    unchanged: changes.filter((change) => change.action === 'unchanged').length,
  };
  if (!request.dryRun) {
    for (const [index, { row }] of rows.entries()) {
      const change = changes[index];
      if (change?.action === 'add') await addCatalogItem(db, store, actor, row);
      if (change?.action === 'update') {
        const { type: _type, sku: _sku, ...fields } = row;
        await editCatalogItem(db, store, actor, { sku: change.sku, changes: fields as Changes });
      }
    }
    await recordAudit(db, {
      action: 'catalog.imported',
      staffId: actor.staffId,
      terminalId: actor.terminalId,
      at: actor.now,
      details: { format: request.format, ...summary },
    });
  }
  return { dry_run: request.dryRun, applied: !request.dryRun, changes, summary };
}
