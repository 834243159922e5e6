import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import { actorOf } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import {
  adjustStock,
  countStock,
  importDeliveries,
  listLevels,
  stockHistory,
  trackStock,
} from './stockLevels';

/**
 * Merchandise stock, a manager's calls (the contract's `role: 'manager'`): the tracked levels, starting to keep a
 * variant's stock, deliveries, damage and corrections, counts, and a variant's movements. Sales, refunds and cancels
 * move the levels in their own transactions (`takeStockForSale`, `putBackStock`).
 */
export function stockRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  const store = config.store;
  const audited = async <T>(
    request: Parameters<typeof actorOf>[0],
    action: 'stock.tracked' | 'stock.received' | 'stock.adjusted' | 'stock.counted',
    run: (actor: ReturnType<typeof actorOf>) => Promise<T>,
    details: (result: T) => Record<string, unknown>,
  ): Promise<T> => {
    const actor = actorOf(request, clock());
    const result = await run(actor);
    await recordAudit(db, {
      action,
      staffId: actor.staffId,
      terminalId: actor.terminalId,
      at: actor.now,
      details: details(result),
    });
    return result;
  };

  serveEndpoint(app, 'stockList', async (request) => listLevels(db, store, { low: request.body.low }));
  serveEndpoint(app, 'stockTrack', async (request) =>
    audited(
      request,
      'stock.tracked',
      (actor) =>
        trackStock(
          db,
          {
            store,
            sku: request.body.sku,
            track: request.body.track,
            quantity: request.body.quantity,
            lowLevel: request.body.low_level,
            cost: request.body.cost,
          },
          actor,
        ),
      (level) => ({ ...request.body, level: level.quantity }),
    ),
  );
  serveEndpoint(app, 'stockReceive', async (request) =>
    audited(
      request,
      'stock.received',
      (actor) =>
        adjustStock(
          db,
          {
            store,
            sku: request.body.sku,
            kind: 'delivery',
            quantity: request.body.quantity,
            reason: request.body.reason,
          },
          actor,
        ),
      (level) => ({ ...request.body, level: level.quantity }),
    ),
  );
  serveEndpoint(app, 'stockAdjust', async (request) =>
    audited(
      request,
      'stock.adjusted',
      (actor) => adjustStock(db, { store, ...request.body }, actor),
      (level) => ({ ...request.body, level: level.quantity }),
    ),
  );
  serveEndpoint(app, 'stockCount', async (request) =>
    audited(
      request,
      'stock.counted',
      (actor) =>
        countStock(
          db,
          { store, items: request.body.items, reason: request.body.reason, dryRun: request.body.dry_run },
          actor,
        ),
      (count) => ({ applied: count.applied, lines: count.lines }),
    ),
  );
  serveEndpoint(app, 'stockImport', async (request) => {
    const run = (actor: ReturnType<typeof actorOf>) =>
      importDeliveries(
        db,
        { store, content: request.body.content, reason: request.body.reason, dryRun: request.body.dry_run },
        actor,
      );
    // A dry run changes nothing: it is not audited.
    if (request.body.dry_run) return run(actorOf(request, clock()));
    return audited(request, 'stock.received', run, (result) => ({
      imported: result.lines.length,
      units: result.lines.reduce((units, line) => units + line.quantity, 0),
    }));
  });
  serveEndpoint(app, 'stockHistory', async (request) =>
    stockHistory(db, { store, sku: request.body.sku, limit: request.body.limit }),
  );
}
