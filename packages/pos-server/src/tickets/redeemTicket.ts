import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkRedeem, TICKET_MESSAGES } from 'pos-sdk';
import type { Ticket } from 'pos-sdk/contract';
import { recordAudit } from '../audit';
import type { Database } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { readTicket, readTicketToWire } from './readTicket';

/** Tries before a redeem that keeps losing the race for the next use gives up (each loss is another gate's win). */
const MAX_TRIES = 20;

/**
 * Redeems one use of a ticket at a gate.
 *
 * The ticket must be redeemable now (`checkRedeem` of pos-sdk on the ticket as the wire shows it: Active and
 * allow_redeem), else 409 with the rule's reason ('Ticket is Fully Used', 'Ticket is Expired' …). The use is
 * claimed by inserting use number n + 1, which `ticket_uses (ticket_id, use_number)` keeps unique: when gates
 * redeem the last use at once, exactly one insert succeeds; the others re-read the ticket and get the 409.
 *
 * @returns the ticket with the new use, built from the ticket as read (`readTicket`) and the use written, not
 *   read back.
 * @throws {HttpProblem} 404 unknown ticket; 409 not redeemable.
 */
export async function redeemTicket(
  db: Kysely<Database>,
  options: {
    ticketId: string;
    staffId: string;
    /** The staff member's display name, for the answer's new use. */
    staffName: string;
    terminalId: string;
    now: Date;
    timeZone: string;
  },
): Promise<Ticket> {
  const wire = { now: options.now, timeZone: options.timeZone };
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const read = await readTicket(db, options.ticketId);
    const { row } = read;
    const ticket = readTicketToWire(read, wire);
    const redeemable = checkRedeem(ticket, options.now);
    if (!redeemable.ok) throw HttpProblem.conflict(redeemable.message, { rule: redeemable.code });

    const claimed = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('ticket_uses')
        .values({
          id: randomUUID(),
          ticket_id: row.id,
          use_number: ticket.used.length + 1,
          terminal_id: options.terminalId,
          staff_id: options.staffId,
          at: options.now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['ticket_id', 'use_number']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted === undefined) return false;
      await recordAudit(trx, {
        action: 'ticket.redeemed',
        staffId: options.staffId,
        terminalId: options.terminalId,
        at: options.now,
        subject: { type: 'ticket', id: row.id },
        details: { use_number: ticket.used.length + 1 },
      });
      return true;
    });
    if (claimed) {
      // The answer is the ticket as read plus the use just written (not read back).
      const use = {
        at: options.now.toISOString(),
        terminal_id: options.terminalId,
        staff_id: options.staffId,
        staff_name: options.staffName,
      };
      return readTicketToWire({ ...read, uses: [...read.uses, use] }, wire);
    }
    // Another gate took use n + 1 meanwhile: look again (the ticket may now be Fully Used).
  }
  throw HttpProblem.conflict(TICKET_MESSAGES.redeemInProgress);
}
