import type { ExportFormat } from 'pos-sdk/contract';
import { ORDER_MESSAGES } from 'pos-sdk/messages';
import { requireOrigin } from '../catalogue';
import type { Db } from '../db/Database';
import type { VenueSource } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { exportOrders, type OrderExport } from './exportOrders';

/**
 * export_order_report: the orders of a period of an origin, as CSV (the default) or JSON ({@link exportOrders}),
 * dated in the venue's time zone.
 *
 * @throws {HttpProblem} 400 when the period ends before it starts; 404 for an unknown origin.
 */
export async function exportOrderReport(
  db: Db,
  query: { period: { from: string; to: string }; origin: string; format?: ExportFormat | undefined },
  venue: Pick<VenueSource, 'timeZone'>,
): Promise<OrderExport> {
  const { period, origin, format } = query;
  const from = new Date(period.from);
  const to = new Date(period.to);
  if (to.getTime() <= from.getTime()) {
    throw HttpProblem.invalidRequest(ORDER_MESSAGES.periodReversed, [
      { path: 'period.to', message: ORDER_MESSAGES.periodReversed },
    ]);
  }
  await requireOrigin(db, origin);
  const timeZone = await venue.timeZone();
  return exportOrders(db, { origin, from, to, format: format ?? 'csv', timeZone });
}
