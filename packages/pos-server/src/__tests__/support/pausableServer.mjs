// The built pos-server (dist), run as `pos-server serve` runs it, as a child process of a test.
//
// Environment: POS_DATABASE_URL (and POS_TEST_SCHEMA for a PostgreSQL test schema) and the usual settings; it
// listens on a free port of 127.0.0.1 and prints `listening <url>`. With POS_TEST_PAUSE_AFTER_INSERT_INTO=<table>
// it stops for good right after the first insert into that table has run (inside the request's transaction,
// uncommitted) and prints `paused`: the test then SIGKILLs it in the middle of the work, as a crash would.
import { buildApp, createDb, loadConfig, migrateToLatest } from '../../../dist/index.js';

const pauseTable = process.env.POS_TEST_PAUSE_AFTER_INSERT_INTO;

/** A Kysely plugin that never lets the result of an insert into `pauseTable` come back. */
const pauseAfterInsert = {
  queries: new Set(),
  transformQuery({ node, queryId }) {
    if (node.kind === 'InsertQueryNode' && node.into?.table?.identifier?.name === pauseTable) {
      this.queries.add(queryId.queryId);
    }
    return node;
  },
  async transformResult({ queryId, result }) {
    if (!this.queries.has(queryId.queryId)) return result;
    process.stdout.write('paused\n');
    return new Promise(() => {});
  },
};

const config = { ...loadConfig(process.env), host: '127.0.0.1', port: 0, logLevel: 'silent' };

// On PostgreSQL a sale writes its rows with one statement of its own SQL (sales/saleStatements.ts), which no Kysely
// plugin sees being built: the pause is made in the driver instead, after the statement that inserts into the table.
if (pauseTable !== undefined && config.databaseUrl.startsWith('postgres')) {
  const { default: pg } = await import('pg');
  const query = pg.Client.prototype.query;
  const insert = `insert into "${pauseTable}"`;
  pg.Client.prototype.query = function pausingQuery(...args) {
    const [first] = args;
    const text = typeof first === 'string' ? first : first?.text;
    const result = query.apply(this, args);
    if (typeof text !== 'string' || !text.startsWith('/* prepared */ with') || !text.includes(insert))
      return result;
    return result.then(() => {
      process.stdout.write('paused\n');
      return new Promise(() => {});
    });
  };
}
const schema = process.env.POS_TEST_SCHEMA;
const opened = createDb(config.databaseUrl, schema === undefined ? {} : { schema, poolSize: 4 });
await migrateToLatest(opened, schema === undefined ? {} : { schema });
const db = pauseTable === undefined ? opened : opened.withPlugin(pauseAfterInsert);
const app = await buildApp({ db, config });
const url = await app.listen({ host: config.host, port: config.port });
process.stdout.write(`listening ${url}\n`);
