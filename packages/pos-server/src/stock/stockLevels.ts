import type { Kysely } from 'kysely';
import type { StockLevel, StockMovement, StockMovementKind } from 'pos-sdk/contract';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, sen, toRinggit } from 'pos-sdk/money';
import { onlyLeftOf, STOCK_MESSAGES, type StockPolicy } from 'pos-sdk/rules';
import { readCsvRecords } from '../catalogue';
import type { Database, Db } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { timeOrderedId } from '../db/timeOrderedId';
import { HttpProblem } from '../http/HttpProblem';
import { staffNames } from '../staff';

/** Who moves stock, where and when. */
export interface StockActor {
  readonly staffId: string | null;
  readonly terminalId: string | null;
  readonly now: Date;
}

/** Units of one SKU a sale, refund or cancel moves, with the name a refusal says. */
export interface StockLine {
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
}

/** The venue's policy for selling below zero. */
export async function stockPolicy(db: Db, store: string): Promise<StockPolicy> {
  const row = await db
    .selectFrom('venue_settings')
    .select('stock_below_zero')
    .where('store', '=', store)
    .executeTakeFirst();
  return row?.stock_below_zero ?? 'allow';
}

/** The tracked levels of some SKUs of the store (an untracked SKU has none). */
export async function levelsOf(
  db: Db,
  store: string,
  skus: readonly string[],
): Promise<Map<string, { quantity: number; low_level: number | null }>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock_levels')
    .select(['sku', 'quantity', 'low_level'])
    .where('store', '=', store)
    .where('sku', 'in', [...skus])
    .execute();
  return new Map(rows.map((row) => [row.sku, { quantity: Number(row.quantity), low_level: row.low_level }]));
}

/** The same SKU on several lines is one movement of their units. */
function bySku(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const seen = merged.get(line.sku);
    merged.set(line.sku, seen === undefined ? line : { ...seen, quantity: seen.quantity + line.quantity });
  }
  return [...merged.values()].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

/**
 * Moves a tracked level by `delta` and writes the movement, in the caller's transaction; `floor` (a number) refuses
 * the move when the level would go below it (the update is conditional, so of two tills taking the last unit at once
 * one wins). Returns the level after, or undefined when the SKU is not tracked or the floor refused it.
 */
async function move(
  db: Db,
  store: string,
  sku: string,
  delta: number,
  movement: { kind: StockMovementKind; reason: string; orderId: string | null; actor: StockActor },
  floor?: number,
): Promise<number | undefined> {
  let query = db
    .updateTable('stock_levels')
    .set((eb) => ({ quantity: eb('quantity', '+', delta), updated_at: movement.actor.now.toISOString() }))
    .where('store', '=', store)
    .where('sku', '=', sku);
  if (floor !== undefined) query = query.where('quantity', '>=', floor - delta);
  const updated = await query.returning('quantity').executeTakeFirst();
  if (updated === undefined) return undefined;
  const after = Number(updated.quantity);
  await db
    .insertInto('stock_movements')
    .values({
      id: timeOrderedId(),
      store,
      sku,
      kind: movement.kind,
      quantity: delta,
      level_after: after,
      reason: movement.reason,
      staff_id: movement.actor.staffId,
      terminal_id: movement.actor.terminalId,
      order_id: movement.orderId,
      at: movement.actor.now.toISOString(),
    })
    .execute();
  return after;
}

/**
 * A sale's units off the shelf, in the sale's transaction: each tracked SKU's level goes down by the units sold, one
 * `sale` movement each; untracked SKUs sell as before. Under `refuse` a level that cannot cover the units refuses the
 * sale (409 'Only N left of {item}', nothing written: the transaction rolls back); a sale made offline and replayed
 * (`replay`) is never refused: its level may go below zero.
 */
