import type { Compilable, CompiledQuery, Insertable, InsertQueryBuilder, InsertResult } from 'kysely';
import type { Database, Db } from './Database';

/**
 * The mark of a prepared query's SQL (a leading comment): on PostgreSQL only such statements become named, server-side
 * prepared statements, planned generically once they prove as good (`createDb`); every other statement is planned
 * for its values each time.
 */
export const PREPARED = '/* prepared */ ';

/** Stands for the value at `index` while a prepared query is built and compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/** A query of {@link preparedQuery}: run with new values on any database or transaction. */
export interface PreparedQuery<A extends readonly unknown[], O> {
  execute(db: Db, ...values: A): Promise<O[]>;
  executeTakeFirst(db: Db, ...values: A): Promise<O | undefined>;
}

interface Template<O> {
  readonly query: CompiledQuery<O>;
  /** For each parameter of the compiled query, the index of the value that takes its place (undefined: kept). */
  readonly places: readonly (number | undefined)[];
}

/**
 * A hot path's query, built and compiled by Kysely once per database and then only run with new values. Building a
 * query with Kysely's builder and compiling it to SQL is a real share of a short call such as get_ticket, and the
 * SQL text and its parameters are the same every time but for the values.
 *
 * `build` receives stand-ins for the values (`arity` of them) and must use each as a plain value (`where(column,
 * '=', value)`, `values({ column: value })`, a `sql` template's `${value}`), never in a list (`in`), where Kysely would
 * expand it, nor in a condition that depends on the value (`value === null ? ...`). Constants of `build` stay as they
 * were compiled. A stand-in missing from the compiled parameters is a programming error, thrown at the first run.
 *
 * The compiled query is kept per dialect (the database's adapter): SQLite and PostgreSQL compile differently. It runs
 * through `executeQuery`, so plugins see its result but do not transform it (the server uses none that do).
 *
 * @example
 * const ticketById = preparedQuery((db, id: string) => db.selectFrom('tickets').selectAll().where('id', '=', id), 1);
 * const row = await ticketById.executeTakeFirst(db, 'ABC123');
 */
export function preparedQuery<A extends readonly unknown[], O>(
  build: (db: Db, ...values: A) => Compilable<O>,
  arity: A['length'],
): PreparedQuery<A, O> {
  const templates = new WeakMap<object, Template<O>>();
  const templateFor = (db: Db): Template<O> => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template === undefined) {
      template = compileTemplate(arity, (slots) => build(db, ...(slots as unknown as A)));
      templates.set(adapter, template);
    }
    return template;
  };
  return {
    execute: async (db, ...values) => runTemplate(db, templateFor(db), values),
    executeTakeFirst: async (db, ...values) => (await runTemplate(db, templateFor(db), values))[0],
  };
}

/** Compiles `build`'s query with {@link Slot}s for its `arity` values and notes where each went. */
function compileTemplate<O>(
  arity: number,
  build: (slots: readonly Slot[]) => Compilable<O>,
  named = true,
): Template<O> {
  const slots = Array.from({ length: arity }, (_, index) => new Slot(index));
  const compiled = build(slots).compile();
  const query = named ? { ...compiled, sql: `${PREPARED}${compiled.sql}` } : compiled;
  const places = query.parameters.map((parameter) =>
    parameter instanceof Slot ? parameter.index : undefined,
  );
  for (let index = 0; index < arity; index++) {
    if (!places.includes(index))
      throw new Error(`Prepared query: value ${index} is not a parameter of ${query.sql}`);
  }
  return { query, places };
}

/** Runs a compiled template with `values` in the places of its slots. */
async function runTemplate<O>(
  db: Db,
  { query, places }: Template<O>,
  values: readonly unknown[],
): Promise<O[]> {
  const parameters = query.parameters.map((parameter, position) => {
    const place = places[position];
    return place === undefined ? parameter : values[place];
  });
  const { rows } = await db.executeQuery<O>({ ...query, parameters });
  return rows;
}

/** How many shapes (columns and number of rows) of one table's insert are kept compiled; emptied when full. */
const INSERT_SHAPES = 64;
/**
 * Inserts of up to this many rows are named statements on PostgreSQL ({@link PREPARED}); larger ones (a sale of many
 * passes) are compiled once too but sent unnamed, so that each connection does not keep a statement per size.
 */
const NAMED_INSERT_ROWS = 4;

/**
 * An insert of whole rows into `table`, compiled once per shape: its columns (the first row's keys, in their order)
 * and its number of rows, per dialect (a row with an undefined value, or keys other than the first row's, goes
 * through Kysely's builder as usual). `finish` adds to the insert what does not depend on the rows (an `onConflict`,
 * a `returning`).
 *
 * @example
 * const insertTenders = preparedInsert('tenders');
 * await insertTenders(trx, tenders);
 */
export function preparedInsert<T extends keyof Database & string, O = never>(
  table: T,
  finish?: (query: InsertQueryBuilder<Database, T, InsertResult>) => Compilable<O>,
): (db: Db, rows: readonly Insertable<Database[T]>[]) => Promise<O[]> {
  const shapes = new WeakMap<object, Map<string, Template<O>>>();
  const build = (db: Db, rows: readonly Insertable<Database[T]>[]): Compilable<O> => {
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's insert types narrow per table; the rows are that table's
    const insert = db.insertInto(table).values(rows as any) as InsertQueryBuilder<Database, T, InsertResult>;
    return finish === undefined ? (insert as unknown as Compilable<O>) : finish(insert);
  };
  return async (db, rows) => {
    const [first] = rows;
    if (first === undefined) return [];
    // Kysely leaves out a column whose value is undefined: such rows keep the builder.
    const keysOf = (row: object) =>
      Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined);
    const columns = keysOf(first);
    const sameShape = rows.every((row) => {
      const keys = Object.keys(row);
      return (
        keys.length === columns.length &&
        keys.every(
          (key, index) => key === columns[index] && (row as Record<string, unknown>)[key] !== undefined,
        )
      );
    });
    if (!sameShape) return (await db.executeQuery<O>(build(db, rows))).rows;
    const adapter = db.getExecutor().adapter;
    let compiled = shapes.get(adapter);
    if (compiled === undefined) {
      compiled = new Map();
      shapes.set(adapter, compiled);
    }
    const key = `${columns.join(',')}#${rows.length}`;
    let template = compiled.get(key);
    if (template === undefined) {
      template = compileTemplate(
        columns.length * rows.length,
        (slots) =>
          build(
            db,
            rows.map(
              (_, row) =>
                Object.fromEntries(
                  columns.map((column, index) => [column, slots[row * columns.length + index]]),
                ) as Insertable<Database[T]>,
            ),
          ),
        rows.length <= NAMED_INSERT_ROWS,
      );
      if (compiled.size >= INSERT_SHAPES) compiled.clear();
      compiled.set(key, template);
    }
    const values = rows.flatMap((row) => columns.map((column) => (row as Record<string, unknown>)[column]));
    return runTemplate(db, template, values);
  };
}
