#!/usr/bin/env node
// The scale benchmark (issue "Order history at a million orders"): the order history calls on a database of a
// million orders, beside a bare Fastify JSON route measured in the same run. Figures are reported against the
// issue's goals, never asserted.
//
//   npm run build && npm run bench:scale
//   BENCH_ORDERS=100000 npm run bench:scale                         (a quick run)
//   POS_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale   (PostgreSQL too)
//
// The database (bench/scale/database.mjs): the server's migrations and demo seed, then BENCH_ORDERS orders
// (1,000,000; BENCH_TODAY of them today in the venue's time zone, default 1 %) with their lines, tenders,
// tickets, invoices, customer emails and mail, by bulk SQL in transactions of 100,000 orders. It is kept between
// runs: SQLite in bench/results/cache/ (BENCH_CACHE_DIR), PostgreSQL as the schema `pos_scale_<orders>_<key>` of
// POS_TEST_DATABASE_URL. The key changes with the venue day, the migrations and the generator, so a run on
// another day or after a schema change makes it anew. BENCH_REBUILD=1 makes it anew anyway; BENCH_DROP=1 deletes
// it after the run; BENCH_GENERATE_ONLY=1 only makes it. BENCH_ENGINES=sqlite (or postgres) runs one engine only;
// BENCH_CPU_PROF=<dir> runs each pos-server under `node --cpu-prof`, its profile written there when it stops
// (`node bench/profileTop.mjs <file>` lists the busy time).
// BENCH_ONLY=export measures the start and the export only (not the bare route nor get_orders); BENCH_ONLY=summary
// the bare route, the start and the sales summary only.
//
// What is measured, with the server (`pos-server serve`, the built bin) in a child process:
// - server start: BENCH_STARTS (3) starts on the big database, migrations already applied, each timed from the
//   spawn to the first answer of GET /v1/health; the median is reported;
// - export: export_order_report of every order as CSV, streamed over HTTP right after a start: rows/s, and the
//   server's peak RSS (VmHWM of /proc/<pid>/status after the export; VmRSS sampled every 50 ms during it); an
//   export still running after BENCH_EXPORT_SECONDS (300) is cut and reported as partial;
// - get_orders, BENCH_REQUESTS (300, at least 200) requests per path after 20 warm-up ones, on BENCH_CONNECTIONS
//   (1) keep-alive connections: the first page (50 rows) of today as the orders screen opens it, the first page of
//   the whole history, and searches (a customer's email, its local part, a name part, an invoice id of today's
//   orders, in turn) over today and over the whole history; p50, p95, p99 and req/s;
// - sales_summary (the manager's dashboard), BENCH_REQUESTS requests per period the same way: the last 31 venue days
//   and the last 366 (to today, all stores); p50, p95, p99;
// - the bare Fastify route (`bench/server.mjs bare`), the same way, just before.
// It prints a table and writes the figures as JSON to bench/results/scale-<time>.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cacheKey, preparePostgres, prepareSqlite } from './scale/database.mjs';

const root = new URL('../', import.meta.url);
const load = async (path) => {
  try {
    return await import(new URL(path, root).href);
  } catch (error) {
    console.error(`bench:scale: ${path} is missing; run \`npm run build\` first (${error.message})`);
    process.exit(2);
  }
};
const server = await load('packages/pos-server/dist/index.js');
// The SDK's venue-day rules (venueDayStart, venueDate, venueDayRange) are pos-sdk/rules'.
const sdk = await load('packages/pos-sdk/dist/rules/index.js');

const env = process.env;
const ORDERS = Math.max(1000, Number(env.BENCH_ORDERS ?? 1_000_000));
const TODAY = Math.min(ORDERS, Number(env.BENCH_TODAY ?? Math.round(ORDERS / 100)));
const REQUESTS = Math.max(200, Number(env.BENCH_REQUESTS ?? 300));
const WARMUP = 20;
const CONNECTIONS = Math.max(1, Number(env.BENCH_CONNECTIONS ?? 1));
const STARTS = Math.max(1, Number(env.BENCH_STARTS ?? 3));
const EXPORT_SECONDS = Number(env.BENCH_EXPORT_SECONDS ?? 300);
const ENGINES = new Set((env.BENCH_ENGINES ?? 'sqlite,postgres').split(','));
const ONLY_EXPORT = env.BENCH_ONLY === 'export';
const ONLY_SUMMARY = env.BENCH_ONLY === 'summary';
/** BENCH_ONLY=export: the figures of the paths not measured (their rows are left out of the table). */
const NOT_MEASURED = { p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, byKind: {} };
const HOST_ID = 'TICKET01';
const GOALS = {
  firstPageP95: 15,
  searchP95: 25,
  exportRowsPerSecond: 150_000,
  exportRssMb: 200,
  startMs: 2000,
  summary31P95: 50,
  summary366P95: 250,
};

