import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino, { type Logger } from 'pino';
import { buildApp } from './app';
import { ensureStore } from './catalogue';
import type { Config, EinvoiceConfig } from './config';
import { createDb } from './db/createDb';
import type { Database } from './db/Database';
import { migrateToLatest } from './db/migrateToLatest';
import { seedDemo } from './demo';
import {
  createEinvoiceChores,
  createEinvoiceSender,
  createLargeSaleChore,
  createMyInvoisClient,
  type EinvoiceSender,
  einvoiceOfMail,
  loadConfiguredSigning,
  queueValidEinvoiceMail,
  requestUrl,
  type SigningCredentials,
} from './einvoice';
import { createMailSender, createMailTransport, type MailSender } from './mail';
import { fillShiftExpectations } from './shifts';
import { copyFacePhotoFilesIntoDatabase, createFacePhotoStore } from './tickets';
import { createVenueSource } from './venue';

/** Where `npm start` finds the built cashier UI: packages/pos-react/dist, next to this package. */
export function defaultUiDir(): string {
  return fileURLToPath(new URL('../../pos-react/dist', import.meta.url));
}

/**
 * What the mail sender needs from e-invoicing: the request link a receipt email shows (with `POS_PUBLIC_URL`), and
 * the e-invoice an `einvoice` message tells about.
 */
function mailEinvoiceOptions(
  db: Kysely<Database>,
  config: Config,
): Pick<Parameters<typeof createMailSender>[0], 'einvoiceRequestUrl' | 'einvoiceOf'> {
  const { einvoice, publicUrl } = config;
  if (einvoice === undefined) return {};
  return {
    einvoiceOf: (eventKey) => einvoiceOfMail(db, eventKey, einvoice.portalUrl),
    ...(publicUrl === undefined
      ? {}
      : {
          einvoiceRequestUrl: async (order) =>
            order.kind === 'sale'
              ? requestUrl(db, { publicUrl, store: order.store, orderId: order.id, now: new Date() })
              : null,
        }),
  };
}

/** Chores run one after the other. */
const chain =
  (...chores: readonly (() => Promise<void>)[]) =>
  async (): Promise<void> => {
    for (const chore of chores) await chore();
  };

/** Options of {@link startServer}. */
export interface StartServerOptions {
  config: Config;
  logger: Logger;
  /** Seed the demo staff and catalogue when the database is empty. */
  seedDemoIfEmpty?: boolean;
}

/** A listening server. */
export interface RunningServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** Whether the demo seed ran now. */
  seeded: boolean;
  /** The mail sender delivering the outbox (`mail.transport.description` says where mail goes). */
  mail: MailSender;
  /** The e-invoice sender submitting the e-invoice outbox to MyInvois; undefined when e-invoicing is off. */
  einvoice: EinvoiceSender | undefined;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/**
 * Runs the server: opens the database, brings its schema up to date, makes sure the store exists, optionally seeds
 * the demo data, copies face photo files into the database (when it is the photo store, `POS_FACE_PHOTOS`), builds
 * the app (serving the UI build when present) and listens on the configured host and port.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config, logger } = options;
  // Before anything else: a signing key that cannot be used stops the server now, with the reason.
  const signing = config.einvoice === undefined ? undefined : loadConfiguredSigning(config.einvoice);
  const db = createDb(config.databaseUrl);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const now = new Date();
    const seeded =
      options.seedDemoIfEmpty === true ? await seedDemo(db, { store: config.store, now }) : false;
    await ensureStore(db, config.store, now);
    if (config.facePhotos === 'database') {
      // Photos registered while files were the store move into their rows, so every instance serves them.
      const photos = createFacePhotoStore({ kind: config.facePhotos, dataDir: config.dataDir });
      const { copied, left } = await copyFacePhotoFilesIntoDatabase(db, photos);
      if (copied > 0 || left > 0) logger.info({ copied, left }, 'face photo files copied into the database');
    }
    // Shifts closed before the sales summary kept their expected takings get them now (once; then one query).
    const filled = await fillShiftExpectations(db);
    if (filled > 0) logger.info({ shifts: filled }, 'expected takings of closed shifts added up');
    const uiDir = config.uiDir ?? defaultUiDir();
    const mail = createMailSender({
      db,
      transport: createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      from: config.mailFrom,
      timeZone: config.timeZone,
      logger,
      ...mailEinvoiceOptions(db, config),
    });
    // Only when e-invoicing is on (POS_EINVOICE_ENV): nothing is sent to LHDN otherwise.
    const startEinvoiceSender = (settings: EinvoiceConfig, key: SigningCredentials) => {
      // What both chores read: one venue source, and the signing key opened at the start.
      const chores = {
        db,
        store: config.store,
        timeZone: createVenueSource(db, config, () => new Date()).timeZone,
        signing: key,
        clock: () => new Date(),
        logger,
      };
      return createEinvoiceSender({
        db,
        client: createMyInvoisClient(settings),
        logger,
        // Each round: the previous month's consolidated e-invoice once it is over, and refund notes to build;
        // first, the sales above RM 10,000 whose own e-invoice was not queued at checkout (not into the month).
        beforeRound: chain(createLargeSaleChore(chores), createEinvoiceChores(chores)),
        // A sale's e-invoice turned valid: its buyer's email is queued (and any a stop left unqueued).
        onValid: async () => {
          if ((await queueValidEinvoiceMail(db, new Date())) > 0) mail.wake();
        },
      });
    };
    const einvoice =
      config.einvoice === undefined || signing === undefined
        ? undefined
        : startEinvoiceSender(config.einvoice, signing);
    const app = await buildApp({
      db,
      config,
      logger,
      uiDir,
      mailSender: mail,
      ...(einvoice === undefined ? {} : { einvoiceSender: einvoice }),
    });
    await app.listen({ port: config.port, host: config.host });
    // After listening: messages queued before a crash or a restart go out now.
    mail.start();
    logger.info({ mail: mail.transport.description }, 'mail sender started');
    // Documents queued, or left mid-submission, before a restart are taken up now (polled, never sent twice).
    if (einvoice !== undefined && config.einvoice !== undefined) {
      einvoice.start();
      logger.info(
        { einvoice: config.einvoice.environment, api: config.einvoice.apiUrl },
        'e-invoice sender started',
      );
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return {
      app,
      db,
      url,
      seeded,
      mail,
      einvoice,
      async close() {
        await app.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** A pino logger at the given level, writing JSON lines to stdout. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({ level, base: { service: 'pos-server' } });
}

/**
 * Closes the server gracefully on SIGINT or SIGTERM (requests in flight finish, the database is closed) and exits 0;
 * a second signal, or a close taking over 10 seconds, exits 1 at once.
 */
export function closeOnSignals(server: RunningServer, logger: Logger): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
