import type { Kysely } from 'kysely';
import type { Ticket } from 'pos-sdk/contract';
import { TICKET_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import type { Database } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { readTicket, readTicketToWire } from './readTicket';

/**
 * annul_ticket_redeem: undoes one entry of a ticket (the door did not open, the member turned back), named by the
 * use's `at`. Only the terminal (or kiosk) that made it, and only within the venue's window (`entry_undo_seconds`,
 * counted from the use's time). The use is marked undone with its audit entry in one transaction; it no longer counts
 * (the ticket is redeemable again if that use was its last) but its use number stays taken, so a redeem racing the
 * annul either claimed its number before (and both stand) or claims the next one: the count stays consistent on both
 * engines. Two annuls of the same entry: one wins, the other gets 'This entry was already undone'.
 *
 * @throws {HttpProblem} 404 unknown ticket or no use at that time; 409 already undone, another terminal's entry,
 *   past the window.
 */
export async function annulTicketRedeem(
  db: Kysely<Database>,
  options: {
    ticketId: string;
    usedAt: string;
    staffId: string;
    terminalId: string;
    now: Date;
    timeZone: string;
    windowSeconds: number;
  },
): Promise<{ ticket: Ticket; message: string }> {
  const { row } = await readTicket(db, options.ticketId);
  const at = Date.parse(options.usedAt);
  const uses = await db
    .selectFrom('ticket_uses')
    .select(['id', 'at', 'terminal_id', 'use_number', 'annulled_at'])
    .where('ticket_id', '=', row.id)
    .execute();
  // A live use at that time first (an entry undone and made again within the same millisecond), else an undone one.
  const atThatTime = uses.filter((candidate) => Date.parse(candidate.at) === at);
  const use = atThatTime.find((candidate) => candidate.annulled_at === null) ?? atThatTime[0];
  if (use === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.entryNotFound);
  if (use.annulled_at !== null) throw HttpProblem.conflict(TICKET_MESSAGES.entryAlreadyUndone);
  if (use.terminal_id !== options.terminalId) {
    throw HttpProblem.conflict(TICKET_MESSAGES.entryOtherTerminal(use.terminal_id));
  }
  if (options.now.getTime() - at > options.windowSeconds * 1000) {
    throw HttpProblem.conflict(TICKET_MESSAGES.entryUndoTooLate(options.windowSeconds));
  }
  const undone = await db.transaction().execute(async (trx) => {
    // Only the first of two annuls of one entry changes the row; the other finds it undone.
    const updated = await trx
      .updateTable('ticket_uses')
      .set({ annulled_at: options.now.toISOString(), annulled_by: options.staffId })
      .where('id', '=', use.id)
      .where('annulled_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (updated === undefined) return false;
    await recordAudit(trx, {
      action: 'ticket.entry_annulled',
      staffId: options.staffId,
      terminalId: options.terminalId,
      at: options.now,
      subject: { type: 'ticket', id: row.id },
      details: { use_number: Number(use.use_number), used_at: use.at },
    });
    return true;
  });
  if (!undone) throw HttpProblem.conflict(TICKET_MESSAGES.entryAlreadyUndone);
  const ticket = readTicketToWire(await readTicket(db, row.id), {
    now: options.now,
    timeZone: options.timeZone,
  });
  return { ticket, message: TICKET_MESSAGES.entryUndone };
}