const config = server.loadConfig({
  ...(env.POS_TIMEZONE ? { POS_TIMEZONE: env.POS_TIMEZONE } : {}),
  ...(env.POS_STORE ? { POS_STORE: env.POS_STORE } : {}),
});
const { timeZone, store } = config;
const now = new Date();
const todayStart = sdk.venueDayStart(now, timeZone);
const resultsDir = fileURLToPath(new URL('bench/results/', root));
const context = {
  server,
  sdk,
  orders: ORDERS,
  today: TODAY,
  timeZone,
  store,
  now,
  rebuild: env.BENCH_REBUILD === '1',
  cacheDir: env.BENCH_CACHE_DIR ?? join(resultsDir, 'cache'),
  key: cacheKey({
    server,
    orders: ORDERS,
    today: TODAY,
    timeZone,
    store,
    venueDay: sdk.venueDate(now, timeZone),
  }),
};

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 2 });

/**
 * One HTTP request: status and body text (JSON bodies are sent as JSON). Sent once more when a kept-alive
 * connection turns out closed by the server meanwhile (its idle timeout passed during a long export).
 */
function send(url, options = {}, retried = false) {
  const { method = 'POST', headers = {}, body, keepAlive = true } = options;
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        agent: keepAlive ? agent : false,
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
    request.on('error', (error) => {
      if (request.reusedSocket && !retried && ['ECONNRESET', 'EPIPE'].includes(error.code)) {
        send(url, options, true).then(resolve, reject);
      } else reject(error);
    });
    request.end(payload);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port of 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A child process, stopped with SIGTERM (waiting for its exit). */
function stopper(child) {
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', resolve);
  });
  return () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
}

/** `node bench/server.mjs bare`: a bare Fastify JSON route, once it prints `listening URL`. */
function bareServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('bench/server.mjs', root)), 'bare'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /listening (\S+)/.exec(out);
      if (found) resolve({ url: found[1], stop: stopper(child) });
    });
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}: ${out}`)));
  });
}

/** The environment of `pos-server serve`: none of ours leaks in, except PATH and the like. */
function serverEnv(databaseUrl, port, dataDir) {
  const base = Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith('POS_') && name !== 'PORT' && name !== 'HOST'),
  );
  return {
    ...base,
    POS_DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    POS_LOG_LEVEL: 'warn',
    POS_DATA_DIR: dataDir,
    POS_STORE: store,
    POS_TIMEZONE: timeZone,
  };
}

/**
 * Starts `pos-server serve` (packages/pos-server/dist/bin.js) on a database and times it: from the spawn to the
 * first 200 of GET /v1/health (polled every 5 ms on fresh connections).
 */
async function startServer(databaseUrl, dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : []),
      fileURLToPath(new URL('packages/pos-server/dist/bin.js', root)),
      'serve',
    ],
    { env: serverEnv(databaseUrl, port, dataDir), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pos-server exited ${child.exitCode}: ${output}`);
    const answer = await send(`${url}/v1/health`, { method: 'GET', keepAlive: false }).catch(() => null);
    if (answer?.status === 200) break;
    if (performance.now() - started > 120_000) {
      child.kill('SIGTERM');
      throw new Error(`pos-server did not answer within 2 minutes: ${output}`);
    }
    await sleep(5);
  }
  return { url, pid: child.pid, ms: performance.now() - started, stop: stopper(child) };
}

