// The scale benchmark's databases: made once by the server's own migrations and demo seed, then filled by bulk
// SQL with the rows of ./generate.mjs, and kept for the next run (keyed by size, venue day, time zone, the
// migrations' code and the generator's version). SQLite: a file under bench/results/cache/ (BENCH_CACHE_DIR);
// PostgreSQL: a schema `pos_scale_<orders>_<key>` of POS_TEST_DATABASE_URL.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BATCH_TABLES, createGenerator, TABLES } from './generate.mjs';

/** Orders per generated batch (one statement per table on PostgreSQL). */
const BATCH = 2_000;
/** Orders per transaction. */
const TRANSACTION = 100_000;

const EXTRA_STAFF = [
  ['Farah', 'Aziz'],
  ['Wei Jie', 'Tan'],
  ['Priya', 'Nair'],
  ['Daniel', 'Lim'],
  ['Aina', 'Ismail'],
  ['Kumar', 'Raj'],
  ['Mei Ling', 'Wong'],
  ['Hafiz', 'Rahman'],
  ['Sarah', 'Chong'],
  ['Irfan', 'Yusof'],
];
const EXTRA_MANAGER = ['Lakshmi', 'Menon'];
const EXTRA_TERMINALS = ['TICKET02', 'TICKET03'];

/**
 * The key of a database's contents: what it was made from (the migrations' names and source files, the generator's
 * code, the size, the venue day and time zone, the store). The sources, not the bundled functions: the bundler
 * renames a migration's imports whenever another module of its chunk changes, which made the key (and a 10 minute
 * rebuild) follow changes that do not touch the schema.
 */
export function cacheKey({ server, orders, today, timeZone, store, venueDay }) {
  const folder = new URL('../../packages/pos-server/src/db/migrations/', import.meta.url);
  // The database is made by the built server: a migration edited since the build would be cached under its new key.
  const built = statSync(new URL('../../packages/pos-server/dist/index.js', import.meta.url)).mtimeMs;
  const edited = readdirSync(folder).filter((file) => statSync(new URL(file, folder)).mtimeMs > built);
  if (edited.length > 0) {
    throw new Error(
      `pos-server's dist is older than its migrations (${edited.join(', ')}): run npm run build first`,
    );
  }
  const migrations = [
    Object.keys(server.MIGRATIONS),
    ...readdirSync(folder)
      .sort()
      .map((file) => [file, readFileSync(new URL(file, folder), 'utf8')]),
  ];
  const generator = ['generate.mjs', 'database.mjs'].map((file) =>
    readFileSync(new URL(file, import.meta.url), 'utf8'),
  );
  return createHash('sha1')
    .update(JSON.stringify({ generator, migrations, orders, today, timeZone, store, venueDay }))
    .digest('hex')
    .slice(0, 10);
}

/** The demo catalogue as the generator sells it (no membership: it needs members). */
function catalogueOf(server) {
  const weights = {
    'DAY-ADULT': 40,
    'DAY-CHILD': 20,
    'PUNCH-10': 5,
    'GROUP-5': 5,
    'GRIP-S': 4,
    'GRIP-M': 6,
    'GRIP-L': 4,
    'BOTTLE-750': 8,
  };
  const products = [];
  for (const pass of server.DEMO_PASSES) {
    for (const variant of pass.variants) {
      if (weights[variant.sku] === undefined) continue;
      products.push({
        type: 'PASS',
        sku: variant.sku,
        name: pass.name,
        category: pass.category,
        group: variant.group,
        price: Math.round(variant.price * 100),
        minQty: variant.minQty,
        usageLimit: variant.usageLimit,
        duration: { value: variant.duration[0], unit: variant.duration[1] },
        weight: weights[variant.sku],
      });
    }
  }
  for (const product of server.DEMO_MERCHANDISE) {
    for (const [sku, size, price] of product.variants) {
      if (weights[sku] === undefined) continue;
      products.push({
        type: 'MERCHANDISE',
        sku,
        name: product.name,
        category: 'Merchandise',
        group: size,
        price: Math.round(price * 100),
        minQty: 1,
        usageLimit: 1,
        weight: weights[sku],
      });
    }
  }
  return products;
}

