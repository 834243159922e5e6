import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { HardwareError, type ShellMessage } from 'pos-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowBridgeInPolicy, bridgeScript, injectBridge, scriptHashSource } from '../bridge';
import { type ShellServer, startShellServer, unreachablePage } from '../shellServer';

const TOKEN = 'k'.repeat(43);

let upstream: Server;
let upstreamUrl: string;
let seen: { method?: string; url?: string; host?: string; origin?: string; token?: string }[];
let shell: ShellServer;
let messages: ShellMessage[];
let fault: Error | undefined;
let logged: string[];

beforeEach(async () => {
  seen = [];
  messages = [];
  logged = [];
  fault = undefined;
  upstream = createServer((req, res) => {
    seen.push({
      method: req.method,
      url: req.url,
      host: req.headers.host,
      origin: req.headers.origin,
      token: req.headers['x-pos-shell-token'] as string | undefined,
    });
    if (req.url === '/main') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'content-security-policy': "default-src 'self'",
      });
      res.end(gzipSync('<!doctype html><html><head><title>POS</title></head><body></body></html>'));
    } else if (req.url === '/v1/redirect') {
      res.writeHead(302, { location: `${upstreamUrl}/signin` }).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  shell = await startShellServer({
    server: upstreamUrl,
    port: 0,
    token: TOKEN,
    onMessage: async (message) => {
      if (fault) throw fault;
      messages.push(message);
    },
    log: (line) => logged.push(line),
  });
});

afterEach(async () => {
  await shell.close();
  await new Promise<void>((resolve) => {
    upstream.close(() => resolve());
    upstream.closeAllConnections();
  });
});

