import type { FastifyInstance } from 'fastify';
import { listMerchandise } from '../catalogue/listMerchandise';
import { listPasses } from '../catalogue/listPasses';
import { requireStore } from '../catalogue/stores';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';

/** GET /v1/passes/:store and GET /v1/merchandises/:store: the store's catalogue (404 for an unknown store). */
export function catalogueRoutes(app: FastifyInstance, { db }: AppContext): void {
  serveEndpoint(app, 'passes', async (request) => {
    const store = request.params.store ?? '';
    await requireStore(db, store);
    return listPasses(db, store);
  });

  serveEndpoint(app, 'merchandises', async (request) => {
    const store = request.params.store ?? '';
    await requireStore(db, store);
    return listMerchandise(db, store);
  });
}