/**
 * Runs the migrations and the demo seed through the server's code, then adds what a venue that has sold for years
 * has: more staff (sharing the demo password), two more terminals, its settings (the time zone of "today").
 *
 * @returns the staff ids that sell and the managers.
 */
async function migrateAndSeed(server, db, { store, timeZone, now }) {
  await server.migrateToLatest(db);
  await server.seedDemo(db, { store, now });
  const demo = await db.selectFrom('staff').selectAll().orderBy('email').execute();
  const cashier = demo.find((row) => row.role === 'staff');
  const at = now.toISOString();
  const staff = EXTRA_STAFF.map(([first, last], i) => ({ first, last, role: 'staff', i }));
  staff.push({ first: EXTRA_MANAGER[0], last: EXTRA_MANAGER[1], role: 'manager', i: staff.length });
  for (const member of staff) {
    await db
      .insertInto('staff')
      .values({
        id: `00000000-0000-4000-8000-${String(member.i + 1).padStart(12, '0')}`,
        email: `${member.first.toLowerCase().replace(' ', '')}.${member.last.toLowerCase()}@venue.example`,
        first_name: member.first,
        last_name: member.last,
        password_hash: cashier.password_hash,
        pin_hash: cashier.pin_hash,
        active: 1,
        created_at: at,
        role: member.role,
      })
      .execute();
  }
  for (const id of EXTRA_TERMINALS) {
    await db
      .insertInto('terminals')
      .values({ id, store, created_at: at, last_seen_at: at, registered_by: 'pos-server' })
      .execute();
  }
  await db
    .insertInto('venue_settings')
    .values({
      store,
      name: 'Demo Climbing Gym',
      address: '1 Jalan Bench, Kuala Lumpur',
      registration_no: '202601000001 (1234567-X)',
      phone: '+60 3-1234 5678',
      receipt_footer: 'Thank you for climbing with us!',
      time_zone: timeZone,
      currency_display: 'RM',
      updated_at: at,
      updated_by: null,
    })
    .execute();
  const all = await db.selectFrom('staff').select(['id', 'role']).execute();
  return {
    cashiers: all.filter((row) => row.role === 'staff').map((row) => row.id),
    managers: all.filter((row) => row.role === 'manager').map((row) => row.id),
    terminals: [server.DEFAULT_HOST_ID, ...EXTRA_TERMINALS],
  };
}

const counts = () => Object.fromEntries(BATCH_TABLES.map((table) => [table, 0]));

/**
 * What the server keeps beside the orders for the sales summary, made after a bulk load that wrote the orders with
 * the triggers off: the hourly roll-up added up from the orders (`refillSalesRollup`, as migration 0027 fills it), and
 * the expected takings of the closed shifts (`fillShiftExpectations`, as pos-server does at its start), through the
 * server's own code.
 */
