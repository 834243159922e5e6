import { dirname, resolve } from 'node:path';
import { TERMINAL_ID_PATTERN, TERMINAL_ID_RULE_TEXT } from 'pos-sdk/rules';
import { z } from 'zod';
import { databaseEngine, sqliteUrlPath } from './db/createDb';

/** The places a face photo can be kept (`POS_FACE_PHOTOS`). */
export const FACE_PHOTO_STORES = ['database', 'files'] as const;

/** `database` (the default): the photo's bytes in its `face_photos` row; `files`: `<dataDir>/faces/<ticket id>.jpg`. */
export type FacePhotoStoreKind = (typeof FACE_PHOTO_STORES)[number];

/** The server's settings, read from the environment by {@link loadConfig}. */
export interface Config {
  /** TCP port to listen on (`PORT`, default 8080). */
  port: number;
  /** Interface to listen on (`HOST`, default 127.0.0.1; `0.0.0.0` for every interface). */
  host: string;
  /** `sqlite:PATH` (relative to the working directory, or absolute, or `sqlite::memory:`) or `postgres://…` (`POS_DATABASE_URL`). */
  databaseUrl: string;
  /** IANA time zone of the venue: its "today" (`POS_TIMEZONE`, default Asia/Kuala_Lumpur). */
  timeZone: string;
  /** Store code used in catalogue paths, `origin` and invoice numbers (`POS_STORE`, default STORE). */
  store: string;
  /**
   * The terminal a device that has no pairing code becomes (`POS_AUTO_PAIR`, e.g. TICKET01): for the demo and a venue
   * with one till. Unset (the default), every device is paired by a manager's code (`pos terminal pair ID`).
   */
  autoPair: string | undefined;
  /** Lifetime of a signed-in staff member's user token in hours (`POS_TOKEN_TTL_HOURS`, default 12). */
  tokenTtlHours: number;
  /** pino log level (`POS_LOG_LEVEL`, default info). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built cashier UI to serve (`POS_UI_DIR`); undefined means "look for packages/pos-react/dist". */
  uiDir: string | undefined;
  /**
   * Folder of the server's files other than the database: face photos with `POS_FACE_PHOTOS=files` (and those
   * registered before photos moved into the database) at `<dataDir>/faces/<ticket id>.jpg`, and without SMTP the
   * emails (`POS_DATA_DIR`, relative to the working directory or absolute). Default: the folder of the SQLite file for
   * a `sqlite:` database URL (`./data` for the default `sqlite:./data/pos.db`). A PostgreSQL or in-memory database has
   * no such folder, so {@link loadConfig} requires `POS_DATA_DIR` with one: a venue's files never land in whatever
   * folder the server was started from.
   */
  dataDir: string;
  /**
   * Where registered face photos are kept (`POS_FACE_PHOTOS`): `database` (default: in the `face_photos` row, so
   * every server instance sharing the database serves them) or `files` (`<dataDir>/faces/<ticket id>.jpg`, for a
   * single instance or instances that share `dataDir`). Photos are always read from their row when it holds them,
   * else from their file, whichever store registered them.
   */
  facePhotos: FacePhotoStoreKind;
  /**
   * Web origins allowed to call the API from a browser with credentials (`POS_CORS_ORIGINS`, comma-separated,
   * e.g. `https://shop.example.com,http://localhost:3000`). Default none: the cashier UI is served from the
   * same origin, so only an integrator's web app on another origin needs this.
   */
  corsOrigins: readonly string[];
  /**
   * Which proxies in front of the server to believe about the client's address (`X-Forwarded-For`), for the
   * per-address sign-in limits (`POS_TRUST_PROXY`): `false` (default: the socket's address), `true` (any), or a
   * comma-separated list of proxy addresses or CIDR ranges such as `127.0.0.1,10.0.0.0/8`.
   */
  trustProxy: boolean | readonly string[];
  /**
   * Time a client has to send a request's line and headers, in milliseconds (`POS_HEADERS_TIMEOUT_MS`, default
   * 10000): a slow client that trickles headers is cut (408) after about this long.
   */
  headersTimeoutMs: number;
  /**
   * Time a client has to send a whole request, headers and body, in milliseconds (`POS_REQUEST_TIMEOUT_MS`,
   * default 30000; at least `headersTimeoutMs`).
   */
  requestTimeoutMs: number;
  /**
   * How long an idle kept-alive connection stays open after an answer, in milliseconds
   * (`POS_KEEP_ALIVE_TIMEOUT_MS`, default 65000: longer than the 60 s idle timeout of common reverse proxies).
   */
  keepAliveTimeoutMs: number;
  /**
   * How often the server checks connections against the headers and request timeouts, in milliseconds
   * (`POS_CONNECTIONS_CHECK_INTERVAL_MS`, default 1000): a timeout is enforced within this much of its end.
   */
  connectionsCheckIntervalMs: number;
  /**
   * The SMTP server the receipts and passes are emailed through (`POS_SMTP_URL`): `smtp://user:password@host:587`
   * (STARTTLS when offered) or `smtps://user:password@host:465`. Undefined: messages are written as `.eml` files
   * under `<dataDir>/outbox/`.
   */
  smtpUrl: string | undefined;
  /** The From address of the emails (`POS_MAIL_FROM`, e.g. `Demo Gym <receipts@gym.example>`; default `pos@localhost` named after the store). */
  mailFrom: string;
  /**
   * What a terminal may sell while it cannot reach the server (docs/offline.md), handed to terminals by
   * offline_prepare: for at most `maxMinutes` after its last answer from the server (`POS_OFFLINE_MAX_MINUTES`,
   * default 480, 0 turns offline selling off), waiting sales together worth at most `maxAmountSen`
   * (`POS_OFFLINE_MAX_AMOUNT_RM`, whole ringgit, default 10000) and at most `maxSales` of them
   * (`POS_OFFLINE_MAX_SALES`, default 200).
   */
  offline: { maxMinutes: number; maxAmountSen: number; maxSales: number };
  /**
   * MyInvois e-invoicing (docs/einvoice.md), on when `POS_EINVOICE_ENV` is set: undefined (the default) turns it off
   * and the server submits nothing to LHDN.
   */
  einvoice: EinvoiceConfig | undefined;
  /**
   * The address buyers reach this server at (`POS_PUBLIC_URL`, e.g. `https://pos.gym.example`): the e-invoice request
   * links printed and emailed with receipts start with it. Undefined (the default): receipts carry no such link.
   */
  publicUrl: string | undefined;
}

