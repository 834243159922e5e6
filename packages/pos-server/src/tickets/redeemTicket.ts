import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkRedeem, TICKET_MESSAGES } from 'pos-sdk';
import type { Ticket } from 'pos-sdk/contract';
import { recordAudit } from '../audit';
import type { Database } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { readTicket, readTicketToWire } from './readTicket';

/** Whether a use of this ticket carries the nonce (a replayed redeem booked before). */
async function nonceUsed(db: Kysely<Database>, ticketId: string, nonce: string): Promise<boolean> {
  const use = await db
    .selectFrom('ticket_uses')
    .select('id')
    .where('nonce', '=', nonce)
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
  return use !== undefined;
}

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
    /** When the pass is used: the server's now, or for a redeem made offline the scan's time on the terminal. */
    now: Date;
    timeZone: string;
    /** The scan's nonce of a redeem made offline and replayed: a nonce redeems at most once. */
    nonce?: string | undefined;
  },
): Promise<Ticket> {
  const wire = { now: options.now, timeZone: options.timeZone };
  const nonce = options.nonce ?? null;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const read = await readTicket(db, options.ticketId);
    const { row } = read;
    const ticket = readTicketToWire(read, wire);
    // A replay of a redeem already booked: the ticket as it is, nothing redeemed again.
    if (nonce !== null && (await nonceUsed(db, row.id, nonce))) return ticket;
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
          nonce,
        })
        // Either unique key: (ticket_id, use_number) taken by another gate, or the nonce by the same replay at once.
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted === undefined) return false;
      await recordAudit(trx, {
        action: 'ticket.redeemed',
        staffId: options.staffId,
        terminalId: options.terminalId,
        at: options.now,
        subject: { type: 'ticket', id: row.id },
        details: { use_number: ticket.used.length + 1, ...(nonce === null ? {} : { nonce }) },
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
