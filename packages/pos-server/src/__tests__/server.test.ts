import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { type RunningServer, startServer } from '../server';
import { createTestApp, SETUP_TIMEOUT_MS } from './support/testApp';

const INDEX_HTML = '<!doctype html><title>POS</title><div id="root"></div>';
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, index) => `"row ${index}"`).join(',')}];`;
/** A build's service worker (Workbox's generateSW writes it beside index.html) and web manifest. */
const SW_JS = `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`;
const MANIFEST = '{"name":"POS","start_url":"/main","display":"standalone"}';

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** One request with the bytes as they came over the wire (fetch would decompress them). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
      );
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('server', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pos-server-socket-'));
    const uiDir = join(dir, 'ui');
    mkdirSync(join(uiDir, 'assets'), { recursive: true });
    writeFileSync(join(uiDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log("pos")');
    // A build's compressed copies, as the UI build writes them beside each file.
    writeFileSync(join(uiDir, 'assets', 'big.js'), BIG_JS);
    writeFileSync(join(uiDir, 'assets', 'big.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(uiDir, 'assets', 'big.js.gz'), gzipSync(BIG_JS));
    writeFileSync(join(uiDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    writeFileSync(join(uiDir, 'index.html.gz'), gzipSync(INDEX_HTML));
    writeFileSync(join(uiDir, 'sw.js'), SW_JS);
    writeFileSync(join(uiDir, 'sw.js.br'), brotliCompressSync(SW_JS));
    writeFileSync(join(uiDir, 'manifest.webmanifest'), MANIFEST);
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

  it('answers a UI route with index.html without piling listeners on the response', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (const path of ['/main', '/signin', '/orders/today', '/assets/missing.js']) {
        const page = await raw(`${server.url}${path}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(page.status, path).toBe(200);
        expect(brotliDecompressSync(page.body).toString(), path).toBe(INDEX_HTML);
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('keeps API paths as JSON errors, not the UI', async () => {
    const response = await fetch(`${server.url}/v1/admin/nothing`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden' });
  });

  describe('static files of the UI: compressed at build time, cached by kind', () => {
    it('sends brotli to a client that takes it, gzip to one that takes only gzip, the file as it is otherwise', async () => {
      const br = await raw(`${server.url}/assets/big.js`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
      const gz = await raw(`${server.url}/assets/big.js`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
      const plain = await raw(`${server.url}/assets/big.js`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(BIG_JS);
      for (const answer of [br, gz, plain]) expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      // A file without compressed copies is sent as it is, whatever the client takes.
      const small = await raw(`${server.url}/assets/app.js`, { 'accept-encoding': 'br' });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body.toString()).toBe('console.log("pos")');
    });

    it('caches hashed assets for good (immutable) and revalidates index.html and the UI routes (no-cache)', async () => {
      const asset = await raw(`${server.url}/assets/big.js`, { 'accept-encoding': 'br' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A small file without compressed copies (sent as it is) is cached the same way.
      for (const encoding of ['br', 'gzip', 'identity']) {
        const small = await raw(`${server.url}/assets/app.js`, { 'accept-encoding': encoding });
        expect(small.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
      }
      for (const path of ['/', '/main', '/orders', '/signin']) {
        const page = await raw(`${server.url}${path}`, { 'accept-encoding': 'br' });
        expect(page.status, path).toBe(200);
        expect(page.headers['cache-control'], path).toBe('no-cache');
        expect(page.headers['content-type'], path).toMatch(/^text\/html/);
        expect(page.headers['content-encoding'], path).toBe('br');
        expect(brotliDecompressSync(page.body).toString(), path).toBe(INDEX_HTML);
      }
    });

    it('serves the service worker and the web manifest to anyone, with their types, revalidated on each check', async () => {
      const worker = await raw(`${server.url}/sw.js`, { 'accept-encoding': 'br' });
      expect(worker.status).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^application\/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(worker.body).toString()).toBe(SW_JS);
      const manifest = await raw(`${server.url}/manifest.webmanifest`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(manifest.body.toString())).toMatchObject({ start_url: '/main' });
    });

    it('answers a revalidation of index.html with 304 when it has not changed, and HEAD without a body', async () => {
      const first = await raw(`${server.url}/main`);
      const etag = String(first.headers.etag);
      expect(etag).not.toBe('undefined');
      const again = await raw(`${server.url}/main`, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const head = await raw(`${server.url}/assets/big.js`, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.body.length).toBe(0);
    });
  });
});

describe('a UI build without a service worker', () => {
  it(
    'answers 404 for sw.js and manifest.webmanifest, never index.html (a browser would keep its old worker)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pos-server-no-sw-'));
      writeFileSync(join(dir, 'index.html'), INDEX_HTML);
      const t = await createTestApp({ uiDir: dir, seed: false });
      try {
        for (const url of ['/sw.js', '/manifest.webmanifest', '/sw.js?v=2']) {
          const answer = await t.app.inject({ method: 'GET', url });
          expect(answer.statusCode, url).toBe(404);
          expect(answer.json(), url).toMatchObject({ code: 'not_found' });
        }
        // The UI's routes still fall back to index.html.
        expect((await t.app.inject({ method: 'GET', url: '/main' })).body).toContain('<title>POS</title>');
      } finally {
        await t.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
