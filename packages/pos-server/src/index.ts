/**
 * pos-server: the reference backend of the POS terminal (Fastify + Kysely on SQLite or PostgreSQL).
 * `buildApp` builds the app without listening; `startServer` runs it; the `pos-server` bin wraps both.
 */

export type { PassValidity as TicketValidity } from 'pos-sdk';
export { passValidity as ticketValidity } from 'pos-sdk';
export type { BuildAppOptions, RouteModule } from './app';
export { buildApp, JSON_BODY_LIMIT, ROUTE_MODULES } from './app';
export type { AuditAction, AuditEntry } from './audit';
export { recordAudit } from './audit';
export { APPROVAL_TTL_MS, consumeApproval, issueApproval } from './auth/approvals';
export type { SignedIn } from './auth/authentication';
export { DEFAULT_HOST_ID, signedIn } from './auth/authentication';
export { hashSecret, verifySecret } from './auth/secretHash';
export type { CatalogueItem, CatalogueMerchandise, CataloguePass } from './catalogue/findCatalogueItem';
export { findCatalogueItem } from './catalogue/findCatalogueItem';
export type { Clock } from './clock';
export { systemClock } from './clock';
export type { Config } from './config';
export { CONFIG_ENV_KEYS, ConfigError, DEFAULT_CONFIG, loadConfig } from './config';
export type { CreateDbOptions, DatabaseEngine } from './db/createDb';
export { createDb, databaseEngine } from './db/createDb';
export type * from './db/Database';
export type { MigrateOptions } from './db/migrateToLatest';
export { MIGRATIONS, migrateToLatest } from './db/migrateToLatest';
export { DEMO_MERCHANDISE, DEMO_PASSES, DEMO_STAFF, isDatabaseEmpty, seedDemo } from './db/seedDemo';
export { csvCell, csvRecord } from './export/csvCell';
export type { OrderExport } from './export/exportOrders';
export { exportOrders } from './export/exportOrders';
export { HttpProblem, isHttpProblem } from './HttpProblem';
export { boundHeapGrowth, HEAP_GROWING_PERCENT } from './heapGrowth';
export type { AppContext } from './http/AppContext';
export type { EndpointBody, EndpointReply, EndpointRequest } from './http/serveEndpoint';
export { serveEndpoint } from './http/serveEndpoint';
export type { IdempotencyRequest, IdempotentResult } from './idempotency';
export { hashRequestBody, readIdempotencyKey, withIdempotency } from './idempotency';
export { formatInvoiceId, issueInvoice } from './invoices/issueInvoice';
export type { RunningServer, StartServerOptions } from './server';
export { closeOnSignals, createLogger, defaultUiDir, startServer } from './server';
export { findOpenShift, openShift, requireOpenShift } from './shifts/openShift';
export type { MethodTotalsSen } from './shifts/shiftReport';
export { computeShiftReport, METHOD_COLUMN } from './shifts/shiftReport';
export type { NewStaff } from './staff/addStaff';
export { addStaff } from './staff/addStaff';
export { newTicketId, readTicketId, TICKET_ID_PATTERN } from './tickets/ticketId';
