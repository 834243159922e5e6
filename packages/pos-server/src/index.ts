/**
 * pos-server: the reference backend of the POS terminal (Fastify + Kysely on SQLite or PostgreSQL).
 * `buildApp` builds the app without listening; `startServer` runs it; the `pos-server` bin wraps both.
 */

export type { PassValidity as TicketValidity } from 'pos-sdk/rules';
export { passValidity as ticketValidity } from 'pos-sdk/rules';
export type { BuildAppOptions, RouteModule } from './app';
export { buildApp, JSON_BODY_LIMIT, ROUTE_MODULES } from './app';
export type { AuditAction, AuditEntry } from './audit';
export { recordAudit } from './audit';
export type { SignedIn } from './auth';
export {
  APPROVAL_TTL_MS,
  consumeApproval,
  DEFAULT_HOST_ID,
  hashSecret,
  issueApproval,
  signedIn,
  verifySecret,
} from './auth';

export type { CatalogueItem, CatalogueMerchandise, CataloguePass } from './catalogue';
export { findCatalogueItem } from './catalogue';

export type { Clock } from './clock';
export { systemClock } from './clock';
export type { Config } from './config';
export { CONFIG_ENV_KEYS, ConfigError, DEFAULT_CONFIG, loadConfig } from './config';
export type { CreateDbOptions, DatabaseEngine } from './db/createDb';
export { createDb, databaseEngine } from './db/createDb';
export type * from './db/Database';
export type { MigrateOptions } from './db/migrateToLatest';
export { MIGRATIONS, migrateToLatest } from './db/migrateToLatest';
export { refillSalesRollup } from './db/refillSalesRollup';
export { DEMO_MERCHANDISE, DEMO_PASSES, DEMO_STAFF, isDatabaseEmpty, seedDemo } from './demo';
export type { OrderExport } from './export';
export { csvCell, csvRecord, exportOrders } from './export';

export { boundHeapGrowth, HEAP_GROWING_PERCENT } from './heapGrowth';
export type { AppContext } from './http/AppContext';
export { HttpProblem, isHttpProblem } from './http/HttpProblem';
export type { IdempotencyRequest, IdempotentResult } from './http/idempotency';
export { hashRequestBody, readIdempotencyKey, withIdempotency } from './http/idempotency';
export type { EndpointBody, EndpointReply, EndpointRequest } from './http/serveEndpoint';
export { serveEndpoint } from './http/serveEndpoint';
export { formatInvoiceId, issueInvoice } from './invoices';

export type { RunningServer, StartServerOptions } from './server';
export { closeOnSignals, createLogger, defaultUiDir, startServer } from './server';
export type { MethodTotalsSen } from './shifts';
export {
  computeShiftReport,
  fillShiftExpectations,
  findOpenShift,
  METHOD_COLUMN,
  openShift,
  requireOpenShift,
} from './shifts';

export type { NewStaff } from './staff';
export { addStaff } from './staff';
export { newTicketId, readTicketId, TICKET_ID_PATTERN } from './tickets';