export async function takeStockForSale(
  db: Db,
  options: {
    store: string;
    orderId: string;
    lines: readonly StockLine[];
    replay: boolean;
    actor: StockActor;
  },
): Promise<void> {
  const lines = bySku(options.lines);
  const tracked = await levelsOf(
    db,
    options.store,
    lines.map((line) => line.sku),
  );
  if (tracked.size === 0) return;
  const policy: StockPolicy = options.replay ? 'allow' : await stockPolicy(db, options.store);
  for (const line of lines) {
    if (!tracked.has(line.sku)) continue;
    const after = await move(
      db,
      options.store,
      line.sku,
      -line.quantity,
      { kind: 'sale', reason: '', orderId: options.orderId, actor: options.actor },
      policy === 'refuse' ? 0 : undefined,
    );
    if (after === undefined) {
      const now = (await levelsOf(db, options.store, [line.sku])).get(line.sku)?.quantity ?? 0;
      throw HttpProblem.conflict(onlyLeftOf(now, line.name), {
        rule: 'out_of_stock',
        sku: line.sku,
        left: now,
      });
    }
  }
}

/**
 * The units of a refunded or canceled order back on the shelf (`refund` / `cancel` movements), unless the cashier said
 * they do not go back (`restock` false). Untracked SKUs are left alone.
 */
export async function putBackStock(
  db: Db,
  options: {
    store: string;
    orderId: string;
    kind: 'refund' | 'cancel';
    lines: readonly StockLine[];
    restock: boolean;
    reason: string;
    actor: StockActor;
  },
): Promise<void> {
  if (!options.restock) return;
  for (const line of bySku(options.lines)) {
    await move(db, options.store, line.sku, line.quantity, {
      kind: options.kind,
      reason: options.reason,
      orderId: options.orderId,
      actor: options.actor,
    });
  }
}

/** A merchandise variant of the store by SKU: its product's name and its size. 404 when none. */
async function requireVariant(
  db: Db,
  store: string,
  sku: string,
): Promise<{ sku: string; name: string; size: string }> {
  const row = await db
    .selectFrom('merch_variants')
    .innerJoin('merchandise', 'merchandise.id', 'merch_variants.product_id')
    .select(['merch_variants.sku', 'merchandise.name', 'merch_variants.size'])
    .where('merch_variants.store', '=', store)
    .where('merch_variants.sku', '=', sku)
    .executeTakeFirst();
  if (row === undefined) throw HttpProblem.notFound(STOCK_MESSAGES.noVariant(sku));
  return row;
}

/** The level rows of the store joined to their variants, as the wire's `StockLevel`. */
function levelQuery(db: Db, store: string) {
  return db
    .selectFrom('stock_levels')
    .innerJoin('merch_variants', (join) =>
      join
        .onRef('merch_variants.sku', '=', 'stock_levels.sku')
        .onRef('merch_variants.store', '=', 'stock_levels.store'),
    )
    .innerJoin('merchandise', 'merchandise.id', 'merch_variants.product_id')
    .select([
      'stock_levels.sku',
      'merchandise.name',
      'merch_variants.size',
      'stock_levels.quantity',
      'stock_levels.low_level',
      'stock_levels.cost_sen',
      'stock_levels.updated_at',
    ])
    .where('stock_levels.store', '=', store);
}

type LevelRow = {
  sku: string;
  name: string;
  size: string;
  quantity: number;
  low_level: number | null;
  cost_sen: number | null;
  updated_at: string;
};

function levelToWire(row: LevelRow): StockLevel {
  return {
    sku: row.sku,
    name: row.name,
    size: row.size,
    quantity: Number(row.quantity),
    low_level: row.low_level === null ? null : Number(row.low_level),
    cost: row.cost_sen === null ? null : toRinggit(sen(Number(row.cost_sen))),
    updated_at: row.updated_at,
  };
}

