import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './Database';

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
 * A hot path's query, built and compiled by Kysely once per database and then only run with new values (issue 11).
 * Building a query with Kysely's builder and compiling it to SQL took 15 to 20 microseconds a statement, a sixth of a
 * get_ticket; the SQL text and its parameters are the same every time but for the values.
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
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as A;
      const query = build(db, ...slots).compile();
      const places = query.parameters.map((parameter) =>
        parameter instanceof Slot ? parameter.index : undefined,
      );
      for (let index = 0; index < arity; index++) {
        if (!places.includes(index))
          throw new Error(`Prepared query: value ${index} is not a parameter of ${query.sql}`);
      }
      template = { query, places };
      templates.set(adapter, template);
    }
    return template;
  };
  const execute = async (db: Db, values: A): Promise<O[]> => {
    const { query, places } = templateFor(db);
    const parameters = query.parameters.map((parameter, position) => {
      const place = places[position];
      return place === undefined ? parameter : values[place];
    });
    const { rows } = await db.executeQuery<O>({ ...query, parameters });
    return rows;
  };
  return {
    execute: (db, ...values) => execute(db, values),
    executeTakeFirst: async (db, ...values) => (await execute(db, values))[0],
  };
}
