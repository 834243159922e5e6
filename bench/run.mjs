#!/usr/bin/env node
// Benchmarks of the reference server and the SDK's money rules, reported as ratios against a
// baseline measured in the same run (never as absolute timings to assert on).
//
//   npm run bench            (after npm run build; BENCH_SCALE=2 doubles every count)
//
// HTTP figures: each call's mean round trip over a real socket on 127.0.0.1, divided by the mean
// of GET /v1/health measured the same way in the same run (Fastify + socket + JSON overhead).
// Money figures: cartTotals over a 50-line cart (integer sen, discounts) divided by a plain loop
// summing 50 integers.
import { mkdtempSync, rmSync } from 'node:fs';
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
const sdk = await load('packages/pos-sdk/dist/index.js');

const scale = Number(process.env.BENCH_SCALE ?? 1);
const count = (n) => Math.max(1, Math.round(n * scale));

/** Mean milliseconds of `fn` over `n` sequential runs, after `warmup` untimed ones. */
async function mean(n, fn, warmup = Math.min(20, n)) {
  for (let i = 0; i < warmup; i += 1) await fn(i);
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await fn(i);
  return (performance.now() - start) / n;
}

const dir = mkdtempSync(join(tmpdir(), 'pos-bench-'));
const config = server.loadConfig({
  POS_DATABASE_URL: `sqlite:${join(dir, 'pos.db')}`,
  POS_LOG_LEVEL: 'silent',
});
const db = server.createDb(config.databaseUrl);
await server.migrateToLatest(db);
await server.seedDemo(db, { store: config.store, now: new Date() });
const app = await server.buildApp({ db, config });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const rows = [];
try {
  const post = async (path, body, headers = {}) => {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-host-name': 'BENCH01', ...auth, ...headers },
      body: JSON.stringify(body ?? {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    return text;
  };
  let auth = {};
  const { idToken } = JSON.parse(
    await post('/v1/identity/sign_in', { email: 'cashier@demo.pos', password: 'demo1234' }),
  );
  const { userToken } = JSON.parse(await post('/v1/admin_login', { idToken }));
  auth = { authorization: `Bearer ${userToken}` };
  await post('/v1/admin/start_shift');
  await post('/v1/admin/set_float', { float: 200 });

  const health = await mean(count(400), async () => {
    const response = await fetch(`${base}/v1/health`);
    await response.text();
  });
  rows.push(['GET /v1/health (baseline)', health, 1]);

  const shift = await mean(count(300), () => post('/v1/admin/start_shift'));
  rows.push(['POST /v1/admin/start_shift (auth + read)', shift, shift / health]);

  const visit = sdk.venueDayStart(new Date(), config.timeZone).toISOString();
  const cart = {
    origin: config.store,
    email: 'bench@example.com',
    items: [
      {
        sku: 'DAY-ADULT',
        name: 'Day Pass',
        category: 'Day Pass',
        group: 'Adult',
        quantity: 2,
        min_qty: 1,
        usage_limit: 1,
        type: 'PASS',
        price: { value: 49, currency: 'MYR' },
        visit_date: visit,
      },
      {
        sku: 'GRIP-M',
        name: 'Grip Socks',
        category: 'Merchandise',
        group: 'M',
        quantity: 1,
        type: 'MERCHANDISE',
        price: { value: 15, currency: 'MYR' },
      },
    ],
    num_items: 3,
    subtotal: 113,
    payment: { methods: [{ type: 'CASH', amount: 120 }], change: 7 },
  };
  const checkouts = count(200);
  const checkout = await mean(
    checkouts,
    (i) => post('/v1/checkout', cart, { 'idempotency-key': crypto.randomUUID() + i }),
    5,
  );
  rows.push(['POST /v1/checkout (2 passes + 1 item, new key)', checkout, checkout / health]);

  const replayKey = crypto.randomUUID();
  await post('/v1/checkout', cart, { 'idempotency-key': replayKey });
  const replay = await mean(count(200), () => post('/v1/checkout', cart, { 'idempotency-key': replayKey }));
  rows.push(['POST /v1/checkout (replayed key)', replay, replay / health]);

  // The timed checkouts, their 5 warm-up runs and the one replayed order.
  const orderCount = checkouts + 5 + 1;
  const from = sdk.venueDayStart(new Date(), config.timeZone).toISOString();
  const orders = await mean(count(50), () => post('/v1/admin/get_orders', { origin: config.store, from }));
  rows.push([`POST /v1/admin/get_orders (${orderCount} orders)`, orders, orders / health]);

  const search = await mean(count(100), () =>
    post('/v1/admin/get_orders', { origin: config.store, from, search: 'bench@' }),
  );
  rows.push(['POST /v1/admin/get_orders (search)', search, search / health]);

  const to = new Date(Date.now() + 86_400_000).toISOString();
  const csv = await mean(count(20), () =>
    post('/v1/admin/export_order_report', { origin: config.store, period: { from, to }, format: 'csv' }),
  );
  rows.push([`POST /v1/admin/export_order_report (csv, ${orderCount} orders)`, csv, csv / health]);
} finally {
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}

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
