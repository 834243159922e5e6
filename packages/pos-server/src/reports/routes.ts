import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { salesSummary } from './salesSummary';

/**
 * The manager's reports (the contract's `role: 'manager'`): POST /v1/admin/reports/sales_summary, the sales of a
 * period of venue days for the back office's dashboard (`salesSummary`).
 */
export function reportRoutes(app: FastifyInstance, { db, venue }: AppContext): void {
  serveEndpoint(app, 'salesSummary', async (request) =>
    salesSummary(db, request.body, await venue.timeZone()),
  );
}