/** A figure of /proc/<pid>/status in MB (VmRSS, VmHWM), or null where there is no /proc. */
function procMb(pid, field) {
  try {
    const found = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return found ? Number(found[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];

const summary = (values, seconds) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    ...(seconds === undefined ? {} : { rps: sorted.length / seconds }),
  };
};

/** `count` requests `next(i)` (after WARMUP unmeasured ones) on CONNECTIONS connections: latencies by request. */
async function measure(count, next) {
  for (let i = 0; i < WARMUP; i += 1) await next(count + i);
  const latencies = new Array(count);
  const failures = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (issued < count) {
        const i = issued;
        issued += 1;
        const t0 = performance.now();
        const answer = await next(i);
        latencies[i] = performance.now() - t0;
        if (answer.status >= 400) failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...summary(latencies, seconds), failures: failures.length, firstFailure: failures[0], latencies };
}

/** Signs in the demo manager on TICKET01: the bearer headers. */
async function signIn(url) {
  const call = async (path, body, headers = {}) => {
    const answer = await send(`${url}${path}`, { body, headers: { 'x-host-name': HOST_ID, ...headers } });
    if (answer.status >= 400) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
    return JSON.parse(answer.text);
  };
  const { idToken } = await call('/v1/identity/sign_in', { email: 'manager@demo.pos', password: 'demo1234' });
  const { userToken } = await call('/v1/admin_login', { idToken });
  return { 'x-host-name': HOST_ID, authorization: `Bearer ${userToken}` };
}

/**
 * export_order_report of every order as CSV, streamed and counted (records = line ends − the header), with the
 * server's RSS sampled every 50 ms and its VmHWM read after. An export still running after EXPORT_SECONDS is cut
 * and reported as partial (rows/s over what arrived). `timeline` holds [seconds, rows, RSS MB] every 5 seconds.
 */
function exportAll(url, headers, pid, period) {
  return new Promise((resolve, reject) => {
    const rssBefore = procMb(pid, 'VmRSS');
    let rssPeak = rssBefore ?? 0;
    let lines = 0;
    let bytes = 0;
    let firstByteMs = null;
    let settled = false;
    const timeline = [];
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, procMb(pid, 'VmRSS') ?? 0);
    }, 50);
    const ticker = setInterval(
      () =>
        timeline.push([Math.round(elapsed()), Math.max(0, lines - 1), Math.round(procMb(pid, 'VmRSS') ?? 0)]),
      5000,
    );
    const finish = (partial) => {
      if (settled) return;
      settled = true;
      clearInterval(sampler);
      clearInterval(ticker);
      clearTimeout(limit);
      const seconds = elapsed();
      const rows = Math.max(0, lines - 1);
      resolve({
        rows,
        partial,
        bytes,
        seconds,
        firstByteMs,
        rowsPerSecond: rows / seconds,
        rssBeforeMb: rssBefore,
        rssPeakSampledMb: rssPeak,
        peakRssMb: procMb(pid, 'VmHWM'),
        timeline,
      });
    };
    const fail = (error) => {
      if (settled) return;
      settled = true;
      clearInterval(sampler);
      clearInterval(ticker);
      clearTimeout(limit);
      reject(error);
    };
    const request = http.request(
      `${url}/v1/admin/export_order_report`,
      { method: 'POST', agent: false, headers: { ...headers, 'content-type': 'application/json' } },
      (response) => {
        let error = '';
        response.on('data', (chunk) => {
          firstByteMs ??= performance.now() - started;
          bytes += chunk.length;
          if (response.statusCode !== 200) error += chunk;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        });
        response.on('end', () => {
          if (response.statusCode !== 200)
            fail(new Error(`export answered ${response.statusCode}: ${error.slice(0, 500)}`));
          else finish(false);
        });
        response.on('error', (error) => (settled ? undefined : fail(error)));
      },
    );
    const limit = setTimeout(() => {
      finish(true);
      request.destroy();
    }, EXPORT_SECONDS * 1000);
    request.on('error', (error) => (settled ? undefined : fail(error)));
    request.end(JSON.stringify({ origin: store, period, format: 'csv' }));
  });
}

/** Search latencies by kind of search text. */
function byKind(result, texts) {
  const kinds = {};
  result.latencies.forEach((ms, i) => {
    const kind = texts[i % texts.length].kind;
    kinds[kind] ??= [];
    kinds[kind].push(ms);
  });
  return Object.fromEntries(Object.entries(kinds).map(([kind, values]) => [kind, summary(values)]));
}

