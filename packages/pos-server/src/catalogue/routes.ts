import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import {
  addCatalogItem,
  editCatalogItem,
  importCatalog,
  listCatalog,
  setCatalogActive,
} from './catalogAdmin';
import { formatCatalogFile } from './catalogFile';
import { listMerchandise } from './listMerchandise';
import { listPasses } from './listPasses';
import { requireStore } from './stores';

/** GET /v1/passes/:store and GET /v1/merchandises/:store: the store's catalogue (404 for an unknown store). */
export function catalogueRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  const { store } = config;
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

  // The back office's catalogue (a manager's token only): every change in one transaction with its audit entries.
  serveEndpoint(app, 'catalogList', async () => listCatalog(db, store));

  serveEndpoint(app, 'catalogAdd', async (request) =>
    db.transaction().execute(async (trx) => {
      await addCatalogItem(trx, store, actorOf(request, clock()), request.body.item);
      return listCatalog(trx, store);
    }),
  );

  serveEndpoint(app, 'catalogEdit', async (request) =>
    db.transaction().execute(async (trx) => {
      await editCatalogItem(trx, store, actorOf(request, clock()), request.body);
      return listCatalog(trx, store);
    }),
  );

  serveEndpoint(app, 'catalogSetActive', async (request) =>
    db.transaction().execute(async (trx) => {
      await setCatalogActive(trx, store, actorOf(request, clock()), request.body);
      return listCatalog(trx, store);
    }),
  );

  serveEndpoint(app, 'catalogImport', async (request) => {
    const { format, content, dry_run: dryRun } = request.body;
    return db
      .transaction()
      .execute((trx) => importCatalog(trx, store, actorOf(request, clock()), { format, content, dryRun }));
  });

  serveEndpoint(app, 'catalogExport', async (request) => {
    const format = request.body.format;
    const { items } = await listCatalog(db, store);
    return { format, content: formatCatalogFile(format, items) };
  });
}
