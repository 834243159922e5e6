import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPath, ENDPOINTS, type EndpointName } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SETUP_TIMEOUT_MS, type TestApp } from '../../__tests__/support/testApp';

const PARAMS = { store: 'STORE', id: 'T0000000001', ticketId: 'T0000000001' };
const guarded = (Object.entries(ENDPOINTS) as [EndpointName, (typeof ENDPOINTS)[EndpointName]][]).filter(
  ([, endpoint]) => endpoint.auth,
);

/** Ways to write a path that a router, a proxy or a careless prefix check may read differently. */
function disguises(path: string): [string, string][] {
  const [, version = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const last = rest.at(-1) ?? '';
  const encodedFirst = `%${last.charCodeAt(0).toString(16).toUpperCase()}${last.slice(1)}`;
  return [
    ['as it is', path],
    [
      'encoded version digit',
      `/${version.slice(0, -1)}%${version.charCodeAt(version.length - 1).toString(16)}/${tail}`,
    ],
    [
      'encoded version',
      `/${[...version].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('')}/${tail}`,
    ],
    ['encoded letter', `/${version}/${rest.slice(0, -1).concat(encodedFirst).join('/')}`],
    ['encoded slashes', `/${version}%2F${rest.join('%2F')}`],
    ['leading double slash', `/${path}`],
    ['inner double slash', `/${version}//${tail}`],
    ['trailing slash', `${path}/`],
    ['upper case', path.toUpperCase()],
    ['upper-case version', `/${version.toUpperCase()}/${tail}`],
    ['dot segment', `/${version}/./${tail}`],
    ['dot-dot segment', `/${version}/x/../${tail}`],
    ['leading dot segment', `/.${path}`],
    ['encoded dot segment', `/${version}/%2e/${tail}`],
    ['query', `${path}?x=1`],
    ['semicolon', `${path};x=1`],
    ['encoded NUL', `${path}%00`],
    ['encoded space', `${path}%20`],
    ['backslash', `/${version}\\${tail}`],
  ];
}

interface Answer {
  status: number;
  body: string;
}

/** Sends the path exactly as written (no client normalisation) over a real socket, with no token. */
function send(port: number, method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = method === 'POST' ? '{}' : undefined;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers:
          body === undefined ? {} : { 'content-type': 'application/json', 'content-length': body.length },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('no way around sign-in: every endpoint under every disguise of its path', () => {
  let t: TestApp;
  let dir: string;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pos-auth-paths-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>POS</title>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("pos")');
    t = await createTestApp({ uiDir: dir });
    // Data that a bypass would leak: an order, a ticket and a member.
    const session = await t.signIn();
    await t.post(session, '/v1/admin/start_shift');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  const table = guarded.flatMap(([name, endpoint]) =>
    disguises(buildPath(endpoint.path, PARAMS)).map(([disguise, path]) => ({
      name,
      method: endpoint.method,
      disguise,
      path,
    })),
  );

  it.each(table)('$name $method $path ($disguise): 403 or 404, never data', async ({ method, path }) => {
    const answer = await send(port, method, path);
    expect([400, 403, 404]).toContain(answer.status);
    const code = (JSON.parse(answer.body) as { code?: string }).code;
    expect(['forbidden', 'not_found', 'invalid_request']).toContain(code);
  });

  it('still serves the UI to strangers, and only the UI', async () => {
    expect((await send(port, 'GET', '/')).body).toContain('<title>POS</title>');
    expect((await send(port, 'GET', '/main')).body).toContain('<title>POS</title>');
    expect((await send(port, 'GET', '/assets/app.js')).body).toBe('console.log("pos")');
    expect((await send(port, 'GET', '/v1/health')).body).toBe('{"ok":true}');
  });
});