/** The MyInvois environments: LHDN's preprod (sandbox) and production systems. */
export const EINVOICE_ENVIRONMENTS = ['sandbox', 'production'] as const;

/** `sandbox` (LHDN's preprod system) or `production`. */
export type EinvoiceEnvironment = (typeof EINVOICE_ENVIRONMENTS)[number];

/**
 * LHDN's addresses of each environment (https://sdk.myinvois.hasil.gov.my/integration-practices/ and the API pages):
 * the API and identity service share a host; the portal serves the validation links `{portal}/{uuid}/share/{longId}`.
 */
export const MYINVOIS_HOSTS: Readonly<
  Record<EinvoiceEnvironment, { apiUrl: string; identityUrl: string; portalUrl: string }>
> = {
  sandbox: {
    apiUrl: 'https://preprod-api.myinvois.hasil.gov.my',
    identityUrl: 'https://preprod-api.myinvois.hasil.gov.my',
    portalUrl: 'https://preprod.myinvois.hasil.gov.my',
  },
  production: {
    apiUrl: 'https://api.myinvois.hasil.gov.my',
    identityUrl: 'https://api.myinvois.hasil.gov.my',
    portalUrl: 'https://myinvois.hasil.gov.my',
  },
};

/** The e-invoicing settings: where MyInvois is, the ERP system's credentials, and the signing key's files. */
export interface EinvoiceConfig {
  /** `POS_EINVOICE_ENV`. */
  environment: EinvoiceEnvironment;
  /** `POS_EINVOICE_API_URL`, default the environment's API host. */
  apiUrl: string;
  /** `POS_EINVOICE_IDENTITY_URL`, default the environment's identity host. */
  identityUrl: string;
  /** The MyInvois portal of the environment, for validation links. */
  portalUrl: string;
  /** `POS_EINVOICE_CLIENT_ID`: the ERP system's client ID registered on the MyInvois portal. */
  clientId: string;
  /** `POS_EINVOICE_CLIENT_SECRET`: never stored in the database, logged or answered. */
  clientSecret: string;
  /**
   * `POS_EINVOICE_KEY_FILE` and `POS_EINVOICE_CERT_FILE` (PEM), or `POS_EINVOICE_P12_FILE` (PKCS#12, both in one
   * file; the others '' then), and `POS_EINVOICE_KEY_PASSPHRASE`.
   */
  signing: { keyFile: string; certificateFile: string; pkcs12File?: string; passphrase: string | undefined };
}

