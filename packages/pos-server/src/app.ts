import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { FACE_PHOTO_MAX_BYTES } from 'pos-sdk/contract';
import { auditRoutes } from './audit';
import { installAuthentication } from './auth';
import { catalogueCacheOf, catalogueRoutes } from './catalogue';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/Database';
import { onBatchLost } from './db/groupCommit';
import { displayRoutes } from './display';
import { type EinvoiceSender, einvoiceRoutes, requestUrl } from './einvoice';
import { exportRoutes } from './export';
import type { AppContext } from './http/AppContext';
import { compressLargeAnswers } from './http/compressAnswers';
import { installCors } from './http/cors';
import { holdAnswersUntilDurable } from './http/durableAnswers';
import { frameworkErrors, installErrorHandler, MAX_PARAM_LENGTH } from './http/errorHandler';
import { healthRoutes } from './http/health';
import { useLenientJsonParser } from './http/jsonBodyParser';
import { serveUiAndNotFound } from './http/uiAndNotFound';
import { settleUnreadBodies } from './http/unreadBodies';
import { useZodCompilers } from './http/zodCompilers';
import { identityRoutes } from './identity';
import type { MailSender } from './mail';
import { mailRoutes } from './mail';
import { membershipRoutes } from './membership';
import { offlineRoutes } from './offline';
import { orderRoutes } from './orders';
import { reportRoutes } from './reports';
import { saleRoutes } from './sales';
import { shiftRoutes } from './shifts';
import { staffRoutes } from './staff';
import { stockRoutes } from './stock';
import { taxRoutes } from './tax';
import { terminalRoutes } from './terminals';
import { ticketRoutes } from './tickets';
import { createVenueSource, venueRoutes } from './venue';

/** Largest JSON body accepted (413 beyond). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * A socket with no traffic either way for this long is closed (Fastify's `connectionTimeout`): a client that stops
 * reading an answer. The headers, request and keep-alive timeouts of the config cut the other slow clients first.
 */
export const IDLE_SOCKET_TIMEOUT_MS = 120_000;

/** A module of routes: registers its area's routes on the app. */
export type RouteModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  /** The migrated database; the caller owns it (closes it after `app.close()`). */
  db: Kysely<Database>;
  config: Config;
  /** A pino logger; default: no logging. */
  logger?: FastifyBaseLogger;
  /** Source of "now"; default the system clock. Tests move it to expire tokens and locks. */
  clock?: Clock;
  /** Folder of the built cashier UI; served (with the SPA fallback) when it holds an index.html. */
  uiDir?: string;
  /** Check every JSON answer against the contract's response schema (tests); a mismatch is a 500. */
  checkResponses?: boolean;
  /** More route modules, registered after the built-in ones. */
  routes?: readonly RouteModule[];
  /**
   * The mail sender that delivers the outbox; routes wake it after a commit that queued mail, and `app.close()`
   * stops it. Without one, mail stays queued in the database (tests drive a sender themselves).
   */
  mailSender?: MailSender;
  /** The e-invoice sender (e-invoicing on); `app.close()` stops it. Without one, documents stay queued. */
  einvoiceSender?: EinvoiceSender;
}

/** The route modules of the server, one per area of the contract. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  healthRoutes,
  identityRoutes,
  terminalRoutes,
  staffRoutes,
  shiftRoutes,
  catalogueRoutes,
  saleRoutes,
  orderRoutes,
  exportRoutes,
  ticketRoutes,
  offlineRoutes,
  membershipRoutes,
  venueRoutes,
  stockRoutes,
  taxRoutes,
  reportRoutes,
  auditRoutes,
  mailRoutes,
  displayRoutes,
  einvoiceRoutes,
];

/** Orders' e-invoice request links, when e-invoicing is on and the server knows its public address. */
function einvoiceRequestLinks(
  db: Kysely<Database>,
  config: Config,
  clock: Clock,
): Pick<AppContext, 'einvoiceRequestUrl'> {
  const { publicUrl } = config;
  if (config.einvoice === undefined || publicUrl === undefined) return {};
  return {
    einvoiceRequestUrl: (orderId) =>
      requestUrl(db, { publicUrl, store: config.store, orderId, now: clock() }),
  };
}

/**
 * Builds the Fastify app: JSON parsing with a 1 MB limit, zod validation with the contract's schemas,
 * authentication, every route module, the one error handler, the 404 handler and (when built) the cashier UI.
 * It never listens: `server.ts` does, and tests call `app.inject`.
 *
 * @example
 * const app = await buildApp({ db, config: loadConfig(process.env) });
 * const response = await app.inject({ method: 'GET', url: '/v1/health' });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    ...(options.logger === undefined ? { logger: false } : { loggerInstance: options.logger }),
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    trustProxy:
      typeof options.config.trustProxy === 'boolean'
        ? options.config.trustProxy
        : [...options.config.trustProxy],
    // Slow clients are cut (Node's defaults let one trickling a header line a second hold a connection > 20 s).
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: config.connectionsCheckIntervalMs,
    },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: IDLE_SOCKET_TIMEOUT_MS,
  }) as unknown as FastifyInstance;
  const clock = options.clock ?? systemClock;
  const context: AppContext = {
    db: options.db,
    config: options.config,
    clock,
    venue: createVenueSource(options.db, options.config, clock),
    ...(options.mailSender === undefined ? {} : { mail: options.mailSender }),
    ...(options.einvoiceSender === undefined ? {} : { einvoiceSender: options.einvoiceSender }),
    ...einvoiceRequestLinks(options.db, options.config, clock),
  };
  const { einvoiceSender } = options;
  if (einvoiceSender !== undefined) app.addHook('onClose', () => einvoiceSender.stop());
  const { mailSender } = options;
  if (mailSender !== undefined) app.addHook('onClose', () => mailSender.stop());
  const stopForgetting = onBatchLost(() => catalogueCacheOf(options.db).forget());
  app.addHook('onClose', async () => {
    stopForgetting();
  });

  useLenientJsonParser(app);
  useZodCompilers(app, { checkResponses: options.checkResponses ?? false });
  installErrorHandler(app, { bodyLimit: JSON_BODY_LIMIT });
  settleUnreadBodies(app);
  holdAnswersUntilDurable(app);
  compressLargeAnswers(app);
  // Before authentication: a CORS preflight carries no token.
  installCors(app, context.config.corsOrigins);
  installAuthentication(app, { db: context.db, clock: context.clock });
  await app.register(multipart, {
    limits: { fileSize: FACE_PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });
  for (const routes of [...ROUTE_MODULES, ...(options.routes ?? [])]) await routes(app, context);
  await serveUiAndNotFound(app, options.uiDir);
  return app;
}
