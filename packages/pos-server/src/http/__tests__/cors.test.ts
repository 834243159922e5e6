import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { ConfigError, loadConfig } from '../../config';

const ALLOWED = 'https://shop.example.com';

describe('cors', () => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ config: { corsOrigins: [ALLOWED, 'http://localhost:3000'] } });
    session = await t.signIn();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('answers a preflight from an allowed origin with 204, before authentication (no token)', async () => {
    const response = await t.inject({
      method: 'OPTIONS',
      url: '/v1/checkout',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key, x-host-name',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('Idempotency-Key');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('adds the CORS headers to a real call from an allowed origin', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { ...session.headers, origin: ALLOWED },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers.vary).toContain('Origin');
  });

  it('gives another origin no CORS headers, and its preflight still needs a token (403)', async () => {
    const response = await t.inject({
      method: 'OPTIONS',
      url: '/v1/checkout',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('cors config', () => {
  it('reads POS_CORS_ORIGINS as a comma-separated list of origins, none by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ POS_CORS_ORIGINS: 'https://a.example, http://localhost:3000 ' }).corsOrigins).toEqual(
      ['https://a.example', 'http://localhost:3000'],
    );
  });

  it('refuses something that is not an origin with one clear line', () => {
    expect(() => loadConfig({ POS_CORS_ORIGINS: 'https://a.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ POS_CORS_ORIGINS: 'https://a.example/path' })).toThrow(
      /POS_CORS_ORIGINS must be a comma-separated list of origins/,
    );
  });
});