/** Thrown by {@link loadConfig} with a one-line, human-readable message naming the bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The default of `POS_OFFLINE_MAX_AMOUNT_RM`: whole ringgit. */
const DEFAULT_OFFLINE_MAX_AMOUNT_RM = 10_000;

/** The default settings, as documented in docs/server.md. */
export const DEFAULT_CONFIG: Config = {
  port: 8080,
  host: '127.0.0.1',
  databaseUrl: 'sqlite:./data/pos.db',
  timeZone: 'Asia/Kuala_Lumpur',
  store: 'STORE',
  autoPair: undefined,
  tokenTtlHours: 12,
  logLevel: 'info',
  uiDir: undefined,
  dataDir: './data',
  facePhotos: 'database',
  corsOrigins: [],
  trustProxy: false,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  connectionsCheckIntervalMs: 1_000,
  smtpUrl: undefined,
  mailFrom: 'pos@localhost',
  offline: { maxMinutes: 480, maxAmountSen: DEFAULT_OFFLINE_MAX_AMOUNT_RM * 100, maxSales: 200 },
  einvoice: undefined,
  publicUrl: undefined,
};

/**
 * The folder of the server's files when `POS_DATA_DIR` is not set: the folder of the SQLite file. Undefined for a
 * PostgreSQL or in-memory database, which have none (then `POS_DATA_DIR` is required).
 */
export function defaultDataDir(databaseUrl: string): string | undefined {
  if (databaseEngine(databaseUrl) !== 'sqlite') return undefined;
  const path = sqliteUrlPath(databaseUrl);
  return path === ':memory:' ? undefined : dirname(path);
}

/**
 * Where the server's email goes, in words, for the line `serve` prints at start: `Mail: SMTP smtp.example.com:587`
 * (no user or password), or `Mail: written to /var/lib/pos/outbox (no SMTP configured)`.
 */
export function describeMailDestination(config: Pick<Config, 'smtpUrl' | 'dataDir'>): string {
  if (config.smtpUrl === undefined)
    return `Mail: written to ${resolve(config.dataDir, 'outbox')} (no SMTP configured)`;
  const url = new URL(config.smtpUrl);
  const port = url.port === '' ? (url.protocol === 'smtps:' ? '465' : '587') : url.port;
  return `Mail: SMTP ${url.hostname}:${port}${url.protocol === 'smtps:' ? ' (TLS)' : ''}`;
}

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const optional = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? undefined : text.trim();

/** A whole number of milliseconds from 1 to 1 hour, with its default. */
const milliseconds = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number of milliseconds from 1 to 3600000' })
    .int('must be a whole number of milliseconds from 1 to 3600000')
    .min(1, 'must be a whole number of milliseconds from 1 to 3600000')
    .max(3_600_000, 'must be a whole number of milliseconds from 1 to 3600000')
    .default(fallback);

/** A whole number from 0 to `max`, with its default. */
const wholeNumber = (max: number, fallback: number) => {
  const message = `must be a whole number from 0 to ${max}`;
  return z.coerce.number({ message }).int(message).min(0, message).max(max, message).default(fallback);
};