/** One tracked level on the wire; 404 for no variant, 409 when the variant's stock is not kept. */
export async function readLevel(db: Db, store: string, sku: string): Promise<StockLevel> {
  await requireVariant(db, store, sku);
  const row = await levelQuery(db, store).where('stock_levels.sku', '=', sku).executeTakeFirst();
  if (row === undefined) throw HttpProblem.conflict(STOCK_MESSAGES.notTracked(sku));
  return levelToWire(row);
}

/** The tracked levels of the store by SKU; `low`: those at or below their low level, or below zero. */
export async function listLevels(
  db: Db,
  store: string,
  options: { low?: boolean | undefined },
): Promise<StockLevel[]> {
  const rows = await levelQuery(db, store).orderBy('stock_levels.sku').execute();
  const levels = rows.map(levelToWire);
  if (options.low !== true) return levels;
  return levels.filter(
    (level) => level.quantity < 0 || (level.low_level !== null && level.quantity <= level.low_level),
  );
}

/** Locks the level's row until commit on PostgreSQL (SQLite writes one transaction at a time). */
async function lockLevel(db: Db, store: string, sku: string): Promise<void> {
  if (!isPostgres(db)) return;
  await db
    .selectFrom('stock_levels')
    .select('sku')
    .where('store', '=', store)
    .where('sku', '=', sku)
    .forUpdate()
    .execute();
}

/**
 * Starts keeping a variant's stock (a `start` movement of its first level, 0 unless given) with its low level and
 * cost, or changes those of a tracked one; `track: false` stops keeping it (its movements stay).
 */
export async function trackStock(
  db: Kysely<Database>,
  input: {
    store: string;
    sku: string;
    track: boolean;
    quantity?: number | undefined;
    lowLevel?: number | null | undefined;
    cost?: number | null | undefined;
  },
  actor: StockActor,
): Promise<StockLevel> {
  return db.transaction().execute(async (trx) => {
    const variant = await requireVariant(trx, input.store, input.sku);
    const existing = await trx
      .selectFrom('stock_levels')
      .selectAll()
      .where('store', '=', input.store)
      .where('sku', '=', variant.sku)
      .executeTakeFirst();
    const costSen =
      input.cost === undefined ? undefined : input.cost === null ? null : fromRinggit(input.cost);
    if (!input.track) {
      if (existing === undefined) throw HttpProblem.conflict(STOCK_MESSAGES.notTracked(variant.sku));
      const level = levelToWire({ ...existing, name: variant.name, size: variant.size });
      await trx
        .deleteFrom('stock_levels')
        .where('store', '=', input.store)
        .where('sku', '=', variant.sku)
        .execute();
      return level;
    }
    if (existing === undefined) {
      const quantity = input.quantity ?? 0;
      await trx
        .insertInto('stock_levels')
        .values({
          store: input.store,
          sku: variant.sku,
          quantity,
          low_level: input.lowLevel ?? null,
          cost_sen: costSen ?? null,
          updated_at: actor.now.toISOString(),
        })
        .execute();
      await trx
        .insertInto('stock_movements')
        .values({
          id: timeOrderedId(),
          store: input.store,
          sku: variant.sku,
          kind: 'correction',
          quantity,
          level_after: quantity,
          reason: 'Stock kept from now',
          staff_id: actor.staffId,
          terminal_id: actor.terminalId,
          order_id: null,
          at: actor.now.toISOString(),
        })
        .execute();
    } else {
      if (input.quantity !== undefined)
        throw HttpProblem.conflict(STOCK_MESSAGES.alreadyTracked(variant.sku));
      await trx
        .updateTable('stock_levels')
        .set({
          ...(input.lowLevel === undefined ? {} : { low_level: input.lowLevel }),
          ...(costSen === undefined ? {} : { cost_sen: costSen }),
          updated_at: actor.now.toISOString(),
        })
        .where('store', '=', input.store)
        .where('sku', '=', variant.sku)
        .execute();
    }
    return readLevel(trx, input.store, variant.sku);
  });
}

