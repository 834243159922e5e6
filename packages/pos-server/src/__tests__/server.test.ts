import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { type RunningServer, startServer } from '../server';
import { SETUP_TIMEOUT_MS } from './support/testApp';

describe('server', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pos-server-socket-'));
    const uiDir = join(dir, 'ui');
    mkdirSync(join(uiDir, 'assets'), { recursive: true });
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>POS</title><div id="root"></div>');
    writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log("pos")');
    server = await startServer({
      config: { ...DEFAULT_CONFIG, port: 0, databaseUrl: `sqlite:${join(dir, 'data', 'pos.db')}`, uiDir },
      logger: pino({ level: 'silent' }),
      seedDemoIfEmpty: true,
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  it('migrates a new database, seeds the demo data and listens', async () => {
    expect(server.seeded).toBe(true);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/v1/health`);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('signs the demo cashier in over a real socket', async () => {
    const signIn = await fetch(`${server.url}/v1/identity/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cashier@demo.pos', password: 'demo1234' }),
    });
    expect(signIn.status).toBe(200);
    const { idToken } = (await signIn.json()) as { idToken: string };
    const login = await fetch(`${server.url}/v1/admin_login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    expect(((await login.json()) as { profile: { name: { first: string } } }).profile.name.first).toBe('Ana');
  });

  it('serves the cashier UI build, and index.html for its routes (SPA fallback)', async () => {
    const root = await fetch(`${server.url}/`);
    expect(root.headers.get('content-type')).toMatch(/text\/html/);
    expect(await root.text()).toContain('<title>POS</title>');
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(await asset.text()).toBe('console.log("pos")');
    for (const path of ['/signin', '/main', '/orders']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>POS</title>');
    }
  });

  it('keeps API paths as JSON errors, not the UI', async () => {
    const response = await fetch(`${server.url}/v1/admin/nothing`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden' });
  });
});
