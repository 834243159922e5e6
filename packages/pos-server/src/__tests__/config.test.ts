import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, describeMailDestination, loadConfig } from '../config';

describe('config', () => {
  it('uses the defaults when nothing is set: 127.0.0.1:8080, sqlite:./data/pos.db, Asia/Kuala_Lumpur, STORE', () => {
    expect(loadConfig({})).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/pos.db',
      timeZone: 'Asia/Kuala_Lumpur',
      store: 'STORE',
    });
  });

  it('reads every setting from the environment', () => {
    expect(
      loadConfig({
        PORT: '9090',
        HOST: '0.0.0.0',
        POS_DATABASE_URL: 'postgres://pos@db:5432/pos',
        POS_TIMEZONE: 'Asia/Singapore',
        POS_STORE: 'KL01',
        POS_TOKEN_TTL_HOURS: '8',
        POS_LOG_LEVEL: 'debug',
        POS_UI_DIR: '/srv/pos-ui',
        POS_DATA_DIR: '/var/lib/pos/files',
        POS_FACE_PHOTOS: 'files',
        POS_CORS_ORIGINS: 'https://shop.example.com',
        POS_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
        POS_HEADERS_TIMEOUT_MS: '5000',
        POS_REQUEST_TIMEOUT_MS: '20000',
        POS_KEEP_ALIVE_TIMEOUT_MS: '30000',
        POS_CONNECTIONS_CHECK_INTERVAL_MS: '500',
        POS_SMTP_URL: 'smtp://pos:secret@mail.example.com:587',
        POS_MAIL_FROM: 'Demo Gym <receipts@gym.example>',
        POS_OFFLINE_MAX_MINUTES: '120',
        POS_OFFLINE_MAX_AMOUNT_RM: '2500',
        POS_OFFLINE_MAX_SALES: '40',
      }),
    ).toEqual({
      port: 9090,
      host: '0.0.0.0',
      databaseUrl: 'postgres://pos@db:5432/pos',
      timeZone: 'Asia/Singapore',
      store: 'KL01',
      tokenTtlHours: 8,
      logLevel: 'debug',
      uiDir: '/srv/pos-ui',
      dataDir: '/var/lib/pos/files',
      facePhotos: 'files',
      corsOrigins: ['https://shop.example.com'],
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20000,
      keepAliveTimeoutMs: 30000,
      connectionsCheckIntervalMs: 500,
      smtpUrl: 'smtp://pos:secret@mail.example.com:587',
      mailFrom: 'Demo Gym <receipts@gym.example>',
      offline: { maxMinutes: 120, maxAmountSen: 250_000, maxSales: 40 },
    });
  });

  it('refuses offline limits that are not whole numbers in range', () => {
    expect(() => loadConfig({ POS_OFFLINE_MAX_MINUTES: '-1' })).toThrow(
      'Invalid configuration: POS_OFFLINE_MAX_MINUTES must be a whole number from 0 to 10080 (got "-1")',
    );
    expect(() => loadConfig({ POS_OFFLINE_MAX_AMOUNT_RM: '12.50' })).toThrow(
      'Invalid configuration: POS_OFFLINE_MAX_AMOUNT_RM must be a whole number from 0 to 1000000 (got "12.50")',
    );
    expect(loadConfig({ POS_OFFLINE_MAX_MINUTES: '0' }).offline.maxMinutes).toBe(0);
  });

  it('reads POS_TRUST_PROXY as true, false or a list of proxies, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ POS_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ POS_TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(() => loadConfig({ POS_TRUST_PROXY: 'the proxy' })).toThrow(/POS_TRUST_PROXY must be true, false/);
  });

  it('cuts slow clients by default: headers within 10 s, a whole request within 30 s, checked every second', () => {
    expect(DEFAULT_CONFIG).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      connectionsCheckIntervalMs: 1_000,
    });
    expect(() =>
      loadConfig({ POS_HEADERS_TIMEOUT_MS: '40000', POS_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrowError(
      'Invalid configuration: POS_HEADERS_TIMEOUT_MS must not be more than POS_REQUEST_TIMEOUT_MS (got 40000 and 30000)',
    );
  });

  it('keeps the data directory (face photos, emails) next to the SQLite file unless POS_DATA_DIR says otherwise', () => {
    expect(DEFAULT_CONFIG.dataDir).toBe('./data');
    expect(loadConfig({ POS_DATABASE_URL: 'sqlite:/var/lib/pos/pos.db' }).dataDir).toBe('/var/lib/pos');
    expect(loadConfig({ POS_DATABASE_URL: 'sqlite:venue/pos.db' }).dataDir).toBe('venue');
    expect(
      loadConfig({ POS_DATABASE_URL: 'sqlite:/var/lib/pos/pos.db', POS_DATA_DIR: ' /srv/photos ' }).dataDir,
    ).toBe('/srv/photos');
    expect(
      loadConfig({ POS_DATABASE_URL: 'postgres://pos@db:5432/pos', POS_DATA_DIR: '/var/lib/pos' }).dataDir,
    ).toBe('/var/lib/pos');
  });

  it('requires POS_DATA_DIR with a PostgreSQL or in-memory database: their files never land in the working directory', () => {
    const message =
      "Invalid configuration: POS_DATA_DIR is required with a PostgreSQL or in-memory database: the folder of the venue's files (emails without SMTP, face photo files), e.g. POS_DATA_DIR=/var/lib/pos";
    for (const url of ['postgres://pos@db:5432/pos', 'postgresql://pos@db/pos', 'sqlite::memory:']) {
      expect(() => loadConfig({ POS_DATABASE_URL: url }), url).toThrowError(new ConfigError(message));
      expect(() => loadConfig({ POS_DATABASE_URL: url, POS_DATA_DIR: '  ' }), url).toThrowError(message);
    }
  });

  it("says in words where mail goes: 'Mail: SMTP host:port', or 'Mail: written to <data dir>/outbox (no SMTP configured)'", () => {
    expect(describeMailDestination({ smtpUrl: undefined, dataDir: '/var/lib/pos' })).toBe(
      'Mail: written to /var/lib/pos/outbox (no SMTP configured)',
    );
    expect(describeMailDestination({ smtpUrl: undefined, dataDir: 'venue' })).toBe(
      `Mail: written to ${resolve('venue', 'outbox')} (no SMTP configured)`,
    );
    expect(
      describeMailDestination({
        smtpUrl: 'smtp://pos%40venue.my:secret@smtp.example.com:587',
        dataDir: '/x',
      }),
    ).toBe('Mail: SMTP smtp.example.com:587');
    expect(describeMailDestination({ smtpUrl: 'smtp://smtp.example.com', dataDir: '/x' })).toBe(
      'Mail: SMTP smtp.example.com:587',
    );
    expect(describeMailDestination({ smtpUrl: 'smtps://u:p@mail.example.com', dataDir: '/x' })).toBe(
      'Mail: SMTP mail.example.com:465 (TLS)',
    );
  });

  it('keeps face photos in the database unless POS_FACE_PHOTOS=files, and refuses any other store', () => {
    expect(DEFAULT_CONFIG.facePhotos).toBe('database');
    expect(loadConfig({ POS_FACE_PHOTOS: 'database' }).facePhotos).toBe('database');
    expect(loadConfig({ POS_FACE_PHOTOS: ' files ' }).facePhotos).toBe('files');
    expect(() => loadConfig({ POS_FACE_PHOTOS: 's3' })).toThrowError(
      'Invalid configuration: POS_FACE_PHOTOS must be database or files (got "s3")',
    );
  });

  it('leaves e-invoicing off unless POS_EINVOICE_ENV is set, and then reads where MyInvois is and whose it is', () => {
    expect(loadConfig({}).einvoice).toBeUndefined();
    const on = {
      POS_EINVOICE_ENV: 'sandbox',
      POS_EINVOICE_CLIENT_ID: 'gym-erp',
      POS_EINVOICE_CLIENT_SECRET: 's3cret',
      POS_EINVOICE_KEY_FILE: '/etc/pos/einvoice-key.pem',
      POS_EINVOICE_CERT_FILE: '/etc/pos/einvoice-cert.pem',
    };
    expect(loadConfig(on).einvoice).toEqual({
      environment: 'sandbox',
      apiUrl: 'https://preprod-api.myinvois.hasil.gov.my',
      identityUrl: 'https://preprod-api.myinvois.hasil.gov.my',
      portalUrl: 'https://preprod.myinvois.hasil.gov.my',
      clientId: 'gym-erp',
      clientSecret: 's3cret',
      signing: {
        keyFile: '/etc/pos/einvoice-key.pem',
        certificateFile: '/etc/pos/einvoice-cert.pem',
        passphrase: undefined,
      },
    });
    expect(
      loadConfig({
        ...on,
        POS_EINVOICE_ENV: 'production',
        POS_EINVOICE_API_URL: 'http://127.0.0.1:4000/',
        POS_EINVOICE_IDENTITY_URL: 'http://127.0.0.1:4001',
        POS_EINVOICE_KEY_PASSPHRASE: 'pass phrase',
      }).einvoice,
    ).toMatchObject({
      environment: 'production',
      apiUrl: 'http://127.0.0.1:4000',
      identityUrl: 'http://127.0.0.1:4001',
      portalUrl: 'https://myinvois.hasil.gov.my',
      signing: { passphrase: 'pass phrase' },
    });
    expect(loadConfig({ ...on, POS_EINVOICE_ENV: 'production' }).einvoice?.apiUrl).toBe(
      'https://api.myinvois.hasil.gov.my',
    );
    // The certificate authority's PKCS#12 file instead of the two PEM files; not both.
    const { POS_EINVOICE_KEY_FILE: _key, POS_EINVOICE_CERT_FILE: _cert, ...withoutPem } = on;
    expect(
      loadConfig({
        ...withoutPem,
        POS_EINVOICE_P12_FILE: '/etc/pos/venue.p12',
        POS_EINVOICE_KEY_PASSPHRASE: 'pw',
      }).einvoice?.signing,
    ).toEqual({ keyFile: '', certificateFile: '', pkcs12File: '/etc/pos/venue.p12', passphrase: 'pw' });
    expect(() => loadConfig({ ...on, POS_EINVOICE_P12_FILE: '/etc/pos/venue.p12' })).toThrowError(
      'Invalid configuration: set POS_EINVOICE_P12_FILE (a PKCS#12 file), or POS_EINVOICE_KEY_FILE and POS_EINVOICE_CERT_FILE (PEM), not both',
    );
  });

  it('refuses a half-done e-invoicing setup, saying what is missing and never echoing the secret', () => {
    expect(() => loadConfig({ POS_EINVOICE_ENV: 'preprod' })).toThrowError(
      'Invalid configuration: POS_EINVOICE_ENV must be sandbox (LHDN preprod) or production (got "preprod")',
    );
    expect(() =>
      loadConfig({ POS_EINVOICE_ENV: 'sandbox', POS_EINVOICE_CLIENT_SECRET: 'hush-hush' }),
    ).toThrowError(
      'Invalid configuration: POS_EINVOICE_ENV=sandbox needs POS_EINVOICE_CLIENT_ID, POS_EINVOICE_KEY_FILE, POS_EINVOICE_CERT_FILE',
    );
    let message = '';
    try {
      loadConfig({ POS_EINVOICE_CLIENT_SECRET: 'hush-hush' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid configuration: POS_EINVOICE_CLIENT_SECRET is set but POS_EINVOICE_ENV is not: set POS_EINVOICE_ENV=sandbox or production to turn e-invoicing on, or unset POS_EINVOICE_CLIENT_SECRET',
    );
    expect(message).not.toContain('hush-hush');
    expect(() => loadConfig({ POS_EINVOICE_ENV: 'sandbox', POS_EINVOICE_API_URL: 'ftp://x' })).toThrowError(
      /POS_EINVOICE_API_URL must be an address/,
    );
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', POS_STORE: '  ' })).toEqual(DEFAULT_CONFIG);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ POS_DATABASE_URL: 'mysql://x' }, 'POS_DATABASE_URL'],
    [{ POS_TIMEZONE: 'Mars/Olympus' }, 'POS_TIMEZONE'],
    [{ POS_STORE: 'MY STORE' }, 'POS_STORE'],
    [{ POS_TOKEN_TTL_HOURS: '0' }, 'POS_TOKEN_TTL_HOURS'],
    [{ POS_LOG_LEVEL: 'loud' }, 'POS_LOG_LEVEL'],
    [{ POS_HEADERS_TIMEOUT_MS: '0' }, 'POS_HEADERS_TIMEOUT_MS'],
    [{ POS_REQUEST_TIMEOUT_MS: '1.5' }, 'POS_REQUEST_TIMEOUT_MS'],
    [{ POS_KEEP_ALIVE_TIMEOUT_MS: 'soon' }, 'POS_KEEP_ALIVE_TIMEOUT_MS'],
    [{ POS_CONNECTIONS_CHECK_INTERVAL_MS: '-1' }, 'POS_CONNECTIONS_CHECK_INTERVAL_MS'],
  ])('refuses %o with one line naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} .+ \\(got ".*"\\)$`));
      expect(message).not.toContain('\n');
    }
  });
});