const withoutLatencies = ({ latencies, ...rest }) => rest;

/** Every figure of one engine on its prepared database. */
async function benchEngine(label, prepared) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pos-bench-scale-'));
  const figures = { label, version: prepared.version, loadAverage: { before: os.loadavg() } };
  try {
    const bare = ONLY_EXPORT ? undefined : await bareServer();
    try {
      figures.baseline = bare
        ? withoutLatencies(await measure(REQUESTS, () => send(`${bare.url}/`, { method: 'GET' })))
        : NOT_MEASURED;
    } finally {
      await bare?.stop();
    }

    const startMs = [];
    let pos;
    for (let i = 0; i < STARTS; i += 1) {
      pos = await startServer(prepared.serverUrl, dataDir);
      startMs.push(pos.ms);
      if (i < STARTS - 1) await pos.stop();
    }
    figures.start = {
      ms: startMs,
      median: [...startMs].sort((a, b) => a - b)[Math.floor(startMs.length / 2)],
    };
    process.stdout.write(`${label}: server started in ${startMs.map((ms) => ms.toFixed(0)).join(', ')} ms\n`);
    try {
      const headers = await signIn(pos.url);
      const oldestStart = sdk.venueDayStart(new Date(prepared.oldest), timeZone);
      // BENCH_SKIP_EXPORT=1: no export (its figures read 0 rows, NaN rows/s), for a run of get_orders and the start.
      figures.export =
        env.BENCH_SKIP_EXPORT === '1' || ONLY_SUMMARY
          ? { rows: 0, partial: false, skipped: true, seconds: 0, rowsPerSecond: Number.NaN, peakRssMb: null }
          : await exportAll(pos.url, headers, pos.pid, {
              from: oldestStart.toISOString(),
              to: sdk.venueDayRange(now, timeZone).end.toISOString(),
            });
      figures.export.expectedRows = prepared.rows.orders;
      process.stdout.write(
        `${label}: exported ${figures.export.rows.toLocaleString('en')} rows in ${figures.export.seconds.toFixed(1)} s` +
          `${figures.export.partial ? ` (cut after ${EXPORT_SECONDS} s)` : ''}\n`,
      );

      const getOrders = (body) => send(`${pos.url}/v1/admin/get_orders`, { body, headers });
      const totalOf = async (body) => {
        const answer = await getOrders(body);
        if (answer.status !== 200) throw new Error(`get_orders answered ${answer.status}: ${answer.text}`);
        const page = JSON.parse(answer.text);
        return { rows: page.orders.length, total: page.total, estimate: page.total_is_estimate };
      };
      const today = { origin: store, from: todayStart.toISOString(), limit: 50 };
      const history = { origin: store, from: oldestStart.toISOString(), limit: 50 };
      const { texts } = prepared;
      if (texts.length === 0) throw new Error('no order with an email today: nothing to search for');
      const paths = {
        firstPageToday: { body: () => today },
        firstPageHistory: { body: () => history },
        searchToday: { body: (i) => ({ ...today, search: texts[i % texts.length].text }), texts },
        searchHistory: { body: (i) => ({ ...history, search: texts[i % texts.length].text }), texts },
      };
      figures.getOrders = {};
      for (const [name, path] of Object.entries(paths)) {
        if (ONLY_EXPORT || ONLY_SUMMARY) {
          figures.getOrders[name] = NOT_MEASURED;
          continue;
        }
        const sample = await totalOf(path.body(0));
        const result = await measure(REQUESTS, (i) => getOrders(path.body(i)));
        figures.getOrders[name] = {
          ...withoutLatencies(result),
          firstAnswer: sample,
          ...(path.texts ? { byKind: byKind(result, path.texts) } : {}),
        };
        process.stdout.write(`${label}: get_orders ${name} p95 ${result.p95.toFixed(1)} ms\n`);
      }
      // The manager's dashboard: the last 31 and 366 venue days, to today, all stores.
      figures.salesSummary = {};
      for (const [name, days] of [
        ['days31', 31],
        ['days366', 366],
      ]) {
        if (ONLY_EXPORT) {
          figures.salesSummary[name] = NOT_MEASURED;
          continue;
        }
        const to = sdk.venueDate(now, timeZone);
        const from = sdk.venueDate(
          new Date(sdk.venueDayStart(now, timeZone).getTime() - (days - 1) * 86_400_000 + 43_200_000),
          timeZone,
        );
        const body = { from, to };
        const first = await send(`${pos.url}/v1/admin/reports/sales_summary`, { body, headers });
        if (first.status !== 200) throw new Error(`sales_summary answered ${first.status}: ${first.text}`);
        const answer = JSON.parse(first.text);
        const result = await measure(REQUESTS, () =>
          send(`${pos.url}/v1/admin/reports/sales_summary`, { body, headers }),
        );
        figures.salesSummary[name] = {
          ...withoutLatencies(result),
          period: body,
          firstAnswer: {
            orders: answer.totals.orders,
            shifts: answer.shifts.length,
            bytes: first.text.length,
          },
        };
        process.stdout.write(
          `${label}: sales_summary ${days} days (${answer.totals.orders.toLocaleString('en')} orders) p95 ${result.p95.toFixed(1)} ms\n`,
        );
      }
      figures.peakRssMb = procMb(pos.pid, 'VmHWM');
      figures.loadAverage.after = os.loadavg();
    } finally {
      await pos.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const cpu = os.cpus();
const machine = {
  cpu: cpu[0]?.model ?? 'unknown',
  cores: cpu.length,
  memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
};
const settings = {
  orders: ORDERS,
  today: TODAY,
  requests: REQUESTS,
  warmup: WARMUP,
  connections: CONNECTIONS,
  starts: STARTS,
  timeZone,
  store,
  key: context.key,
};
console.log(
  `bench:scale: ${ORDERS.toLocaleString('en')} orders (${TODAY.toLocaleString('en')} today in ${timeZone}), ` +
    `${REQUESTS} requests per path on ${CONNECTIONS} connection(s); ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}`,
);

const engines = [];
const pgUrl = env.POS_TEST_DATABASE_URL;
const plan = [];
if (ENGINES.has('sqlite')) plan.push(['SQLite', () => prepareSqlite(context)]);
if (ENGINES.has('postgres')) {
  if (pgUrl) plan.push(['PostgreSQL', () => preparePostgres({ ...context, pgUrl })]);
  else
    console.log(
      'PostgreSQL skipped: set POS_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
}
try {
  for (const [label, prepare] of plan) {
    const prepared = await prepare();
    console.log(
      `${label}: ${prepared.seconds === null ? 'cached database' : `generated in ${prepared.seconds.toFixed(0)} s`} ` +
        `(${prepared.where}, ${(prepared.bytes / 1024 ** 2).toFixed(0)} MB)`,
    );
    if (env.BENCH_GENERATE_ONLY === '1') continue;
    try {
      const figures = await benchEngine(label, prepared);
      figures.database = {
        where: prepared.where,
        generatedSeconds: prepared.seconds,
        cached: prepared.seconds === null,
        megabytes: prepared.bytes / 1024 ** 2,
        rows: prepared.rows,
      };
      engines.push(figures);
    } finally {
      if (env.BENCH_DROP === '1') await prepared.drop();
    }
  }
} finally {
  agent.destroy();
}

const ms = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const latency = (figure) => `${ms(figure.p50)} / ${ms(figure.p95)} / ${ms(figure.p99)}`;
const mark = (ok) => (ok ? 'ok' : 'MISSED');
const rows = [
  ['figure', 'goal', ...engines.map((engine) => engine.label)],
  ['GET / bare Fastify, p50 / p95 / p99 ms', '', ...engines.map((e) => latency(e.baseline))],
  [
    'get_orders first page (today, 50), p50 / p95 / p99 ms',
    `p95 <= ${GOALS.firstPageP95}`,
    ...engines.map(
      (e) =>
        `${latency(e.getOrders.firstPageToday)} ${mark(e.getOrders.firstPageToday.p95 <= GOALS.firstPageP95)}`,
    ),
  ],
  [
    'get_orders first page (all history), ms',
    '',
    ...engines.map((e) => latency(e.getOrders.firstPageHistory)),
  ],
  [
    'get_orders search (today), p50 / p95 / p99 ms',
    `p95 <= ${GOALS.searchP95}`,
    ...engines.map(
      (e) => `${latency(e.getOrders.searchToday)} ${mark(e.getOrders.searchToday.p95 <= GOALS.searchP95)}`,
    ),
  ],
  [
    'get_orders search (all history), p50 / p95 / p99 ms',
    `p95 <= ${GOALS.searchP95}`,
    ...engines.map(
      (e) =>
        `${latency(e.getOrders.searchHistory)} ${mark(e.getOrders.searchHistory.p95 <= GOALS.searchP95)}`,
    ),
  ],
  [
    'sales_summary, 31 days, p50 / p95 / p99 ms',
    `p95 <= ${GOALS.summary31P95}`,
    ...engines.map(
      (e) => `${latency(e.salesSummary.days31)} ${mark(e.salesSummary.days31.p95 <= GOALS.summary31P95)}`,
    ),
  ],
  [
    'sales_summary, 366 days, p50 / p95 / p99 ms',
    `p95 <= ${GOALS.summary366P95}`,
    ...engines.map(
      (e) => `${latency(e.salesSummary.days366)} ${mark(e.salesSummary.days366.p95 <= GOALS.summary366P95)}`,
    ),
  ],
  [
    'export CSV of every order, rows/s',
    `>= ${GOALS.exportRowsPerSecond.toLocaleString('en')}`,
    ...engines.map(
      (e) =>
        `${Math.round(e.export.rowsPerSecond).toLocaleString('en')}${e.export.partial ? ' (cut)' : ''} ${mark(e.export.rowsPerSecond >= GOALS.exportRowsPerSecond)}`,
    ),
  ],
  [
    'export rows (of), seconds',
    '',
    ...engines.map(
      (e) =>
        `${e.export.rows.toLocaleString('en')} (${e.export.expectedRows.toLocaleString('en')}), ${e.export.seconds.toFixed(1)} s`,
    ),
  ],
  [
    'server peak RSS after the export (VmHWM), MB',
    `<= ${GOALS.exportRssMb}`,
    ...engines.map((e) =>
      e.export.peakRssMb === null
        ? 'n/a'
        : `${e.export.peakRssMb.toFixed(0)} ${mark(e.export.peakRssMb <= GOALS.exportRssMb)}`,
    ),
  ],
  [
    'server start, migrations applied, median ms',
    `<= ${GOALS.startMs.toLocaleString('en')}`,
    ...engines.map(
      (e) =>
        `${e.start.median.toFixed(0)} (${e.start.ms.map((v) => v.toFixed(0)).join(', ')}) ${mark(e.start.median <= GOALS.startMs)}`,
    ),
  ],
  [
    'load average (1 min) before / after',
    '',
    ...engines.map(
      (e) => `${e.loadAverage.before[0].toFixed(1)} / ${(e.loadAverage.after ?? [0])[0].toFixed(1)}`,
    ),
  ],
  [
    'database: generated in, size',
    '',
    ...engines.map(
      (e) =>
        `${e.database.cached ? 'cached' : `${e.database.generatedSeconds.toFixed(0)} s`}, ${e.database.megabytes.toFixed(0)} MB`,
    ),
  ],
];
if (ONLY_EXPORT) {
  const measured = ['figure', 'export', 'server', 'load', 'database'];
  rows.splice(0, rows.length, ...rows.filter(([name]) => measured.some((word) => name.startsWith(word))));
}
if (ONLY_SUMMARY) {
  const measured = ['figure', 'GET', 'sales_summary', 'server start', 'load', 'database'];
  rows.splice(0, rows.length, ...rows.filter(([name]) => measured.some((word) => name.startsWith(word))));
}
if (engines.length > 0) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('');
  for (const row of rows)
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
  console.log('');
  for (const engine of ONLY_EXPORT || ONLY_SUMMARY ? [] : engines) {
    for (const [path, period] of [
      ['searchToday', 'today'],
      ['searchHistory', 'all history'],
    ]) {
      const kinds = Object.entries(engine.getOrders[path].byKind)
        .map(([kind, figure]) => `${kind} ${ms(figure.p95)}`)
        .join(', ');
      console.log(`${engine.label}: search p95 by text, ${period} (ms): ${kinds}`);
    }
  }
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, settings, goals: GOALS, engines }, null, 2)}\n`,
  );
  console.log(`\nFigures written to ${file}`);
}
