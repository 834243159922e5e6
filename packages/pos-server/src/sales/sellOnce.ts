import type { Kysely } from 'kysely';
import type { CheckoutRequest, Receipt } from 'pos-sdk/contract';
import { fromRinggit } from 'pos-sdk/money';
import type { Database } from '../db/Database';
import { isHttpProblem } from '../http/HttpProblem';
import {
  hashRequestBody,
  StoredAnswer,
  withIdempotency,
  withIdempotencyInStatement,
} from '../http/idempotency';
import { isReplayed, isReplayRefusal, recordSyncConflict, saleTime } from '../sync';
import { checkout, checkoutInStatement, NeedsTransaction, type SaleContext } from './checkout';
import type { SaleWriter } from './saleWriter';

/** A checkout call, as its route reads it. */
export interface CheckoutCall {
  body: CheckoutRequest;
  /** The `Idempotency-Key` header; undefined sells without one. */
  key: string | undefined;
  /** When the call reached the server. */
  now: Date;
  /** Whether the terminal marked the sale as one it made offline (`X-Offline-Replay: 1`). */
  replayed: boolean;
  /** Who sells and where; the sale's own time comes from `body.sold_at` and `now` (`saleTime`). */
  seller: Omit<SaleContext, 'now' | 'replay' | 'replayedAt'>;
}

/** The idempotency scope of a sale's key. */
const SCOPE = 'checkout';

/**
 * Sells a cart at most once per idempotency key (`withIdempotency`: the same key and body answer the first receipt
 * without selling again, also when sent twice at once; another body is a 409). A keyed sale that its writer can make
 * without a transaction is made so (`withIdempotencyInStatement`, `checkoutInStatement`); any other in one
 * (`checkout`), whose writer may store the answer with the sale.
 *
 * A sale made while the terminal was offline (`X-Offline-Replay: 1`, or `sold_at` more than a minute ago, see
 * `sync/saleTime`) is booked at its own time in its own shift; if it is refused for good, the refusal is also kept as
 * a sync conflict for the manager (docs/offline.md) before it is answered.
 *
 * @returns the receipt (the first one again for a replayed key).
 */
export async function sellOnce(
  db: Kysely<Database>,
  writer: SaleWriter,
  call: CheckoutCall,
): Promise<Receipt> {
  const { body, key, now, replayed, seller } = call;
  const request = { key, scope: SCOPE, staffId: seller.staffId, bodyHash: hashRequestBody(body), now };
  try {
    const inStatement = writer.inStatement;
    if (
      key !== undefined &&
      inStatement?.accepts(body, isReplayed(body.sold_at ?? now.toISOString(), now, replayed)) === true
    ) {
      try {
        const sold = await withIdempotencyInStatement(db, { ...request, key }, async (plain, claim) => {
          // Checked as for any sale (a time in the future is refused); not a replay here.
          const context = { ...seller, now: saleTime(body.sold_at, now, replayed).at };
          const outcome = await checkoutInStatement(plain, body, context, inStatement, claim);
          return outcome.kind === 'taken' ? outcome : new StoredAnswer(outcome.receipt);
        });
        return sold.body;
      } catch (error) {
        // Tracked merchandise: nothing was written; made again below, in a transaction.
        if (!(error instanceof NeedsTransaction)) throw error;
      }
    }
    const sold = await withIdempotency(db, request, async (trx, answer) => {
      const { at, replay } = saleTime(body.sold_at, now, replayed);
      const context = { ...seller, now: at, replay, replayedAt: now };
      const outcome = await checkout(trx, body, context, writer, answer);
      return outcome.answerStored ? new StoredAnswer(outcome.receipt) : outcome.receipt;
    });
    return sold.body;
  } catch (error) {
    if (
      isHttpProblem(error) &&
      body.sold_at !== undefined &&
      isReplayRefusal(body.sold_at, now, error, replayed)
    ) {
      await recordSyncConflict(db, {
        kind: 'sale',
        key: key ?? `${seller.terminalId}:${body.sold_at}`,
        terminalId: seller.terminalId,
        staffId: seller.staffId,
        happenedAt: new Date(body.sold_at),
        now,
        message: error.message,
        code: error.code,
        amount: fromRinggit(body.subtotal),
        request: body,
      });
    }
    throw error;
  }
}
