import type { FastifyInstance } from 'fastify';
import { batchMark, lostSince, whenDurable } from '../db/groupCommit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SQLite batch open when the call came, or the next (`batchMark`); 0 before the hook sets it. */
    batchMark: number;
  }
}

/** Why an answer was not sent: a batch the call may have written to or read from was lost. */
export class BatchLostError extends Error {
  constructor() {
    super('The database lost a batch of transactions this call may have used; nothing of it was committed.');
    this.name = 'BatchLostError';
  }
}

/**
 * No answer leaves before what it reports is on disk: SQLite transactions are group-committed (`db/groupCommit.ts`),
 * so the `commit` of a sale's transaction returns before the batch holding it is synced. Every answer, a read's too
 * (it may show the open batch's rows), waits for the open batches' COMMIT; if that COMMIT failed, or a batch opened
 * since the call came was lost (its rows may have been read), the answer becomes an error (5xx) instead. With
 * PostgreSQL no batch is ever open and the hooks cost a function call each.
 */
export function holdAnswersUntilDurable(app: FastifyInstance): void {
  app.decorateRequest('batchMark', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.batchMark = batchMark();
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // An error answer is let through: it reports nothing of the lost batch (and this hook runs again for it).
    const settle = () => {
      if (reply.statusCode < 400 && lostSince(request.batchMark)) done(new BatchLostError());
      else done(null, payload);
    };
    const durable = whenDurable();
    if (durable === undefined) {
      settle();
      return;
    }
    durable.then(settle, (error: Error) => done(error));
  });
}
