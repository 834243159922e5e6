import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { exportOrderReport } from './exportOrderReport';

/** POST /v1/admin/export_order_report: a period of an origin's orders streamed as CSV or JSON (`exportOrders`). */
export function exportRoutes(app: FastifyInstance, { db, venue }: AppContext): void {
  serveEndpoint(app, 'exportOrderReport', async (request, reply) => {
    const exported = await exportOrderReport(db, request.body, venue);
    return reply
      .header('content-type', exported.contentType)
      .header('content-disposition', `attachment; filename="${exported.filename}"`)
      .header('cache-control', 'no-store')
      .send(exported.body);
  });
}
