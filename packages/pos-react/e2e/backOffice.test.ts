import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from './support/browser';
import { type CliRun, runPos } from './support/cli';
import { MANAGER, signInToSales, tile } from './support/pos';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let configDir: string;

/** Runs the built `pos` command against the test server. */
function pos(...args: string[]): Promise<CliRun> {
  return runPos(server.url, configDir, ...args);
}

beforeAll(async () => {
  server = await startTestServer();
  configDir = await mkdtemp(join(tmpdir(), 'pos-e2e-cli-'));
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
  await signInToSales(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await rm(configDir, { recursive: true, force: true });
});

describe('a catalogue change made with the pos command', () => {
  it('shows on the sales screen tiles after a reload: a new price, a retired variant gone, a new item there', async () => {
    await tile(page, 'DAY-ADULT').waitFor({ state: 'visible' });
    expect(await tile(page, 'DAY-ADULT').innerText()).toContain('RM 49.00');
    expect(await tile(page, 'DAY-CHILD').count()).toBe(1);

    expect((await pos('login', '--email', MANAGER.email, '--password', MANAGER.password)).code).toBe(0);
    expect((await pos('catalog', 'edit', 'DAY-ADULT', '--price', '52')).code).toBe(0);
    expect((await pos('catalog', 'retire', 'DAY-CHILD')).code).toBe(0);
    const added = await pos(
      'catalog',
      'add',
      '--sku',
      'CLIMB-10',
      '--product',
      '10 Climb Pass',
      '--category',
      'Multi Pass',
      '--group',
      'Adult',
      '--price',
      '280',
      '--usage-limit',
      '10',
      '--duration',
      '6 Month',
    );
    expect(added.stderr).toBe('');

    await page.reload();
    await tile(page, 'CLIMB-10').waitFor({ state: 'visible' });
    expect(await tile(page, 'DAY-ADULT').innerText()).toContain('RM 52.00');
    expect(await tile(page, 'DAY-CHILD').count()).toBe(0);
    expect(await tile(page, 'CLIMB-10').innerText()).toMatch(/10 Climb Pass[\s\S]*Adult[\s\S]*RM 280\.00/);
  });
});
