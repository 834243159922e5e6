import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift } from '../../__tests__/support/saleSupport';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { pickEncoding } from '../compressAnswers';

describe('pickEncoding', () => {
  it('takes brotli before gzip, honours q=0, and nothing when neither is taken', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('BR;q=0.5')).toBe('br');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
  });
});

describeOnEngines('compressed read answers', (engine) => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    session = await t.signIn();
    await openShift(t, session);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  const passes = (acceptEncoding?: string) =>
    t.inject({
      method: 'GET',
      url: '/v1/passes/STORE',
      headers: {
        ...session.headers,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('sends the catalogue brotli- or gzip-compressed to a client that takes it, the same JSON once decompressed', async () => {
    const plain = await passes();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);

    const br = await passes('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await passes('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers, errors under 1 KiB and the money calls as they are', async () => {
    const venue = await t.inject({
      method: 'GET',
      url: '/v1/merchandises/NOPE',
      headers: { ...session.headers, 'accept-encoding': 'br' },
    });
    expect(venue.statusCode).toBe(404);
    expect(venue.headers['content-encoding']).toBeUndefined();
    expect(venue.json().message).toBe('Unknown store NOPE');
    const receipt = await t.inject({
      method: 'POST',
      url: '/v1/checkout',
      headers: { ...session.headers, 'accept-encoding': 'br' },
      payload: checkoutBody([cartItem('DAY-ADULT', 5)], { email: 'group@example.com' }),
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-encoding']).toBeUndefined();
    expect(receipt.rawPayload.length).toBeGreaterThan(1024);
  });
});
