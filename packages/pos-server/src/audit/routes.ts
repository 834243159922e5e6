import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { listAudit } from './listAudit';

/** POST /v1/admin/audit: the audit log, a manager's token only (see `listAudit`). */
export function auditRoutes(app: FastifyInstance, { db }: AppContext): void {
  serveEndpoint(app, 'auditList', async (request) => listAudit(db, request.body));
}
