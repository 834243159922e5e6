#!/usr/bin/env node
// Benchmarks of the reference server's hot paths under load and of the SDK's money rules, reported as
// ratios against a baseline measured in the same run (never as absolute timings to assert on).
//
//   npm run build && npm run bench       (BENCH_SECONDS=3 per path; BENCH_SCALE=2 doubles the money loop)
//
// HTTP: 16 keep-alive connections for BENCH_SECONDS each (after BENCH_WARMUP_SECONDS=1 unmeasured), against the
// server in a child process (so the load generator never shares its event loop); req/s, p50 and p99, and req/s as
// a ratio of a bare Fastify JSON route served the same way in the same run, measured just before and just after
// each path (the path's ratio is to the mean of those two: the machine's speed drifts with other work on its cores). On SQLite (synchronous = FULL), and on
// PostgreSQL too when POS_TEST_DATABASE_URL is set (a schema of its own, dropped afterwards).
// Beside each, the server process's CPU time per request over the measured seconds (asked with SIGUSR2) and the
// bare route's as a ratio of it: far steadier than req/s on a machine whose other work comes and goes, for A/B runs.
// Statements per checkout (one pass line) are counted through a Kysely plugin, not estimated.
// Floor (SQLite, when the checkout path runs): the rows one checkout writes, read back from a real checkout on a
// database of its own, written again (fresh ids and unique values each time) by bare better-sqlite3 statements
// prepared once, each sale in one transaction, on that file with the server's pragmas: no HTTP, no Kysely, no checks.
// Its CPU time per sale (measured in this process, before the server's children start) and checkout's CPU us/req as a
// ratio of it: how far the server is from only writing its rows (see checkoutFloor).
// Money: cartTotals over a 50-line cart (integer sen, discounts) against a plain loop of 50 integers.
//
// BENCH_PATHS=checkout,redeem runs only those paths (checkout, replay, getTicket, redeem, startShift);
// BENCH_ENGINES=postgres (or sqlite) runs one engine only, as in bench/scale.mjs;
// BENCH_CPU_PROF=<dir> runs the server with `node --cpu-prof` and writes its profile there on exit (then
// `node bench/profileTop.mjs <dir>/*.cpuprofile` lists where the time went).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = new URL('../', import.meta.url);
const load = async (path) => {
  try {
    return await import(new URL(path, root).href);
  } catch (error) {
    console.error(`bench: ${path} is missing; run \`npm run build\` first (${error.message})`);
    process.exit(2);
  }
};
const server = await load('packages/pos-server/dist/index.js');
// The SDK's pure rules and money (cartTotals, venueDayStart, sen): the entries that own them, not the root.
const sdk = {
  ...(await load('packages/pos-sdk/dist/rules/index.js')),
  ...(await load('packages/pos-sdk/dist/money/index.js')),
};