/** An http(s) base address such as https://preprod-api.myinvois.hasil.gov.my (http for a local test stand-in). */
const httpsUrl = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an address such as https://preprod-api.myinvois.hasil.gov.my');

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(DEFAULT_CONFIG.port),
  HOST: z.string().min(1).default(DEFAULT_CONFIG.host),
  POS_DATABASE_URL: z
    .string()
    .regex(
      /^(sqlite:.+|postgres(ql)?:\/\/.+)$/,
      'must be sqlite:PATH (e.g. sqlite:./data/pos.db) or postgres://user@host:5432/db',
    )
    .default(DEFAULT_CONFIG.databaseUrl),
  POS_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Kuala_Lumpur')
    .default(DEFAULT_CONFIG.timeZone),
  POS_STORE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1 to 32 letters, digits, "-" or "_"')
    .default(DEFAULT_CONFIG.store),
  POS_AUTO_PAIR: z.string().regex(TERMINAL_ID_PATTERN, TERMINAL_ID_RULE_TEXT).optional(),
  POS_TOKEN_TTL_HOURS: z.coerce
    .number({ message: 'must be a number of hours from 0.1 to 720' })
    .min(0.1, 'must be a number of hours from 0.1 to 720')
    .max(720, 'must be a number of hours from 0.1 to 720')
    .default(DEFAULT_CONFIG.tokenTtlHours),
  POS_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default(DEFAULT_CONFIG.logLevel),
  POS_UI_DIR: z.string().optional(),
  POS_DATA_DIR: z.string().optional(),
  POS_FACE_PHOTOS: z
    .enum(FACE_PHOTO_STORES, { message: `must be ${FACE_PHOTO_STORES.join(' or ')}` })
    .default(DEFAULT_CONFIG.facePhotos),
  POS_CORS_ORIGINS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[^/\s]+$/,
            'must be a comma-separated list of origins such as https://shop.example.com',
          ),
      ),
    )
    .optional(),
  POS_TRUST_PROXY: z
    .string()
    .transform((text): boolean | string[] => {
      const lower = text.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      return text
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    })
    .refine(
      (value) =>
        typeof value === 'boolean' || value.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)),
      'must be true, false, or a comma-separated list of proxy addresses such as 127.0.0.1,10.0.0.0/8',
    )
    .optional(),
  POS_HEADERS_TIMEOUT_MS: milliseconds(DEFAULT_CONFIG.headersTimeoutMs),
  POS_REQUEST_TIMEOUT_MS: milliseconds(DEFAULT_CONFIG.requestTimeoutMs),
  POS_KEEP_ALIVE_TIMEOUT_MS: milliseconds(DEFAULT_CONFIG.keepAliveTimeoutMs),
  POS_CONNECTIONS_CHECK_INTERVAL_MS: milliseconds(DEFAULT_CONFIG.connectionsCheckIntervalMs),
  POS_SMTP_URL: z
    .string()
    .refine((text) => {
      try {
        const url = new URL(text);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'must be smtp://user:password@host:587 or smtps://user:password@host:465')
    .optional(),
  POS_MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      'must be an address such as receipts@gym.example or "Demo Gym <receipts@gym.example>"',
    )
    .optional(),
  POS_OFFLINE_MAX_MINUTES: wholeNumber(10_080, DEFAULT_CONFIG.offline.maxMinutes),
  POS_OFFLINE_MAX_AMOUNT_RM: wholeNumber(1_000_000, DEFAULT_OFFLINE_MAX_AMOUNT_RM),
  POS_OFFLINE_MAX_SALES: wholeNumber(10_000, DEFAULT_CONFIG.offline.maxSales),
  POS_EINVOICE_ENV: z
    .enum(EINVOICE_ENVIRONMENTS, { message: 'must be sandbox (LHDN preprod) or production' })
    .optional(),
  POS_EINVOICE_API_URL: httpsUrl.optional(),
  POS_EINVOICE_IDENTITY_URL: httpsUrl.optional(),
  POS_EINVOICE_CLIENT_ID: z.string().optional(),
  POS_EINVOICE_CLIENT_SECRET: z.string().optional(),
  POS_EINVOICE_KEY_FILE: z.string().optional(),
  POS_EINVOICE_CERT_FILE: z.string().optional(),
  POS_EINVOICE_P12_FILE: z.string().optional(),
  POS_EINVOICE_KEY_PASSPHRASE: z.string().optional(),
  POS_PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/,
      'must be the address buyers reach the server at, such as https://pos.gym.example',
    )
    .transform((text) => text.replace(/\/+$/, ''))
    .optional(),
});

/** Every environment variable the server reads, in the order of the settings (the help and the docs list them all). */
export const CONFIG_ENV_KEYS: readonly string[] = Object.keys(EnvSchema.shape);

