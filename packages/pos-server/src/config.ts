import { dirname } from 'node:path';
import { z } from 'zod';
import { databaseEngine, sqliteUrlPath } from './db/createDb';

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
  /** Lifetime of a signed-in staff member's user token in hours (`POS_TOKEN_TTL_HOURS`, default 12). */
  tokenTtlHours: number;
  /** pino log level (`POS_LOG_LEVEL`, default info). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built cashier UI to serve (`POS_UI_DIR`); undefined means "look for packages/pos-react/dist". */
  uiDir: string | undefined;
  /**
   * Folder of the server's files other than the database: face photos go to `<dataDir>/faces/<ticket id>.jpg`
   * (`POS_DATA_DIR`, relative to the working directory or absolute). Default: the folder of the SQLite file for
   * a `sqlite:` database URL (`./data` for the default `sqlite:./data/pos.db`), `./data` otherwise.
   */
  dataDir: string;
  /**
   * Web origins allowed to call the API from a browser with credentials (`POS_CORS_ORIGINS`, comma-separated,
   * e.g. `https://shop.example.com,http://localhost:3000`). Default none: the cashier UI is served from the
   * same origin, so only an integrator's web app on another origin needs this.
   */
  corsOrigins: readonly string[];
}

/** Thrown by {@link loadConfig} with a one-line, human-readable message naming the bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The default settings, as documented in docs/server.md. */
export const DEFAULT_CONFIG: Config = {
  port: 8080,
  host: '127.0.0.1',
  databaseUrl: 'sqlite:./data/pos.db',
  timeZone: 'Asia/Kuala_Lumpur',
  store: 'STORE',
  tokenTtlHours: 12,
  logLevel: 'info',
  uiDir: undefined,
  dataDir: './data',
  corsOrigins: [],
};

/** The folder of the server's files when `POS_DATA_DIR` is not set: next to the SQLite file, else `./data`. */
export function defaultDataDir(databaseUrl: string): string {
  if (databaseEngine(databaseUrl) !== 'sqlite') return DEFAULT_CONFIG.dataDir;
  const path = sqliteUrlPath(databaseUrl);
  return path === ':memory:' ? DEFAULT_CONFIG.dataDir : dirname(path);
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
});

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
  return {
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.POS_DATABASE_URL,
    timeZone: value.POS_TIMEZONE,
    store: value.POS_STORE,
    tokenTtlHours: value.POS_TOKEN_TTL_HOURS,
    logLevel: value.POS_LOG_LEVEL,
    uiDir: value.POS_UI_DIR,
    dataDir: value.POS_DATA_DIR ?? defaultDataDir(value.POS_DATABASE_URL),
    corsOrigins: value.POS_CORS_ORIGINS ?? DEFAULT_CONFIG.corsOrigins,
  };
}