/** A delivery, damage or correction of a tracked level: one movement, in one transaction; 409 when not tracked. */
export async function adjustStock(
  db: Kysely<Database>,
  input: {
    store: string;
    sku: string;
    kind: 'delivery' | 'damage' | 'correction';
    quantity: number;
    reason: string;
  },
  actor: StockActor,
): Promise<StockLevel> {
  return db.transaction().execute(async (trx) => {
    const variant = await requireVariant(trx, input.store, input.sku);
    const delta = input.kind === 'damage' ? -Math.abs(input.quantity) : input.quantity;
    const after = await move(trx, input.store, variant.sku, delta, {
      kind: input.kind,
      reason: input.reason,
      orderId: null,
      actor,
    });
    if (after === undefined) throw HttpProblem.conflict(STOCK_MESSAGES.notTracked(variant.sku));
    return readLevel(trx, input.store, variant.sku);
  });
}

/**
 * A stock count: each counted quantity against the level at the moment the count is applied (a sale made while the
 * shelf was being counted is in that level, so the count's variance takes it as counted: Square's way), one `count`
 * movement of the variance each (none for a variance of 0). `dryRun` reads the variances and changes nothing.
 */
export async function countStock(
  db: Kysely<Database>,
  input: {
    store: string;
    items: readonly { sku: string; counted: number }[];
    reason: string;
    dryRun: boolean;
  },
  actor: StockActor,
): Promise<{
  dry_run: boolean;
  applied: boolean;
  lines: { sku: string; expected: number; counted: number; variance: number }[];
}> {
  return db.transaction().execute(async (trx) => {
    const lines: { sku: string; expected: number; counted: number; variance: number }[] = [];
    const seen = new Set<string>();
    for (const item of input.items) {
      const variant = await requireVariant(trx, input.store, item.sku);
      if (seen.has(variant.sku)) throw HttpProblem.invalidRequest(`${variant.sku} is counted twice`);
      seen.add(variant.sku);
      if (!input.dryRun) await lockLevel(trx, input.store, variant.sku);
      const level = (await levelsOf(trx, input.store, [variant.sku])).get(variant.sku);
      if (level === undefined) throw HttpProblem.conflict(STOCK_MESSAGES.notTracked(variant.sku));
      lines.push({
        sku: variant.sku,
        expected: level.quantity,
        counted: item.counted,
        variance: item.counted - level.quantity,
      });
    }
    if (!input.dryRun) {
      for (const line of lines) {
        if (line.variance === 0) continue;
        await move(trx, input.store, line.sku, line.variance, {
          kind: 'count',
          reason: input.reason,
          orderId: null,
          actor,
        });
      }
    }
    return { dry_run: input.dryRun, applied: !input.dryRun, lines };
  });
}

/** One delivery of an import: its line, variant, units and reason, and the level before and after it. */
export interface ImportedDelivery {
  line: number;
  sku: string;
  quantity: number;
  reason: string;
  level_before: number;
  level_after: number;
}

/**
 * Deliveries from a CSV file (`sku,quantity[,reason]`, that header first): each row a `delivery` movement of a
 * tracked variant, all in one transaction. Every bad row (unknown or untracked SKU, a quantity that is not a whole
 * number of at least 1, a SKU twice) is named and nothing changes (422 'The file was not imported…'). `dryRun` shows
 * the levels each row would leave and changes nothing.
 */
