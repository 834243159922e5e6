import type { FastifyInstance } from 'fastify';
import { ORDER_MESSAGES } from 'pos-sdk/messages';
import { requireOrigin } from '../catalogue';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { serveEndpoint } from '../http/serveEndpoint';
import { exportOrders } from './exportOrders';

/** POST /v1/admin/export_order_report: a period of an origin's orders streamed as CSV or JSON (`exportOrders`). */
export function exportRoutes(app: FastifyInstance, { db, venue }: AppContext): void {
  serveEndpoint(app, 'exportOrderReport', async (request, reply) => {
    const { period, origin, format } = request.body;
    const from = new Date(period.from);
    const to = new Date(period.to);
    if (to.getTime() <= from.getTime()) {
      throw HttpProblem.invalidRequest(ORDER_MESSAGES.periodReversed, [
        { path: 'period.to', message: ORDER_MESSAGES.periodReversed },
      ]);
    }
    await requireOrigin(db, origin);
    const timeZone = await venue.timeZone();
    const exported = exportOrders(db, { origin, from, to, format: format ?? 'csv', timeZone });
    return reply
      .header('content-type', exported.contentType)
      .header('content-disposition', `attachment; filename="${exported.filename}"`)
      .header('cache-control', 'no-store')
      .send(exported.body);
  });
}