/**
 * Reads the server's settings from environment variables; unset or blank variables take their defaults.
 *
 * @throws {ConfigError} with one line such as `Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")`.
 * @example
 * const config = loadConfig(process.env);
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const input = Object.fromEntries(Object.keys(EnvSchema.shape).map((name) => [name, optional(env[name])]));
  const parsed = EnvSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got ${JSON.stringify(input[name])})`,
    );
  }
  const value = parsed.data;
  const dataDir = value.POS_DATA_DIR ?? defaultDataDir(value.POS_DATABASE_URL);
  if (dataDir === undefined) {
    throw new ConfigError(
      "Invalid configuration: POS_DATA_DIR is required with a PostgreSQL or in-memory database: the folder of the venue's files (emails without SMTP, face photo files), e.g. POS_DATA_DIR=/var/lib/pos",
    );
  }
  // Node refuses a headers timeout longer than the request timeout (the headers are part of the request).
  if (value.POS_HEADERS_TIMEOUT_MS > value.POS_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration: POS_HEADERS_TIMEOUT_MS must not be more than POS_REQUEST_TIMEOUT_MS (got ${value.POS_HEADERS_TIMEOUT_MS} and ${value.POS_REQUEST_TIMEOUT_MS})`,
    );
  }
  return {
    einvoice: einvoiceConfig(value),
    publicUrl: value.POS_PUBLIC_URL,
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.POS_DATABASE_URL,
    timeZone: value.POS_TIMEZONE,
    store: value.POS_STORE,
    autoPair: value.POS_AUTO_PAIR,
    tokenTtlHours: value.POS_TOKEN_TTL_HOURS,
    logLevel: value.POS_LOG_LEVEL,
    uiDir: value.POS_UI_DIR,
    dataDir,
    facePhotos: value.POS_FACE_PHOTOS,
    corsOrigins: value.POS_CORS_ORIGINS ?? DEFAULT_CONFIG.corsOrigins,
    trustProxy: value.POS_TRUST_PROXY ?? DEFAULT_CONFIG.trustProxy,
    headersTimeoutMs: value.POS_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: value.POS_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: value.POS_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckIntervalMs: value.POS_CONNECTIONS_CHECK_INTERVAL_MS,
    smtpUrl: value.POS_SMTP_URL,
    mailFrom: value.POS_MAIL_FROM ?? DEFAULT_CONFIG.mailFrom,
    offline: {
      maxMinutes: value.POS_OFFLINE_MAX_MINUTES,
      // Whole ringgit to sen: an integer times 100, no fraction involved.
      maxAmountSen: value.POS_OFFLINE_MAX_AMOUNT_RM * 100,
      maxSales: value.POS_OFFLINE_MAX_SALES,
    },
  };
}

/** The settings that turn e-invoicing on; the others only make sense with `POS_EINVOICE_ENV`. */
const EINVOICE_REQUIRED = ['POS_EINVOICE_CLIENT_ID', 'POS_EINVOICE_CLIENT_SECRET'] as const;
/** The signing files: the PEM key and certificate, or a PKCS#12 file instead. */
const EINVOICE_PEM = ['POS_EINVOICE_KEY_FILE', 'POS_EINVOICE_CERT_FILE'] as const;

/** The e-invoicing settings, or undefined (off); a half-done setup is refused with what is missing. */
function einvoiceConfig(value: z.infer<typeof EnvSchema>): EinvoiceConfig | undefined {
  const environment = value.POS_EINVOICE_ENV;
  if (environment === undefined) {
    const stray = (Object.keys(value) as (keyof typeof value)[]).find(
      (name) => name.startsWith('POS_EINVOICE_') && value[name] !== undefined,
    );
    if (stray !== undefined) {
      throw new ConfigError(
        `Invalid configuration: ${stray} is set but POS_EINVOICE_ENV is not: set POS_EINVOICE_ENV=sandbox or production to turn e-invoicing on, or unset ${stray}`,
      );
    }
    return undefined;
  }
  const pkcs12 = value.POS_EINVOICE_P12_FILE !== undefined;
  if (pkcs12 && EINVOICE_PEM.some((name) => value[name] !== undefined)) {
    throw new ConfigError(
      'Invalid configuration: set POS_EINVOICE_P12_FILE (a PKCS#12 file), or POS_EINVOICE_KEY_FILE and POS_EINVOICE_CERT_FILE (PEM), not both',
    );
  }
  const missing = [...EINVOICE_REQUIRED, ...(pkcs12 ? [] : EINVOICE_PEM)].filter(
    (name) => value[name] === undefined,
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: POS_EINVOICE_ENV=${environment} needs ${missing.join(', ')} (the MyInvois client ID and secret from the portal, the signing key and certificate in PEM, or POS_EINVOICE_P12_FILE)`,
    );
  }
  const hosts = MYINVOIS_HOSTS[environment];
  return {
    environment,
    apiUrl: (value.POS_EINVOICE_API_URL ?? hosts.apiUrl).replace(/\/+$/, ''),
    identityUrl: (value.POS_EINVOICE_IDENTITY_URL ?? hosts.identityUrl).replace(/\/+$/, ''),
    portalUrl: hosts.portalUrl,
    clientId: value.POS_EINVOICE_CLIENT_ID ?? '',
    clientSecret: value.POS_EINVOICE_CLIENT_SECRET ?? '',
    signing: {
      keyFile: value.POS_EINVOICE_KEY_FILE ?? '',
      certificateFile: value.POS_EINVOICE_CERT_FILE ?? '',
      ...(pkcs12 ? { pkcs12File: value.POS_EINVOICE_P12_FILE } : {}),
      passphrase: value.POS_EINVOICE_KEY_PASSPHRASE,
    },
  };
}