export async function importDeliveries(
  db: Kysely<Database>,
  input: { store: string; content: string; reason: string; dryRun: boolean },
  actor: StockActor,
): Promise<{ dry_run: boolean; applied: boolean; lines: ImportedDelivery[] }> {
  const [header, ...records] = readCsvRecords(input.content);
  const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const skuAt = columns.indexOf('sku');
  const quantityAt = columns.indexOf('quantity');
  const reasonAt = columns.indexOf('reason');
  if (skuAt === -1 || quantityAt === -1) {
    throw HttpProblem.rule(STOCK_MESSAGES.importColumns, [
      { path: 'line 1', message: STOCK_MESSAGES.importColumns },
    ]);
  }
  if (records.length === 0) {
    throw HttpProblem.rule(STOCK_MESSAGES.importEmpty, [
      { path: 'content', message: STOCK_MESSAGES.importEmpty },
    ]);
  }
  return db.transaction().execute(async (trx) => {
    const issues: { line: number; message: string }[] = [];
    const rows: { line: number; sku: string; quantity: number; reason: string }[] = [];
    const seen = new Set<string>();
    for (const { line, cells } of records) {
      const sku = (cells[skuAt] ?? '').trim();
      const quantityText = (cells[quantityAt] ?? '').trim();
      const reason = ((reasonAt === -1 ? '' : cells[reasonAt]) ?? '').trim().slice(0, 200) || input.reason;
      if (!/^\d{1,6}$/.test(quantityText) || Number(quantityText) < 1) {
        issues.push({ line, message: STOCK_MESSAGES.importQuantity });
        continue;
      }
      if (seen.has(sku)) {
        issues.push({ line, message: STOCK_MESSAGES.importTwice(sku) });
        continue;
      }
      seen.add(sku);
      rows.push({ line, sku, quantity: Number(quantityText), reason });
    }
    const levels = await levelsOf(
      trx,
      input.store,
      rows.map((row) => row.sku),
    );
    for (const row of rows) {
      if (levels.has(row.sku)) continue;
      const known = await trx
        .selectFrom('merch_variants')
        .select('sku')
        .where('store', '=', input.store)
        .where('sku', '=', row.sku)
        .executeTakeFirst();
      issues.push({
        line: row.line,
        message: known === undefined ? STOCK_MESSAGES.noVariant(row.sku) : STOCK_MESSAGES.notTracked(row.sku),
      });
    }
    if (issues.length > 0) {
      issues.sort((a, b) => a.line - b.line);
      throw HttpProblem.rule(
        BACK_OFFICE_MESSAGES.importRefused(issues),
        issues.map((issue) => ({ path: `line ${issue.line}`, message: issue.message })),
      );
    }
    const lines: ImportedDelivery[] = [];
    for (const row of rows) {
      if (input.dryRun) {
        const before = levels.get(row.sku)?.quantity ?? 0;
        lines.push({ ...row, level_before: before, level_after: before + row.quantity });
        continue;
      }
      const after = await move(trx, input.store, row.sku, row.quantity, {
        kind: 'delivery',
        reason: row.reason,
        orderId: null,
        actor,
      });
      if (after === undefined) throw HttpProblem.conflict(STOCK_MESSAGES.notTracked(row.sku));
      lines.push({ ...row, level_before: after - row.quantity, level_after: after });
    }
    return { dry_run: input.dryRun, applied: !input.dryRun, lines };
  });
}

/** A variant's movements, newest first (at most `limit`), with the staff's names. */
export async function stockHistory(
  db: Db,
  input: { store: string; sku: string; limit: number },
): Promise<StockMovement[]> {
  const variant = await requireVariant(db, input.store, input.sku);
  const rows = await db
    .selectFrom('stock_movements')
    .selectAll()
    .where('store', '=', input.store)
    .where('sku', '=', variant.sku)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit)
    .execute();
  const names = await staffNames(
    db,
    rows.flatMap((row) => (row.staff_id === null ? [] : [row.staff_id])),
  );
  return rows.map((row) => ({
    _id: row.id,
    sku: row.sku,
    kind: row.kind,
    quantity: Number(row.quantity),
    level_after: Number(row.level_after),
    reason: row.reason,
    staff: row.staff_id === null ? null : (names.get(row.staff_id) ?? row.staff_id),
    terminal: row.terminal_id,
    order: row.order_id,
    at: row.at,
  }));
}
