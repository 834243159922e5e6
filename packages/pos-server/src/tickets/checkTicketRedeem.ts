import type { Kysely } from 'kysely';
import type { Ticket } from 'pos-sdk/contract';
import { MESSAGES, TICKET_MESSAGES } from 'pos-sdk/messages';
import type { Database } from '../db/Database';
import { isHttpProblem } from '../http/HttpProblem';
import { isReplayed, recordSyncConflict, saleTime } from '../sync';
import { redeemTicket } from './redeemTicket';

/**
 * check_ticket_redeem: one use of a ticket ({@link redeemTicket}). A redeem made offline and replayed is booked at
 * its own time, `usedAt` (docs/offline.md); when the server refuses such a replay for good, the refusal is kept as a
 * sync conflict for a manager before it is answered.
 *
 * @param options.replayHeader whether the request carries `X-Offline-Replay: 1`.
 * @throws {HttpProblem} as {@link redeemTicket}; 400 for a `usedAt` in the future.
 */
export async function checkTicketRedeem(
  db: Kysely<Database>,
  options: {
    ticketId: string;
    staffId: string;
    staffName: string;
    terminalId: string;
    now: Date;
    timeZone: string;
    nonce: string | undefined;
    usedAt: string | undefined;
    replayHeader: boolean;
  },
): Promise<{ ticket: Ticket; message: string }> {
  const { ticketId, staffId, terminalId, now, nonce, usedAt, replayHeader } = options;
  try {
    const { at } = saleTime(usedAt, now, replayHeader);
    const ticket = await redeemTicket(db, {
      ticketId,
      staffId,
      staffName: options.staffName,
      terminalId,
      now: at,
      timeZone: options.timeZone,
      nonce,
    });
    return { ticket, message: MESSAGES.ticketRedeemed };
  } catch (error) {
    // A replayed redeem refused (past the pass's limit after another terminal's, expired…) is a sync conflict; a
    // gate's own refusal, nonce or not, is not (the cashier saw it at once).
    if (
      nonce !== undefined &&
      usedAt !== undefined &&
      isReplayed(usedAt, now, replayHeader) &&
      isHttpProblem(error) &&
      (error.code === 'conflict' || error.code === 'not_found') &&
      error.message !== TICKET_MESSAGES.redeemInProgress
    ) {
      await recordSyncConflict(db, {
        kind: 'redeem',
        key: nonce,
        terminalId,
        staffId,
        happenedAt: usedAt === undefined ? now : new Date(usedAt),
        now,
        message: error.message,
        code: error.code,
        ticketId,
        request: { ticket_id: ticketId, nonce, used_at: usedAt ?? null },
      });
    }
    throw error;
  }
}
