import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMenuEntry } from './fixtures/sell';
import { launchBrowser, openApp } from './support/browser';
import { signInToSales } from './support/pos';
import { REPO_ROOT, startTestServer, type TestServer } from './support/server';

/** The built UI's assets, as the test server serves them. */
const UI_ASSETS = join(REPO_ROOT, 'packages/pos-react/dist/assets');

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

interface Seen {
  url: string;
  encoding: string | undefined;
  cacheControl: string | undefined;
  fromCache: boolean;
}

/** Every response of the page as Chromium saw it, with whether it came from its cache. */
function watch(cdp: CDPSession): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    seen.set(requestId, {
      url: response.url,
      encoding: headers['content-encoding'],
      cacheControl: headers['cache-control'],
      // The service worker's answers come from its cache, not the network.
      fromCache:
        Boolean(
          response.fromDiskCache ||
            (response as { fromMemoryCache?: boolean }).fromMemoryCache ||
            response.fromServiceWorker,
        ) || seen.get(requestId)?.fromCache === true,
    });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const known = seen.get(requestId);
    seen.set(requestId, {
      url: known?.url ?? '',
      encoding: known?.encoding,
      cacheControl: known?.cacheControl,
      fromCache: true,
    });
  });
  return seen;
}

const scripts = (seen: Map<string, Seen>) =>
  [...seen.values()].filter((entry) => /\/assets\/.+\.js$/.test(entry.url));

describe('loading the cashier UI', () => {
  it('sends the sales screen compressed and cached for good; a second load fetches no asset; the rest loads when used', async () => {
    const { context, page } = await openApp(browser, server.url);
    try {
      await signInToSales(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      // A first load as a new terminal's: no HTTP cache and no service worker (signing in installed it).
      await cdp.send('Storage.clearDataForOrigin', {
        origin: server.url,
        storageTypes: 'service_workers,cache_storage',
      });
      await cdp.send('Network.clearBrowserCache');

      const first = watch(cdp);
      await page.goto('/main', { waitUntil: 'networkidle' });
      const loaded = scripts(first);
      expect(loaded.length).toBeGreaterThan(0);
      for (const script of loaded) {
        // The build compresses every file of 256 bytes or more (a smaller one would not gain).
        const size = statSync(join(UI_ASSETS, script.url.replace(/^.*\//, ''))).size;
        expect(script.encoding, script.url).toBe(size >= 256 ? 'br' : undefined);
        expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
      }
      // Order history, the membership dialog, the camera's decoder, sign-in and the dialogs that need the server
      // anyway are not part of the sales screen.
      const names = loaded.map((script) => script.url);
      for (const lazy of [
        'OrdersScreen',
        'MembershipDialog',
        'CameraScanner',
        'ponyfill',
        'SignInScreen',
        'DiscountDialog',
        'MemberDetailsDialog',
        'EndShiftDialog',
        'ShiftReportDialog',
        'CameraDialog',
        'SyncDialog',
      ]) {
        expect(
          names.some((name) => name.includes(lazy)),
          lazy,
        ).toBe(false);
      }
      expect([...first.values()].some((entry) => entry.url.endsWith('.wasm'))).toBe(false);

      const second = watch(cdp);
      await page.goto('/main', { waitUntil: 'networkidle' });
      const again = [...second.values()].filter((entry) => /\/assets\//.test(entry.url));
      expect(again.length).toBeGreaterThan(0);
      expect(again.filter((entry) => !entry.fromCache).map((entry) => entry.url)).toEqual([]);

      const later = watch(cdp);
      await openMenuEntry(page, 'Order History');
      await page.waitForURL('**/orders');
      await page.waitForLoadState('networkidle');
      expect(scripts(later).some((entry) => entry.url.includes('OrdersScreen'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