const scale = Number(process.env.BENCH_SCALE ?? 1);
const count = (n) => Math.max(1, Math.round(n * scale));

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// Each route is first driven unmeasured (JIT warm-up of the server and of this load generator): measured cold, the
// bare route gave 6,800-9,100 req/s against 12,000-13,000 warm on the same machine, which flattered every ratio.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = 16;
const HOST = 'TICKET01';
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One HTTP request over the shared keep-alive agent: status and body text. */
function send(url, { method = 'POST', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Starts `node bench/server.mjs ...args` and waits for its `listening URL` line. */
function child(...args) {
  const profile =
    args[0] === 'pos' && process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  return new Promise((resolve, reject) => {
    const process_ = spawn(
      process.execPath,
      [...profile, new URL('bench/server.mjs', root).pathname, ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    let listening = false;
    /** Callers waiting for the answer to SIGUSR2 (`cpu <microseconds>`). */
    const cpuWaiters = [];
    process_.stdout.on('data', (chunk) => {
      out += chunk;
      for (const found of out.matchAll(/cpu (\d+)\n/g)) cpuWaiters.shift()?.(Number(found[1]));
      out = out.replace(/cpu \d+\n/g, '');
      const found = /listening (\S+)/.exec(out);
      if (found && !listening) {
        listening = true;
        const exited = new Promise((done) => process_.once('exit', done));
        resolve({
          url: found[1],
          /** The CPU time the server process has used so far, in microseconds. */
          cpu: () =>
            new Promise((done) => {
              cpuWaiters.push(done);
              process_.kill('SIGUSR2');
            }),
          stop: () => {
            process_.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    process_.once('exit', (code) => reject(new Error(`bench server exited ${code}: ${out}`)));
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const only = process.env.BENCH_PATHS ? new Set(process.env.BENCH_PATHS.split(',')) : undefined;
const skipped = { rps: 0, p50: 0, p99: 0, failures: 0, count: 0, skipped: true };

/**
 * CONNECTIONS workers sending `next(worker, i)` to `target` one after another: WARMUP_SECONDS unmeasured, then
 * SECONDS, with the server process's CPU time per request over those (microseconds).
 */
async function loadTest(target, next) {
  if (WARMUP_SECONDS > 0) await drive(next, WARMUP_SECONDS);
  const before = await target.cpu();
  const figure = await drive(next, SECONDS);
  const used = (await target.cpu()) - before;
  return { ...figure, cpu: figure.count > 0 ? used / figure.count : 0 };
}

/** CONNECTIONS workers sending `next(worker, i)` one after another for `seconds`: req/s, p50, p99, failures. */
async function drive(next, seconds) {
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        const t0 = performance.now();
        const answer = await next(worker, i);
        if (answer === null) return; // nothing left to send (fresh tickets used up)
        latencies.push(performance.now() - t0);
        if (answer.status >= 400) failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    count: latencies.length,
  };
}

/**
 * Statements of one checkout (one pass line), counted by a Kysely plugin on an in-process app. `beforeCounted`, when
 * given, runs just before the counted checkout (after a first one, which warms the app up).
 */
async function statementsPerCheckout(databaseUrl, schema, beforeCounted) {
  const config = server.loadConfig({
    POS_DATABASE_URL: databaseUrl,
    POS_DATA_DIR: dir,
    POS_LOG_LEVEL: 'silent',
  });
  let statements = 0;
  // Counted at each result: a statement compiled once and run again (preparedQuery) passes transformQuery only once.
  const counting = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  const base = server.createDb(config.databaseUrl, schema ? { schema } : {});
  await server.migrateToLatest(base);
  await server.seedDemo(base, { store: config.store, now: new Date() });
  const db = base.withPlugin(counting);
  const app = await server.buildApp({ db, config });
  try {
    const call = async (url, body, headers = {}) => {
      const answer = await app.inject({
        method: 'POST',
        url,
        payload: body ?? {},
        headers: { 'x-host-name': HOST, ...headers },
      });
      if (answer.statusCode >= 400) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
      return answer.json();
    };
    const { idToken } = await call('/v1/identity/sign_in', {
      email: 'cashier@demo.pos',
      password: 'demo1234',
    });
    const { userToken } = await call('/v1/admin_login', { idToken });
    const auth = { authorization: `Bearer ${userToken}` };
    await call('/v1/admin/start_shift', {}, auth);
    await call('/v1/admin/set_float', { float: 200 }, auth);
    await call('/v1/checkout', cartOf(config, 1), { ...auth, 'idempotency-key': crypto.randomUUID() }); // warm
    await beforeCounted?.();
    statements = 0;
    await call('/v1/checkout', cartOf(config, 1), { ...auth, 'idempotency-key': crypto.randomUUID() });
    return statements;
  } finally {
    await app.close();
    await base.destroy();
  }
}

/** Sales of the floor (bare prepared statements, see `checkoutFloor`): unmeasured, then measured. */
const FLOOR_WARMUP_SALES = 500;
const FLOOR_SALES = 3000;

/** An SQL identifier, quoted. */
const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every row of every ordinary table of a SQLite file (FTS5 and its shadow tables left out: triggers fill them), with
 * what the floor needs to know of each table: its columns, its primary key, the columns of its unique keys, the tables
 * its foreign keys point at and the tables its triggers insert into. Read through a read-only connection of its own.
 */
function sqliteTables(Sqlite, file) {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Map();
    for (const { schema, name, type, wr } of db.pragma('table_list')) {
      if (schema !== 'main' || type !== 'table' || name.startsWith('sqlite_')) continue;
      const columns = db.pragma(`table_info(${quoted(name)})`);
      const key = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
      // An INTEGER PRIMARY KEY is the rowid: SQLite numbers the row when the insert leaves it out (as the server does).
      const rowid =
        wr === 0 && key.length === 1 && key[0].type.toUpperCase() === 'INTEGER' ? key[0].name : null;
      const unique = new Set(key.map((column) => column.name));
      for (const index of db.pragma(`index_list(${quoted(name)})`)) {
        if (index.unique !== 1) continue;
        for (const column of db.pragma(`index_info(${quoted(index.name)})`))
          if (column.name !== null) unique.add(column.name);
      }
      const triggers = db
        .prepare("select sql from sqlite_master where type = 'trigger' and tbl_name = ?")
        .all(name)
        .flatMap(({ sql }) => [...sql.matchAll(/\binsert\s+into\s+"?(\w+)/gi)].map((found) => found[1]));
      tables.set(name, {
        columns: columns.map((column) => column.name),
        key: key.map((column) => column.name),
        rowid,
        unique,
        references: new Set(db.pragma(`foreign_key_list(${quoted(name)})`).map((fk) => fk.table)),
        triggerInserts: new Set(triggers),
        rows: db.prepare(`select * from ${quoted(name)}`).all(),
      });
    }
    return tables;
  } finally {
    db.close();
  }
}

/**
 * A value unique to one sale made fresh for the floor's `sale`-th sale, the same length and alphabet: a number (an
 * invoice number) plus `sale`; a text ending in digits (an invoice id) with that number plus `sale`; any other (a
 * time-ordered or random id, a ticket id) with its last 8 characters (at most) replaced by `sale` in decimal.
 */
function freshValue(value, sale) {
  if (typeof value === 'number') return value + sale;
  const run = /[0-9A-Za-z]+$/.exec(value)?.[0];
  if (run === undefined) throw new Error(`floor: cannot make a fresh value of ${JSON.stringify(value)}`);
  if (/^[0-9]+$/.test(run))
    return value.slice(0, -run.length) + String(Number(run) + sale).padStart(run.length, '0');
  const width = Math.min(8, run.length);
  return value.slice(0, -width) + String(sale).padStart(width, '0');
}

/**
 * The floor of checkout on SQLite: what writing a checkout's rows costs at the least. One real checkout (1 pass line,
 * as the checkout path sends) on an app over a fresh SQLite file of its own, after a first one; every row of every
 * table read back before and after it: the rows it inserted and updated, whichever tables they are in. Then those
 * rows are written again, each sale in one `db.transaction` of better-sqlite3 on that file, opened with the server's
 * pragmas (createDb: WAL, synchronous = FULL, foreign keys on, busy timeout): one statement prepared once per
 * table's new rows (one multi-row insert, as the server writes them) and one per row updated (the invoice counter),
 * with no HTTP, no Kysely, no checks, no reads and no answer built. The values are the sale's own but for what must be
 * unique to each sale (every value of a unique key that no row had before the sale, found from the schema's keys:
 * ids, invoice id and number, idempotency key), made fresh wherever they occur (the order id in the lines, the mail's
 * event key, the answer stored with the key...), and a number the sale changed on an updated row (the counter) goes
 * up with each sale; all parameters are built before the clock starts. Tables that triggers fill (the order search,
 * the export columns of the order) are filled by the same triggers. The server group-commits (one sync of the disk
 * for the sales of a turn of its event loop), the floor commits (and syncs) every sale.
 *
 * Its CPU time is measured in this process (process.cpuUsage over FLOOR_SALES sales after FLOOR_WARMUP_SALES), before
 * the server's child processes start: nothing else runs here then.
 *
 * @returns CPU microseconds per sale (user and system too), the statements per sale, and what one sale writes
 *   (`table n`, rows).
 */
async function checkoutFloor() {
  const { default: Sqlite } = await import('better-sqlite3');
  const file = join(dir, 'floor.db');
  let before;
  await statementsPerCheckout(`sqlite:${file}`, undefined, () => {
    before = sqliteTables(Sqlite, file);
  });
  // Read once the app is closed: its last group commit is on disk.
  const after = sqliteTables(Sqlite, file);

  const tableJson = (rows) => new Set(rows.map((row) => JSON.stringify(row)));
  const keyOf = (table, row) => JSON.stringify(table.key.map((column) => row[column]));
  /** Per table: the rows the sale inserted, and the rows it updated with the row before. */
  const written = new Map();
  for (const [name, table] of after) {
    const old = before.get(name);
    if (old === undefined) throw new Error(`floor: table ${name} appeared during the checkout`);
    const oldJson = tableJson(old.rows);
    const newJson = tableJson(table.rows);
    const oldByKey = new Map(table.key.length === 0 ? [] : old.rows.map((row) => [keyOf(table, row), row]));
    const newKeys = new Set(table.rows.map((row) => keyOf(table, row)));
    if (
      old.rows.some(
        (row) =>
          !newJson.has(JSON.stringify(row)) && (table.key.length === 0 || !newKeys.has(keyOf(table, row))),
      )
    )
      throw new Error(`floor: the checkout deleted rows of ${name}, which the floor does not do`);
    const inserts = [];
    const updates = [];
    for (const row of table.rows) {
      if (oldJson.has(JSON.stringify(row))) continue;
      const prior = table.key.length === 0 ? undefined : oldByKey.get(keyOf(table, row));
      if (prior === undefined) inserts.push(row);
      else updates.push({ row, prior });
    }
    if (inserts.length > 0 || updates.length > 0) written.set(name, { table, inserts, updates });
  }
  // Rows that a trigger of another written table inserts are left to that trigger.
  const byTriggers = new Set([...written.values()].flatMap(({ table }) => [...table.triggerInserts]));
  for (const name of byTriggers) if (written.get(name)?.updates.length === 0) written.get(name).skip = true;

  // The values unique to this sale: those of a unique key's column that no row had there before the sale.
  const texts = new Set();
  const numbers = new Set(); // `table.column`
  for (const [name, { table, inserts }] of written) {
    for (const column of table.unique) {
      if (column === table.rowid) continue;
      const seen = new Set(before.get(name).rows.map((row) => row[column]));
      for (const row of inserts) {
        const value = row[column];
        if (value === null || seen.has(value)) continue;
        if (typeof value === 'number') numbers.add(`${name}.${column}`);
        else if (typeof value === 'string') texts.add(value);
      }
    }
  }
  // A value holding another (the mail's event key `sale:<order id>`) follows it.
  const identities = [...texts].filter(
    (text) => ![...texts].some((other) => other !== text && text.includes(other)),
  );
  const freshText = (value, sale) => {
    if (typeof value !== 'string') return value;
    let text = value;
    for (const identity of identities)
      if (text.includes(identity)) text = text.replaceAll(identity, freshValue(identity, sale));
    return text;
  };

  // Referenced tables first (foreign keys are checked at each statement).
  const order = [];
  const visit = (name, path = new Set()) => {
    if (order.includes(name) || path.has(name)) return;
    path.add(name);
    for (const target of written.get(name).table.references) if (written.has(target)) visit(target, path);
    order.push(name);
  };
  for (const name of [...written.keys()].sort()) visit(name);

  const db = new Sqlite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = FULL');
    /** Each statement, and its parameters for the `sale`-th sale. */
    const statements = [];
    for (const name of order) {
      const { table, inserts, updates, skip } = written.get(name);
      if (inserts.length > 0 && !skip) {
        const columns = table.columns.filter((column) => column !== table.rowid);
        const tuple = `(${columns.map(() => '?').join(', ')})`;
        statements.push({
          statement: db.prepare(
            `insert into ${quoted(name)} (${columns.map(quoted).join(', ')}) values ${inserts.map(() => tuple).join(', ')}`,
          ),
          parameters: (sale) =>
            inserts.flatMap((row) =>
              columns.map((column) =>
                numbers.has(`${name}.${column}`)
                  ? freshValue(row[column], sale)
                  : freshText(row[column], sale),
              ),
            ),
        });
      }
      for (const { row, prior } of updates) {
        const changed = table.columns.filter((column) => row[column] !== prior[column]);
        statements.push({
          statement: db.prepare(
            `update ${quoted(name)} set ${changed.map((column) => `${quoted(column)} = ?`).join(', ')} where ${table.key.map((column) => `${quoted(column)} = ?`).join(' and ')}`,
          ),
          parameters: (sale) => [
            ...changed.map((column) =>
              typeof row[column] === 'number' && typeof prior[column] === 'number'
                ? row[column] + sale
                : freshText(row[column], sale),
            ),
            ...table.key.map((column) => prior[column]),
          ],
        });
      }
    }
    const sales = Array.from({ length: FLOOR_WARMUP_SALES + FLOOR_SALES }, (_, index) =>
      statements.map(({ parameters }) => parameters(index + 1)),
    );
    const runs = statements.map(({ statement }) => statement);
    const sell = db.transaction((parameters) => {
      for (let i = 0; i < runs.length; i += 1) runs[i].run(parameters[i]);
    });
    const counts = () =>
      new Map(
        [...written].map(([name]) => [name, db.prepare(`select count(*) as n from ${quoted(name)}`).get().n]),
      );
    const first = counts();
    for (let i = 0; i < FLOOR_WARMUP_SALES; i += 1) sell(sales[i]);
    const start = process.cpuUsage();
    for (let i = FLOOR_WARMUP_SALES; i < sales.length; i += 1) sell(sales[i]);
    const used = process.cpuUsage(start);
    // Every sale wrote as many rows in each table as the checkout did (a trigger's too).
    for (const [name, n] of counts()) {
      const expected = written.get(name).inserts.length * sales.length;
      if (n - first.get(name) !== expected)
        throw new Error(`floor: ${name} grew by ${n - first.get(name)} rows, not ${expected}`);
    }
    const rows = order.map((name) => {
      const { inserts, updates, skip } = written.get(name);
      return [
        inserts.length > 0 ? `${name} ${inserts.length}${skip ? ' (by trigger)' : ''}` : '',
        updates.length > 0 ? `${name} ${updates.length} updated` : '',
      ]
        .filter(Boolean)
        .join(', ');
    });
    return {
      cpu: (used.user + used.system) / FLOOR_SALES,
      user: used.user / FLOOR_SALES,
      system: used.system / FLOOR_SALES,
      statements: statements.length,
      rows: rows.join(', '),
    };
  } finally {
    db.close();
  }
}

/** A checkout of `quantity` Day Pass Adult paid exactly in cash. */
function cartOf(config, quantity) {
  return {
    origin: config.store,
    email: 'bench@example.com',
    items: [
      {
        sku: 'DAY-ADULT',
        name: 'Day Pass',
        category: 'Day Pass',
        group: 'Adult',
        quantity,
        min_qty: 1,
        usage_limit: 1,
        type: 'PASS',
        price: { value: 49, currency: 'MYR' },
        visit_date: sdk.venueDayStart(new Date(), config.timeZone).toISOString(),
      },
    ],
    num_items: quantity,
    subtotal: 49 * quantity,
    payment: { methods: [{ type: 'CASH', amount: 49 * quantity }], change: 0 },
  };
}

/** Every path of the issue on one engine, each between two measurements of the bare route. */
async function benchEngine(label, databaseUrl, schema) {
  const config = server.loadConfig({
    POS_DATABASE_URL: databaseUrl,
    POS_DATA_DIR: dir,
    POS_LOG_LEVEL: 'silent',
  });
  const statements = await statementsPerCheckout(databaseUrl, schema && `${schema}_count`);
  const floor =
    server.databaseEngine(databaseUrl) === 'sqlite' && (only === undefined || only.has('checkout'))
      ? await checkoutFloor()
      : undefined;
  const bare = await child('bare');
  const pos = await child('pos', databaseUrl, ...(schema ? [schema] : []));
  try {
    const bareRoute = () => loadTest(bare, () => send(`${bare.url}/`, { method: 'GET' }));
    const bares = [await bareRoute()];
    const call = async (path, body, headers = {}) => {
      const answer = await send(`${pos.url}${path}`, {
        body,
        headers: { 'x-host-name': HOST, ...auth, ...headers },
      });
      if (answer.status >= 400) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
      return JSON.parse(answer.text);
    };
    let auth = {};
    const { idToken } = await call('/v1/identity/sign_in', {
      email: 'cashier@demo.pos',
      password: 'demo1234',
    });
    const { userToken } = await call('/v1/admin_login', { idToken });
    auth = { authorization: `Bearer ${userToken}` };
    await call('/v1/admin/start_shift');
    await call('/v1/admin/set_float', { float: 200 });
    const post = (path, body, headers = {}) =>
      send(`${pos.url}${path}`, { body, headers: { 'x-host-name': HOST, ...auth, ...headers } });

    const one = cartOf(config, 1);
    // Each path measured, then the bare route again: its ratio is to the bare route just before and just after it.
    const pathTest = async (name, next) => {
      if (only !== undefined && !only.has(name)) return skipped;
      const figure = await loadTest(pos, next);
      const before = bares.at(-1);
      const after = await bareRoute();
      bares.push(after);
      return { ...figure, bare: (before.rps + after.rps) / 2, bareCpu: (before.cpu + after.cpu) / 2 };
    };
    const checkout = await pathTest('checkout', () =>
      post('/v1/checkout', one, { 'idempotency-key': crypto.randomUUID() }),
    );
    const replayKey = crypto.randomUUID();
    const first = await call('/v1/checkout', one, { 'idempotency-key': replayKey });
    const replay = await pathTest('replay', () =>
      post('/v1/checkout', one, { 'idempotency-key': replayKey }),
    );
    const ticketId = first.tickets[0]._id;
    const getTicket = await pathTest('getTicket', () =>
      post('/v1/admin/get_ticket', { ticket_id: ticketId }),
    );
    // Fresh tickets for the redeems: orders of 100 passes each, made before the clock starts.
    const fresh = [];
    while (
      (only === undefined || only.has('redeem')) &&
      fresh.length < Math.max(2000, Math.ceil(Math.max(getTicket.rps, 5000) * (SECONDS + WARMUP_SECONDS)))
    ) {
      const receipt = await call('/v1/checkout', cartOf(config, 100), {
        'idempotency-key': crypto.randomUUID(),
      });
      for (const ticket of receipt.tickets) fresh.push(ticket._id);
    }
    const redeem = await pathTest('redeem', () => {
      const id = fresh.pop();
      return id === undefined ? null : post(`/v2/check_ticket_redeem/${id}`, {});
    });
    const startShift = await pathTest('startShift', () => post('/v1/admin/start_shift', {}));
    const rates = bares.map((figure) => figure.rps);
    const baseline = {
      rps: rates.reduce((sum, rps) => sum + rps, 0) / rates.length,
      p50: bares.reduce((sum, figure) => sum + figure.p50, 0) / bares.length,
      p99: bares.reduce((sum, figure) => sum + figure.p99, 0) / bares.length,
      failures: bares.reduce((sum, figure) => sum + figure.failures, 0),
      cpu: bares.reduce((sum, figure) => sum + figure.cpu, 0) / bares.length,
      lowest: Math.min(...rates),
      highest: Math.max(...rates),
      runs: rates.length,
    };
    return { label, statements, floor, baseline, paths: { checkout, replay, getTicket, redeem, startShift } };
  } finally {
    await Promise.all([bare.stop(), pos.stop()]);
  }
}

const results = [];
const dir = mkdtempSync(join(tmpdir(), 'pos-bench-'));
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
try {
  if (engines.includes('sqlite')) results.push(await benchEngine('SQLite', `sqlite:${join(dir, 'pos.db')}`));
  const pgUrl = process.env.POS_TEST_DATABASE_URL;
  if (pgUrl && engines.includes('postgres')) {
    const schema = `pos_bench_${process.pid}`;
    const { default: pg } = await import(new URL('node_modules/pg/lib/index.js', root).href);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      for (const name of [schema, `${schema}_count`]) await admin.query(`CREATE SCHEMA ${name}`);
      results.push(await benchEngine('PostgreSQL', pgUrl, schema));
    } finally {
      for (const name of [schema, `${schema}_count`])
        await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await admin.end();
    }
  } else if (engines.includes('postgres')) {
    console.log(
      'PostgreSQL skipped: set POS_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  }
} finally {
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}

const names = {
  checkout: 'POST /v1/checkout (1 pass, new key)',
  replay: 'POST /v1/checkout (replayed key)',
  getTicket: 'POST /v1/admin/get_ticket',
  redeem: 'POST /v2/check_ticket_redeem (fresh tickets)',
  startShift: 'POST /v1/admin/start_shift',
};
for (const { label, statements, floor, baseline, paths } of results) {
  console.log(
    `\n${label}, ${CONNECTIONS} connections, ${SECONDS} s per path after ${WARMUP_SECONDS} s unmeasured`,
  );
  const table = [['path', 'req/s', 'x bare', 'p50 ms', 'p99 ms', 'errors', 'CPU us/req', 'x bare CPU']];
  table.push([
    'GET / on bare Fastify (baseline, mean)',
    baseline.rps.toFixed(0),
    '1.000',
    baseline.p50.toFixed(2),
    baseline.p99.toFixed(2),
    String(baseline.failures),
    baseline.cpu.toFixed(0),
    '1.000',
  ]);
  for (const [key, figure] of Object.entries(paths)) {
    if (figure.skipped) continue;
    table.push([
      names[key],
      figure.rps.toFixed(0),
      (figure.rps / figure.bare).toFixed(3),
      figure.p50.toFixed(2),
      figure.p99.toFixed(2),
      String(figure.failures),
      figure.cpu.toFixed(0),
      (figure.bareCpu / figure.cpu).toFixed(3),
    ]);
  }
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  for (const row of table)
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    );
  console.log(
    `bare route measured ${baseline.runs} times, before and after each path: ${baseline.lowest.toFixed(0)} to ${baseline.highest.toFixed(0)} req/s (each path's ratio is to the two beside it)`,
  );
  console.log(`statements per checkout (1 pass line, BEGIN/COMMIT not counted): ${statements}`);
  if (floor !== undefined) {
    console.log(
      `floor: the rows of one checkout by bare prepared statements in one transaction (${label}): ${floor.cpu.toFixed(0)} us/sale; checkout's CPU us/req = ${(paths.checkout.cpu / floor.cpu).toFixed(1)} x floor`,
    );
    console.log(
      `floor's statements per sale: ${floor.statements} (rows: ${floor.rows}); its CPU: ${floor.user.toFixed(0)} us user + ${floor.system.toFixed(0)} us system (a sync of the disk per sale, where the server syncs once per group of sales)`,
    );
  }
}
console.log('');

const rows = [];
// Money: exact integer-sen totals with discounts vs. a bare integer sum, both over 50 lines.
const lines = Array.from({ length: 50 }, (_, i) => ({
  sku: `SKU-${i}`,
  name: `Item ${i}`,
  category: 'Merchandise',
  type: 'MERCHANDISE',
  quantity: (i % 5) + 1,
  price: sdk.sen(1000 + i * 7),
  ...(i % 3 === 0
    ? { discount: { type: 'percentage', value: 33.33, amount: sdk.sen(100), approver: 'u' } }
    : {}),
}));
const plain = lines.map((line) => line.price * line.quantity);
const iterations = count(20_000);
let sink = 0;
const sumStart = performance.now();
for (let i = 0; i < iterations; i += 1) {
  let total = 0;
  for (const value of plain) total += value;
  sink += total;
}
const sumMs = (performance.now() - sumStart) / iterations;
const totalsStart = performance.now();
for (let i = 0; i < iterations; i += 1) sink += sdk.cartTotals(lines).subtotal;
const totalsMs = (performance.now() - totalsStart) / iterations;
rows.push(['plain integer sum, 50 lines (baseline)', sumMs, 1]);
rows.push(['cartTotals, 50 lines in sen with discounts', totalsMs, totalsMs / sumMs]);
if (sink === 0) console.error('unreachable');

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`${'benchmark'.padEnd(width)}  ${'mean ms'.padStart(10)}  ${'× baseline'.padStart(10)}`);
for (const [name, ms, ratio] of rows) {
  console.log(`${name.padEnd(width)}  ${ms.toFixed(4).padStart(10)}  ${ratio.toFixed(2).padStart(10)}`);
}