async function summaryFigures(server, url, options, label) {
  const started = performance.now();
  process.stdout.write(`${label}: sales roll-up and shifts' expected takings … `);
  const db = server.createDb(url, options);
  try {
    await db.transaction().execute((trx) => server.refillSalesRollup(trx));
    await server.fillShiftExpectations(db);
  } finally {
    await db.destroy();
  }
  process.stdout.write(`${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

/** Fills the rows of `generator` through `write(table, rows)`, one transaction per TRANSACTION orders. */
async function fill(generator, orders, { begin, write, commit, progress }) {
  const written = counts();
  for (let done = 0; done < orders; ) {
    await begin();
    const until = Math.min(orders, done + TRANSACTION);
    while (done < until) {
      const rows = generator.batch(Math.min(BATCH, until - done));
      done += rows.orders.length;
      for (const table of BATCH_TABLES) {
        if (rows[table].length === 0) continue;
        await write(table, rows[table]);
        written[table] += rows[table].length;
      }
    }
    await commit();
    progress(done);
  }
  return written;
}

const progressLine = (label, total, started) => (done) => {
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `\r${label}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} orders, ${seconds.toFixed(0)} s   `,
  );
  if (done === total) process.stdout.write('\n');
};

/** Today's orders with an email (the cashier's searches): emails, their local parts, name parts, invoice ids. */
export function searchTexts(rows) {
  const texts = [];
  for (const { email, invoice } of rows) {
    const local = email.split('@')[0];
    texts.push(
      { kind: 'email', text: email },
      { kind: 'email local part', text: local },
      { kind: 'invoice id', text: invoice },
      { kind: 'name part', text: local.split(/[._\d]/)[0] },
    );
  }
  return texts;
}

const TODAY_SAMPLE = `select o.customer_email as email, i.id as invoice from orders o join invoices i on i.order_id = o.id
  where o.created_at >= ? and o.customer_email is not null order by o.id limit 50`;

/**
 * The SQLite database of the benchmark: the cached file when there is one, else made now.
 *
 * @returns its path, how long it took to make (null when cached) and what is in it.
 */
export async function prepareSqlite(context) {
  const { server, sdk, orders, today, timeZone, store, now, rebuild, cacheDir, key } = context;
  mkdirSync(cacheDir, { recursive: true });
  const name = `scale-${orders}-${key}.db`;
  const path = join(cacheDir, name);
  const { default: BetterSqlite3 } = await import(
    new URL('../../node_modules/better-sqlite3/lib/index.js', import.meta.url).href
  );
  let seconds = null;
  let written = null;
  if (rebuild || !existsSync(path)) {
    for (const file of readdirSync(cacheDir)) {
      if (file.startsWith(`scale-${orders}-`)) rmSync(join(cacheDir, file), { force: true });
    }
    const building = `${path}.building`;
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
    const started = performance.now();
    const db = server.createDb(`sqlite:${building}`);
    const people = await migrateAndSeed(server, db, { store, timeZone, now });
    await db.destroy();

    const database = new BetterSqlite3(building);
    // A bulk load: the rollback journal in memory (WAL again at the end), no sync, no foreign key checks (the rows
    // are consistent by construction). The schema's indexes and triggers (the search index of 0013) stay and are
    // kept in step as rows go in.
    database.pragma('journal_mode = MEMORY');
    database.pragma('synchronous = OFF');
    database.pragma('foreign_keys = OFF');
    database.pragma('cache_size = -1048576');
    database.pragma('temp_store = MEMORY');
    // The indexes that back no constraint are built after the load, from their own definitions.
    const indexes = database
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and sql is not null
          and tbl_name in (${BATCH_TABLES.map(() => '?').join(', ')})`,
      )
      .all(...BATCH_TABLES);
    for (const { name } of indexes) database.exec(`drop index ${name}`);
    // The triggers that copy invoices, lines and tenders onto their order (migration 0015) would look them up
    // without their indexes: the generator writes those columns itself, and the triggers come back after the load.
    const exportTriggers = database
      .prepare(
        `select name, sql from sqlite_master where type = 'trigger' and name like '%\\_order\\_export' escape '\\'`,
      )
      .all();
    for (const { name } of exportTriggers) database.exec(`drop trigger ${name}`);
    // The sales summary's roll-up (migration 0027) is added up once after the load, not kept row by row during it.
    const rollupTriggers = database
      .prepare(
        `select name, sql from sqlite_master where type = 'trigger' and name like '%\\_sales\\_rollup' escape '\\'`,
      )
      .all();
    for (const { name } of rollupTriggers) database.exec(`drop trigger ${name}`);
    const generator = createGenerator({
      ...people,
      orders,
      today,
      now,
      timeZone,
      store,
      catalogue: catalogueOf(server),
      sdk,
      ticketValidity: server.ticketValidity,
    });
    // Multi-row inserts: the search index's triggers still run for every row, and FTS5 writes its pending
    // terms once per statement instead of once per row (twenty times faster here).
    const prepared = new Map();
    const insert = (table, count) => {
      const key = `${table}:${count}`;
      let statement = prepared.get(key);
      if (statement === undefined) {
        const columns = Object.keys(TABLES[table]);
        const row = `(${columns.map(() => '?').join(', ')})`;
        statement = database.prepare(
          `insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: count }, () => row).join(', ')}`,
        );
        prepared.set(key, statement);
      }
      return statement;
    };
    const writeRows = (table, rows) => {
      const perStatement = Math.min(500, Math.floor(32_000 / Object.keys(TABLES[table]).length));
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        insert(table, chunk.length).run(chunk.flat());
      }
    };
    database.transaction(() => writeRows('shifts', generator.shifts))();
    written = await fill(generator, orders, {
      begin: () => database.exec('begin'),
      write: writeRows,
      commit: () => database.exec('commit'),
      progress: progressLine('SQLite: generating', orders, started),
    });
    written.shifts = generator.shifts.length;
    process.stdout.write(`SQLite: building ${indexes.length} indexes … `);
    const indexStarted = performance.now();
    for (const { sql } of indexes) database.exec(sql);
    for (const { sql } of exportTriggers) database.exec(sql);
    for (const { sql } of rollupTriggers) database.exec(sql);
    process.stdout.write(`${((performance.now() - indexStarted) / 1000).toFixed(0)} s\n`);
    database
      .prepare(
        `insert into invoice_counters (store, last_number) values (?, ?)
         on conflict (store) do update set last_number = excluded.last_number`,
      )
      .run(store, orders);
    database.pragma('journal_mode = WAL');
    database.close();
    await summaryFigures(server, `sqlite:${building}`, {}, 'SQLite');
    renameSync(building, path);
    seconds = (performance.now() - started) / 1000;
  }
  const database = new BetterSqlite3(path, { readonly: true });
  const todayStart = sdk.venueDayStart(now, timeZone).toISOString();
  const sample = database.prepare(TODAY_SAMPLE).all(todayStart);
  const rowCounts =
    written ??
    Object.fromEntries(
      ['shifts', ...BATCH_TABLES].map((table) => [
        table,
        database.prepare(`select count(*) as n from ${table}`).get().n,
      ]),
    );
  const oldest = database.prepare('select min(created_at) as at from orders').get().at;
  const sqliteVersion = database.prepare('select sqlite_version() as v').get().v;
  database.close();
  const bytes = ['', '-wal'].reduce(
    (sum, suffix) => sum + (existsSync(`${path}${suffix}`) ? statSync(`${path}${suffix}`).size : 0),
    0,
  );
  return {
    url: `sqlite:${path}`,
    serverUrl: `sqlite:${path}`,
    where: path,
    seconds,
    rows: rowCounts,
    bytes,
    oldest,
    texts: searchTexts(sample),
    version: `SQLite ${sqliteVersion}`,
    drop: () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    },
  };
}

