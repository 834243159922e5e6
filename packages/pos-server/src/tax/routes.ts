import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { listTaxCodes, removeTaxCode, setTaxCode } from './taxCodes';

/** The venue's tax codes: any staff member reads them (the till computes tax); a manager adds, changes and removes. */
export function taxRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  serveEndpoint(app, 'taxList', async () => listTaxCodes(db, config.store));
  serveEndpoint(app, 'taxSet', async (request) =>
    db
      .transaction()
      .execute((trx) => setTaxCode(trx, config.store, request.body.code, actorOf(request, clock()))),
  );
  serveEndpoint(app, 'taxRemove', async (request) =>
    db
      .transaction()
      .execute((trx) => removeTaxCode(trx, config.store, request.body.code, actorOf(request, clock()))),
  );
}
