import type { FastifyBaseLogger } from 'fastify';
import { venueDate } from 'pos-sdk/rules';
import type { Clock } from '../clock';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { consolidatedEventKey, submitMonth } from './einvoiceOutbox';
import { readMonthReceipts } from './monthReceipts';
import { prepareRefundNotes } from './refundNotes';
import type { SigningCredentials } from './signingCredentials';

/** The month before the one `now` is in, in the venue's calendar: `YYYY-MM`. */
export function previousMonth(now: Date, timeZone: string): string {
  const [year, month] = venueDate(now, timeZone).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** What {@link queueEndedMonth} did. */
export type MonthEndOutcome = 'queued' | 'already' | 'empty';

/**
 * Queues the consolidated e-invoice of the month before `now` (the venue's calendar), once the month is over: on the
 * 1st from midnight in the venue's time zone, so it is submitted on the first day of the 7 LHDN allows. Idempotent:
 * the month's event key is unique, so a month already queued (by this round on another server, or by a manager's
 * `pos einvoice submit`) is left as it is. A month without receipts queues nothing ('empty').
 *
 * @throws HttpProblem 409 when the venue's e-invoice identity is incomplete.
 */
export async function queueEndedMonth(
  db: Db,
  options: { store: string; timeZone: string; now: Date; signing: SigningCredentials },
): Promise<{ month: string; outcome: MonthEndOutcome }> {
  const month = previousMonth(options.now, options.timeZone);
  const existing = await db
    .selectFrom('einvoice_documents')
    .select('id')
    .where('event_key', '=', consolidatedEventKey(options.store, month))
    .executeTakeFirst();
  if (existing !== undefined) return { month, outcome: 'already' };
  const receipts = await readMonthReceipts(db, { ...options, month });
  if (receipts.length === 0) return { month, outcome: 'empty' };
  try {
    await submitMonth(db, { ...options, month, dryRun: false, staffId: null, terminalId: null });
  } catch (error) {
    // Every receipt refunded in full: nothing to submit, as a month without receipts.
    if (error instanceof HttpProblem && /^No receipts to consolidate/.test(error.message)) {
      return { month, outcome: 'empty' };
    }
    throw error;
  }
  return { month, outcome: 'queued' };
}

/** Options of {@link createEinvoiceChores}. */
export interface EinvoiceChoresOptions {
  db: Db;
  store: string;
  /** The venue's time zone now (it may change in the back office). */
  timeZone: () => Promise<string>;
  signing: SigningCredentials;
  clock: Clock;
  logger?: FastifyBaseLogger | undefined;
  /** The least time between two warnings of an incomplete identity; default 1 hour. */
  warnEveryMs?: number;
  /** After a month found empty, or refused (identity incomplete), the wait before it is looked at again; 1 minute. */
  recheckMs?: number;
}

/**
 * The e-invoice sender's work before each round (its `beforeRound`), in the server that has e-invoicing on: the
 * previous month's consolidated e-invoice queued once the month is over ({@link queueEndedMonth}), and the refund
 * notes whose originals became valid built and signed (`prepareRefundNotes`). A month found queued is not asked
 * about again by this process; one found empty, or refused (an incomplete identity, logged at most hourly), is looked
 * at again a minute later (a receipt synced late from an offline till, a corrected identity).
 */
export function createEinvoiceChores(options: EinvoiceChoresOptions): () => Promise<void> {
  const done = new Set<string>();
  const warnEveryMs = options.warnEveryMs ?? 3_600_000;
  const recheckMs = options.recheckMs ?? 60_000;
  let warnedAt = Number.NEGATIVE_INFINITY;
  let recheck: { month: string; at: number } | undefined;
  return async () => {
    const now = options.clock();
    const timeZone = await options.timeZone();
    const month = previousMonth(now, timeZone);
    if (!done.has(month) && (recheck?.month !== month || now.getTime() >= recheck.at)) {
      try {
        const { outcome } = await queueEndedMonth(options.db, {
          store: options.store,
          timeZone,
          now,
          signing: options.signing,
        });
        if (outcome === 'empty') recheck = { month, at: now.getTime() + recheckMs };
        else done.add(month);
        if (outcome === 'queued') {
          options.logger?.info({ month }, "the month's consolidated e-invoice queued at the month's end");
        }
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        recheck = { month, at: now.getTime() + recheckMs };
        if (now.getTime() - warnedAt >= warnEveryMs) {
          warnedAt = now.getTime();
          options.logger?.warn(
            { month, reason: error.message },
            "the month's consolidated e-invoice cannot be queued yet",
          );
        }
      }
    }
    await prepareRefundNotes(options.db, { store: options.store, timeZone, now, signing: options.signing });
  };
}
