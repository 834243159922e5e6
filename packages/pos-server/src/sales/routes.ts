import type { FastifyInstance } from 'fastify';
import { fromRinggit } from 'pos-sdk/money';
import { personName } from 'pos-sdk/rules';
import { type SignedIn, signedIn } from '../auth';
import { catalogueCacheOf } from '../catalogue';
import type { AppContext } from '../http/AppContext';
import { type IdempotentCall, serveIdempotentEndpoint } from '../http/serveIdempotentEndpoint';
import { hasReplayHeader, isReplayed, isReplayRefusal, recordSyncConflict, saleTime } from '../sync';

/** Who sells, and whether the terminal marked the sale as one it made offline (`X-Offline-Replay: 1`). */
type Seller = SignedIn & { replayed: boolean };

import { checkout, checkoutInOneStatement, sellsInOneStatement } from './checkout';

/**
 * POST /v1/checkout: sells a cart (see `sales/checkout`). Keyed with `Idempotency-Key`: the same key and body
 * answer the first receipt without selling again (also when sent twice at once), another body is a 409.
 * A sale made while the terminal was offline (`X-Offline-Replay: 1`, or `sold_at` more than a minute ago, see
 * `offline/saleTime`) is booked at
 * its own time in its own shift; if the server refuses it, the refusal is also kept as a sync conflict for the
 * manager (docs/offline.md).
 */
export function saleRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, db } = context;
  const catalogue = catalogueCacheOf(db);
  /** Who sells, where, and the catalogue cache: the same for a sale in a transaction or in one statement. */
  const seller = ({ staff, terminalId, timeZone }: IdempotentCall<'checkout', Seller>) => ({
    staffId: staff.id,
    staffName: personName(staff),
    terminalId,
    store: config.store,
    catalogue,
    timeZone,
  });
  serveIdempotentEndpoint(
    app,
    context,
    'checkout',
    'checkout',
    (request): Seller => ({ ...signedIn(request), replayed: hasReplayHeader(request.headers) }),
    (trx, call) => {
      const { body, now, replayed, answer } = call;
      const { at, replay } = saleTime(body.sold_at, now, replayed);
      return checkout(trx, body, {
        ...seller(call),
        now: at,
        replay,
        replayedAt: now,
        answer,
      });
    },
    async ({ body, staff, terminalId, now, key, replayed }, problem) => {
      if (body.sold_at === undefined || !isReplayRefusal(body.sold_at, now, problem, replayed)) return;
      await recordSyncConflict(db, {
        kind: 'sale',
        key: key ?? `${terminalId}:${body.sold_at}`,
        terminalId,
        staffId: staff.id,
        happenedAt: new Date(body.sold_at),
        now,
        message: problem.message,
        code: problem.code,
        amount: fromRinggit(body.subtotal),
        request: body,
      });
    },
    {
      // PostgreSQL: a keyed sale without BEGIN/COMMIT, three round trips instead of six (issue 11).
      applies: (database, { body, now, replayed }) =>
        sellsInOneStatement(database, body, isReplayed(body.sold_at ?? now.toISOString(), now, replayed)),
      work: (database, call, claim) =>
        checkoutInOneStatement(
          database,
          call.body,
          // Checked as for any sale (a time in the future is refused); not a replay here.
          { ...seller(call), now: saleTime(call.body.sold_at, call.now, call.replayed).at },
          claim,
        ),
    },
  );
}
