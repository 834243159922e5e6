import type { FastifyInstance } from 'fastify';
import { whenDurable } from '../db/groupCommit';

/**
 * No answer leaves before what it reports is on disk: SQLite transactions are group-committed (`db/groupCommit.ts`),
 * so the `commit` of a sale's transaction returns before the batch holding it is synced. Every answer, a read's too
 * (it may show the open batch's rows), waits for the open batches' COMMIT; if that COMMIT failed, the answer becomes
 * that error. With PostgreSQL no batch is ever open and the hook costs one function call.
 */
export function holdAnswersUntilDurable(app: FastifyInstance): void {
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const durable = whenDurable();
    if (durable === undefined) {
      done(null, payload);
      return;
    }
    durable.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