/** The URL the server is started with to use `schema` (the pg driver takes `options` from the URL). */
export function schemaUrl(url, schema) {
  const parsed = new URL(url);
  parsed.searchParams.set(
    'options',
    `-c search_path=${schema} -c idle_in_transaction_session_timeout=${30_000}`,
  );
  return parsed.href;
}

/**
 * The PostgreSQL schema of the benchmark: the cached one when it exists (complete), else made now.
 *
 * @returns its URL for the server, how long it took to make (null when cached) and what is in it.
 */
export async function preparePostgres(context) {
  const { server, sdk, orders, today, timeZone, store, now, rebuild, key, pgUrl } = context;
  const schema = `pos_scale_${orders}_${key}`;
  const { default: pg } = await import(new URL('../../node_modules/pg/lib/index.js', import.meta.url).href);
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const complete = await client.query(
      `select 1 from pg_namespace n join pg_description d on d.objoid = n.oid
        where n.nspname = $1 and d.description = 'complete'`,
      [schema],
    );
    let seconds = null;
    let written = null;
    if (rebuild || complete.rowCount === 0) {
      const stale = await client.query(
        `select nspname from pg_namespace where nspname like $1 or nspname = $2`,
        [`pos_scale\\_${orders}\\_%`, schema],
      );
      for (const { nspname } of stale.rows) await client.query(`drop schema ${nspname} cascade`);
      const started = performance.now();
      await client.query(`create schema ${schema}`);
      const db = server.createDb(pgUrl, { schema });
      const people = await migrateAndSeed(server, db, { store, timeZone, now });
      await db.destroy();

      await client.query(`set search_path = ${schema}`);
      await client.query(`set synchronous_commit = off`);
      await client.query(`set maintenance_work_mem = '512MB'`);
      // No foreign key checks during the load (rows consistent by construction) when the role may skip them.
      await client.query(`set session_replication_role = replica`).catch(() => {});
      // The indexes that back no constraint are built after the load, from their own definitions.
      const { rows: indexes } = await client.query(
        `select i.indexname, i.indexdef from pg_indexes i
          where i.schemaname = $1 and i.tablename = any($2)
            and not exists (select 1 from pg_constraint c
              where c.conname = i.indexname and c.connamespace = $1::regnamespace)`,
        [schema, BATCH_TABLES],
      );
      for (const { indexname } of indexes) await client.query(`drop index ${indexname}`);

      const generator = createGenerator({
        ...people,
        orders,
        today,
        now,
        timeZone,
        store,
        catalogue: catalogueOf(server),
        sdk,
        ticketValidity: server.ticketValidity,
      });
      const insertSql = (table) => {
        const columns = Object.entries(TABLES[table]);
        return `insert into ${table} (${columns.map(([name]) => name).join(', ')})
          select * from unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;
      };
      const sqlOf = Object.fromEntries(['shifts', ...BATCH_TABLES].map((table) => [table, insertSql(table)]));
      const columnsOf = (rows) => rows[0].map((_, column) => rows.map((row) => row[column]));
      await client.query(sqlOf.shifts, columnsOf(generator.shifts));
      // One statement in flight while the next batch is generated.
      let pending = Promise.resolve();
      written = await fill(generator, orders, {
        begin: async () => {
          await pending;
          await client.query('begin');
        },
        write: async (table, rows) => {
          await pending;
          pending = client.query(sqlOf[table], columnsOf(rows));
          pending.catch(() => {}); // reported where it is awaited
        },
        commit: async () => {
          await pending;
          await client.query('commit');
        },
        progress: progressLine('PostgreSQL: generating', orders, started),
      });
      written.shifts = generator.shifts.length;
      await client.query(
        `insert into invoice_counters (store, last_number) values ($1, $2)
         on conflict (store) do update set last_number = excluded.last_number`,
        [store, orders],
      );
      process.stdout.write(`PostgreSQL: building ${indexes.length} indexes … `);
      const indexStarted = performance.now();
      for (const { indexdef } of indexes) await client.query(indexdef);
      process.stdout.write(`${((performance.now() - indexStarted) / 1000).toFixed(0)} s; vacuum analyze … `);
      for (const table of ['shifts', ...BATCH_TABLES, 'staff', 'terminals']) {
        await client.query(`vacuum analyze ${table}`);
      }
      process.stdout.write('done\n');
      // The load ran with triggers off (replica role): the sales summary's roll-up is added up now, after the
      // statistics (the shifts' reports are planned with them).
      await summaryFigures(server, pgUrl, { schema }, 'PostgreSQL');
      for (const table of ['shifts', 'sales_hours', 'sales_hour_products']) {
        await client.query(`vacuum analyze ${table}`);
      }
      await client.query(`comment on schema ${schema} is 'complete'`);
      seconds = (performance.now() - started) / 1000;
    }
    await client.query(`set search_path = ${schema}`);
    const todayStart = sdk.venueDayStart(now, timeZone).toISOString();
    const sample = await client.query(TODAY_SAMPLE.replace('?', '$1'), [todayStart]);
    let rowCounts = written;
    if (rowCounts === null) {
      rowCounts = {};
      for (const table of ['shifts', ...BATCH_TABLES]) {
        rowCounts[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
      }
    }
    const oldest = (await client.query('select min(created_at) as at from orders')).rows[0].at;
    const size = await client.query(
      `select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes from pg_class c
        where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'm')`,
      [schema],
    );
    const version = (await client.query('show server_version')).rows[0].server_version;
    return {
      url: pgUrl,
      schema,
      serverUrl: schemaUrl(pgUrl, schema),
      where: `schema ${schema}`,
      seconds,
      rows: rowCounts,
      bytes: Number(size.rows[0].bytes),
      oldest,
      texts: searchTexts(sample.rows),
      version: `PostgreSQL ${version}`,
      drop: async () => {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        try {
          await admin.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await admin.end();
        }
      },
    };
  } finally {
    await client.end();
  }
}
