#!/usr/bin/env node
// The cashier UI in Chromium, beside a minimal React 19 + react-router 7 page built by the same Vite
// and served by the same server in the same run (figures are ratios to it, never assertions).
//
//   npm run build && npm run bench:ui        (BENCH_UI_TAPS=20 taps per interaction by default)
//
// Reports, for /main of the built cashier UI and for the minimal page:
// - bytes transferred (compressed, as on the wire) by the first load with an empty cache (no HTTP
//   cache, no service worker), and by the second load, with how many assets the second load fetched
//   over the network (goal: none; answers of the service worker's cache count as cached);
// - what the service worker downloads into its cache after the first load (the precache: brotli
//   sizes of the build's files it holds, as the server sends them);
// - with the CPU throttled 4x, the median time from a tap or key to the next painted frame showing
//   its result: tile -> quantity dialog, Enter -> cart row, Menu -> dialog.
// Chromium is Debian's /usr/bin/chromium (or CHROMIUM_PATH), driven by playwright-core.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const uiDist = join(root, 'packages/pos-react/dist');
const serverDist = join(root, 'packages/pos-server/dist/index.js');
for (const path of [join(uiDist, 'index.html'), serverDist]) {
  if (!existsSync(path)) {
    console.error(`bench:ui: ${path} is missing; run \`npm run build\` first`);
    process.exit(2);
  }
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(
    `bench:ui: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
  process.exit(2);
}

const { chromium } = await import('playwright-core');
const { build } = await import('vite');
const { default: react } = await import('@vitejs/plugin-react');
const { precompress } = await import('../packages/pos-react/precompress.mjs');
const { DEFAULT_CONFIG, startServer } = await import(serverDist);
const { default: pino } = await import('pino');

const TAPS = Number(process.env.BENCH_UI_TAPS ?? 20);
const THROTTLE = 4;
const work = mkdtempSync(join(tmpdir(), 'pos-bench-ui-'));

/** The minimal page, built now by the same Vite with the same compression. */
async function buildBaseline() {
  const outDir = join(work, 'baseline');
  await build({
    root: join(root, 'bench/ui-baseline'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** A server on a fresh SQLite database with the demo data, serving `uiDir`. */
function serve(uiDir, name) {
  return startServer({
    // The demo's one till pairs by itself, as `npm start` does: the page opens as TICKET01.
    config: {
      ...DEFAULT_CONFIG,
      port: 0,
      databaseUrl: `sqlite:${join(work, `${name}.db`)}`,
      uiDir,
      autoPair: 'TICKET01',
    },
    logger: pino({ level: 'silent' }),
    seedDemoIfEmpty: true,
  });
}

/** Bytes on the wire of every response of one page load, and how many asset requests hit the network. */
async function measureLoad(page, cdp, url) {
  const requests = new Map();
  const onResponse = ({ requestId, response }) => {
    // Served from the cache: said either here or by requestServedFromCache (which may come first).
    // The service worker's answers come from its cache (the precache), not the network.
    const cached = Boolean(
      response.fromDiskCache ||
        response.fromMemoryCache ||
        response.fromPrefetchCache ||
        response.fromServiceWorker,
    );
    const known = requests.get(requestId);
    requests.set(requestId, {
      url: response.url,
      fromCache: cached || Boolean(known?.fromCache),
      status: response.status,
      bytes: known?.bytes ?? 0,
    });
  };
  const onServedFromCache = ({ requestId }) => {
    const entry = requests.get(requestId);
    if (entry) entry.fromCache = true;
    else requests.set(requestId, { url: '', fromCache: true, status: 200, bytes: 0 });
  };
  const onFinished = ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
    else requests.set(requestId, { url: '', fromCache: false, status: 0, bytes: encodedDataLength });
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onServedFromCache);
  cdp.on('Network.loadingFinished', onFinished);
  await page.goto(url, { waitUntil: 'networkidle' });
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.requestServedFromCache', onServedFromCache);
  cdp.off('Network.loadingFinished', onFinished);
  const entries = [...requests.values()];
  const isAsset = (entry) => /\/assets\//.test(entry.url);
  return {
    bytes: entries.reduce((sum, entry) => sum + (entry.fromCache ? 0 : entry.bytes), 0),
    assetBytes: entries.filter(isAsset).reduce((sum, entry) => sum + (entry.fromCache ? 0 : entry.bytes), 0),
    assetsFromNetwork: entries.filter((entry) => isAsset(entry) && !entry.fromCache).length,
    assets: entries.filter(isAsset).length,
    fetched: entries
      .filter((entry) => isAsset(entry) && !entry.fromCache)
      .map((entry) => `${entry.url.replace(/^.*\//, '')} (${entry.status}, ${entry.bytes} B)`),
  };
}

/**
 * Time from the next tap or key (the event's own time stamp) to the first frame painted after
 * `selector` shows, in the page: a frame callback, then a task after it (the paint has happened).
 */
async function armMeasure(page, selector, eventType) {
  await page.evaluate(
    ({ selector: target, eventType: type }) => {
      window.__benchResult = new Promise((resolve) => {
        let start = 0;
        const onEvent = (event) => {
          start = event.timeStamp;
        };
        window.addEventListener(type, onEvent, { capture: true, once: true });
        const done = () => {
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(undefined);
          });
        };
        const matches = () => document.querySelectorAll(target).length > (window.__benchBefore ?? 0);
        window.__benchBefore = document.querySelectorAll(target).length;
        const observer = new MutationObserver(() => {
          if (start > 0 && matches()) {
            observer.disconnect();
            done();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      });
    },
    { selector, eventType },
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The three interactions, TAPS times each, with the CPU throttled. */
async function measureInteractions(page, cdp, target) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const tile = [];
  const enter = [];
  const menu = [];
  try {
    for (let tap = 0; tap < TAPS; tap++) {
      await armMeasure(page, target.quantityDialog, 'pointerdown');
      await page.locator(target.tile).first().click();
      tile.push(await page.evaluate(() => window.__benchResult));
      await page.locator(target.quantityInput).waitFor();

      await armMeasure(page, target.cartRow, 'keydown');
      await page.locator(target.quantityInput).press('Enter');
      enter.push(await page.evaluate(() => window.__benchResult));
      await page.locator(target.quantityDialog).waitFor({ state: 'detached' });

      await armMeasure(page, target.menuDialog, 'pointerdown');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      menu.push(await page.evaluate(() => window.__benchResult));
      await page.keyboard.press('Escape');
      if (target.closeMenu) await target.closeMenu(page);
      await page.locator(target.menuDialog).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Clear all' }).click();
      await page.locator(target.cartRow).first().waitFor({ state: 'detached' });
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  return { tile: median(tile), enter: median(enter), menu: median(menu) };
}

const POS_TARGET = {
  tile: '[data-testid="tile"][data-sku="DAY-ADULT"]',
  quantityDialog: '[data-testid="quantity-dialog"]',
  quantityInput: '[data-testid="quantity-dialog"] input',
  cartRow: '[data-testid="cart-line"]',
  menuDialog: '[data-testid="menu-dialog"]',
};
const BASELINE_TARGET = {
  tile: '[data-testid="tile"]',
  quantityDialog: '[role="dialog"][aria-label="Quantity"]',
  quantityInput: '[role="dialog"] input',
  cartRow: '[data-testid="cart-line"]',
  menuDialog: '[role="dialog"][aria-label="Menu"]',
  closeMenu: (page) => page.getByRole('button', { name: 'Close' }).click(),
};

async function signIn(page, url) {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill('cashier@demo.pos');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL('**/main');
  const newShift = page.getByRole('dialog', { name: 'New Shift' });
  await page.waitForTimeout(300);
  if (await newShift.isVisible()) {
    await newShift.getByLabel('Float').fill('100');
    await newShift.getByRole('button', { name: 'Set Float' }).click();
    await newShift.waitFor({ state: 'detached' });
  }
  await page.locator(POS_TARGET.tile).first().waitFor();
}

/**
 * Once the page's service worker (if it has one) is active: the build files its cache holds, with their
 * size on the wire (the `.br` copy the server sends, else the file). `{ files: 0, bytes: 0 }` without one.
 */
async function precached(page, distDir) {
  const urls = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return [];
    await navigator.serviceWorker.ready;
    const all = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) all.push(new URL(request.url).pathname);
    }
    return all;
  });
  let bytes = 0;
  for (const path of urls) {
    const file = join(distDir, decodeURIComponent(path));
    bytes += existsSync(`${file}.br`)
      ? statSync(`${file}.br`).size
      : existsSync(file)
        ? statSync(file).size
        : 0;
  }
  return { files: urls.length, bytes };
}

async function run(browser, url, target, signInFirst, distDir) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (signInFirst) await signIn(page, url);
  // A first load: no HTTP cache and no service worker (signing in installed it), the session kept.
  await cdp.send('Storage.clearDataForOrigin', {
    origin: url,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.send('Network.clearBrowserCache');
  const first = await measureLoad(page, cdp, `${url}/main`);
  await page.locator(target.tile).first().waitFor();
  // The worker registered after the first load fills its cache in the background; the second load
  // comes after it is active, as a terminal's next day does.
  const precache = await precached(page, distDir);
  const second = await measureLoad(page, cdp, `${url}/main`);
  await page.locator(target.tile).first().waitFor();
  const taps = await measureInteractions(page, cdp, target);
  await context.close();
  return { first, second, taps, precache };
}

const baselineDir = await buildBaseline();
const posServer = await serve(uiDist, 'pos');
const baselineServer = await serve(baselineDir, 'baseline');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const pos = await run(browser, posServer.url, POS_TARGET, true, uiDist);
  const baseline = await run(browser, baselineServer.url, BASELINE_TARGET, false, baselineDir);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ms = (value) => `${value.toFixed(1)} ms`;
  const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  const rows = [
    [
      'first load of /main, bytes on the wire',
      kib(pos.first.bytes),
      kib(baseline.first.bytes),
      ratio(pos.first.bytes, baseline.first.bytes),
    ],
    [
      '  of which assets',
      kib(pos.first.assetBytes),
      kib(baseline.first.assetBytes),
      ratio(pos.first.assetBytes, baseline.first.assetBytes),
    ],
    [
      'service worker precache, after the first load',
      `${kib(pos.precache.bytes)} (${pos.precache.files} files)`,
      baseline.precache.files > 0
        ? `${kib(baseline.precache.bytes)} (${baseline.precache.files} files)`
        : 'none',
      '',
    ],
    [
      'second load, bytes on the wire',
      kib(pos.second.bytes),
      kib(baseline.second.bytes),
      ratio(pos.second.bytes, baseline.second.bytes),
    ],
    [
      'second load, assets from the network',
      `${pos.second.assetsFromNetwork} of ${pos.second.assets}`,
      `${baseline.second.assetsFromNetwork} of ${baseline.second.assets}`,
      '',
    ],
    [
      `tile -> quantity dialog painted (median of ${TAPS}, CPU ${THROTTLE}x slower)`,
      ms(pos.taps.tile),
      ms(baseline.taps.tile),
      ratio(pos.taps.tile, baseline.taps.tile),
    ],
    [
      'Enter -> cart row painted',
      ms(pos.taps.enter),
      ms(baseline.taps.enter),
      ratio(pos.taps.enter, baseline.taps.enter),
    ],
    [
      'Menu -> dialog painted',
      ms(pos.taps.menu),
      ms(baseline.taps.menu),
      ratio(pos.taps.menu, baseline.taps.menu),
    ],
  ];
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(
      ...rows.map((row) => row[column].length),
      ['figure', 'cashier UI', 'minimal page', 'ratio'][column].length,
    ),
  );
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(line(['figure', 'cashier UI', 'minimal page', 'ratio']));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  if (pos.second.fetched.length > 0)
    console.log(`\nFetched again on the second load: ${pos.second.fetched.join(', ')}`);
  console.log(
    '\nGoals: first load of /main <= 150 KiB and <= 1.6x the minimal page; no asset fetched on the',
  );
  console.log('second load; each interaction <= 50 ms median at 4x throttling.');
} finally {
  await browser.close();
  await posServer.close();
  await baselineServer.close();
  rmSync(work, { recursive: true, force: true });
}