/** One request to the shell with exactly these headers; the status and body. */
function call(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${shell.url}${path}`,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += String(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const OPEN_DRAWER = JSON.stringify({ type: 'pos:open-drawer' });
const fromTheUi = () => ({
  Origin: shell.url,
  'Content-Type': 'application/json',
  'x-pos-shell-token': TOKEN,
});

describe('the message endpoint', () => {
  it('takes a message from the page it served, with its key', async () => {
    const answer = await call('/__pos-shell/message', {
      method: 'POST',
      headers: fromTheUi(),
      body: OPEN_DRAWER,
    });
    expect(answer.status).toBe(204);
    expect(messages).toEqual([{ type: 'pos:open-drawer' }]);
    // localhost is the same till.
    const local = shell.url.replace('127.0.0.1', 'localhost');
    const viaLocalhost = await call('/__pos-shell/message', {
      method: 'POST',
      headers: { ...fromTheUi(), Origin: local, Host: local.replace('http://', '') },
      body: OPEN_DRAWER,
    });
    expect(viaLocalhost.status).toBe(204);
  });

  it('refuses another origin, another site, a missing or wrong key, another host name', async () => {
    const refused = JSON.stringify({
      reason: 'hardware_failed',
      message: 'Only the cashier UI served by this shell may use its printer and drawer',
    });
    const cases: [Record<string, string>, number, string][] = [
      [{ ...fromTheUi(), Origin: 'http://evil.example' }, 403, refused],
      [{ ...fromTheUi(), 'Sec-Fetch-Site': 'cross-site' }, 403, refused],
      [{ Origin: shell.url, 'Content-Type': 'application/json' }, 403, refused],
      [{ ...fromTheUi(), 'x-pos-shell-token': `${TOKEN.slice(1)}x` }, 403, refused],
      [(({ Origin: _origin, ...rest }) => rest)(fromTheUi()), 403, refused],
    ];
    for (const [headers, status, body] of cases) {
      const answer = await call('/__pos-shell/message', { method: 'POST', headers, body: OPEN_DRAWER });
      expect([answer.status, answer.body]).toEqual([status, body]);
    }
    const rebound = await call('/__pos-shell/message', {
      method: 'POST',
      headers: { ...fromTheUi(), Host: 'pos.attacker.example' },
      body: OPEN_DRAWER,
    });
    expect(rebound.status).toBe(421);
    const preflight = await call('/__pos-shell/message', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(messages).toEqual([]);
    expect(logged).toContain('Refused a message from another page (http://evil.example)');
    expect(logged).toContain('Refused a message without the shell key');
  });

  it('answers bad input with a 4xx and the reason', async () => {
    const post = (body: string, headers = fromTheUi()) =>
      call('/__pos-shell/message', { method: 'POST', headers, body }).then((answer) => [
        answer.status,
        JSON.parse(answer.body).message,
      ]);
    expect(await post('{')).toEqual([400, 'The message is not JSON']);
    expect(await post('{"type":"pos:self-destruct"}')).toEqual([400, 'Not a shell message']);
    expect(await post('{"type":"pos:print","text":"x"}')).toEqual([400, 'Not a shell message']);
    expect(await post(OPEN_DRAWER, { ...fromTheUi(), 'Content-Type': 'text/plain' })).toEqual([
      415,
      'A shell message is JSON',
    ]);
    expect(await post(JSON.stringify({ type: 'pos:app-start', version: 'x'.repeat(1_100_000) }))).toEqual([
      413,
      'The message is too large',
    ]);
    expect((await call('/__pos-shell/message')).status).toBe(404);
    expect(messages).toEqual([]);
  });

  it("passes a printer fault back with its reason and words, as the page's bridge reads them", async () => {
    fault = new HardwareError(
      'escpos',
      'hardware_unreachable',
      'Printer not reachable at 10.0.0.5:9100 (ECONNREFUSED)',
    );
    const unreachable = await call('/__pos-shell/message', {
      method: 'POST',
      headers: fromTheUi(),
      body: OPEN_DRAWER,
    });
    expect([unreachable.status, JSON.parse(unreachable.body)]).toEqual([
      503,
      { reason: 'hardware_unreachable', message: 'Printer not reachable at 10.0.0.5:9100 (ECONNREFUSED)' },
    ]);
    fault = new HardwareError('escpos', 'hardware_timeout', 'Printer at 10.0.0.5:9100 stopped answering');
    expect(
      (await call('/__pos-shell/message', { method: 'POST', headers: fromTheUi(), body: OPEN_DRAWER }))
        .status,
    ).toBe(504);
    fault = new Error('bug');
    const bug = await call('/__pos-shell/message', {
      method: 'POST',
      headers: fromTheUi(),
      body: OPEN_DRAWER,
    });
    expect([bug.status, JSON.parse(bug.body).message]).toEqual([
      500,
      'The desktop shell could not carry out the pos:open-drawer message',
    ]);
  });
});

describe('the proxy to the POS server', () => {
  it('serves the UI with the bridge first in its head, decoded, and a CSP that lets the bridge run', async () => {
    const page = await call('/main', {
      headers: { Host: shell.url.replace('http://', ''), 'Accept-Encoding': 'gzip' },
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    const script = bridgeScript(TOKEN);
    expect(page.body).toBe(
      `<!doctype html><html><head><script>${script}</script><title>POS</title></head><body></body></html>`,
    );
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'self'; script-src 'self' ${scriptHashSource(script)}`,
    );
    expect(page.headers['content-length']).toBe(String(Buffer.byteLength(page.body)));
  });

  it('passes API calls as they are, to the server as its own host and origin, and never passes the key on', async () => {
    const answer = await call('/v1/health?x=1', {
      method: 'POST',
      headers: { Origin: shell.url, 'x-pos-shell-token': TOKEN, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect([answer.status, answer.body]).toEqual([200, '{"ok":true}']);
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/v1/health?x=1',
      host: upstreamUrl.replace('http://', ''),
      origin: upstreamUrl,
      token: undefined,
    });
    const moved = await call('/v1/redirect');
    expect(moved.headers.location).toBe(`${shell.url}/signin`);
  });

  it('with the server down: an API call gets no answer (offline), a page load a page that retries', async () => {
    await new Promise<void>((resolve) => {
      upstream.close(() => resolve());
      upstream.closeAllConnections();
    });
    await expect(call('/v1/health')).rejects.toThrow(/socket hang up|ECONNRESET/);
    const page = await call('/main', { headers: { 'Sec-Fetch-Mode': 'navigate' } });
    expect(page.status).toBe(502);
    expect(page.body).toBe(unreachablePage(upstreamUrl));
    expect(page.body).toContain('http-equiv="refresh"');
    upstream = createServer();
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  });
});

describe('the bridge script', () => {
  it('goes right after <head>, or first in a page without one', () => {
    expect(injectBridge('<html><HEAD lang="x"><title>t</title>', 'S')).toBe(
      '<html><HEAD lang="x"><script>S</script><title>t</title>',
    );
    expect(injectBridge('<p>x</p>', 'S')).toBe('<script>S</script><p>x</p>');
  });

  it("is allowed by the page's policy: added to script-src, or made from default-src", () => {
    const hash = scriptHashSource('S');
    expect(allowBridgeInPolicy("script-src 'self'; img-src *", 'S')).toBe(
      `script-src 'self' ${hash}; img-src *`,
    );
    expect(allowBridgeInPolicy("default-src 'self'", 'S')).toBe(
      `default-src 'self'; script-src 'self' ${hash}`,
    );
    expect(allowBridgeInPolicy('img-src *', 'S')).toBe('img-src *');
  });
});
