import { type Insertable, type Kysely, sql } from 'kysely';
import type { Ticket } from 'pos-sdk/contract';
import { TICKET_MESSAGES } from 'pos-sdk/messages';
import { checkRedeem } from 'pos-sdk/rules';
import { type AuditEntry, auditRow, recordAudit } from '../audit';
import type { Database, TicketUsesTable } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { timeOrderedId } from '../db/timeOrderedId';
import { HttpProblem } from '../http/HttpProblem';
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

type NewUse = Insertable<TicketUsesTable>;

/**
 * Claims use n + 1 and writes its audit entry, in one transaction; false when another gate took that use number (or
 * the same replay its nonce) first: either unique key.
 */
async function claimUse(db: Kysely<Database>, use: NewUse, audit: AuditEntry): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('ticket_uses')
      .values(use)
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted === undefined) return false;
    await recordAudit(trx, audit);
    return true;
  });
}

/**
 * {@link claimUse} as one statement, for PostgreSQL: the use's insert in a WITH and the audit entry inserted from its
 * result, so no entry without the use and none when the use was refused. A statement is atomic on its own, so no
 * BEGIN and COMMIT: one round trip to the database server instead of four (the socket writes are the largest cost of
 * a redeem there, see `readTicket.ts`). SQLite has no INSERT inside WITH.
 */
async function claimUseInOne(db: Kysely<Database>, use: NewUse, audit: AuditEntry): Promise<boolean> {
  const entry = auditRow(audit);
  const { rows } = await sql<{ id: string }>`
    with claimed as (
      insert into ticket_uses (id, ticket_id, use_number, terminal_id, staff_id, at, nonce)
      values (${use.id}, ${use.ticket_id}, ${use.use_number}, ${use.terminal_id}, ${use.staff_id}, ${use.at}, ${use.nonce})
      on conflict do nothing
      returning id
    )
    insert into audit_log (id, at, staff_id, terminal_id, action, subject_type, subject_id, amount_sen, details)
    select ${entry.id}::text, ${entry.at}::text, ${entry.staff_id}::text, ${entry.terminal_id}::text,
      ${entry.action}::text, ${entry.subject_type}::text, ${entry.subject_id}::text, ${entry.amount_sen}::bigint,
      ${entry.details}::text
    from claimed
    returning id`.execute(db);
  return rows.length === 1;
}

/** Tries before a redeem that keeps losing the race for the next use gives up (each loss is another gate's win). */
const MAX_TRIES = 20;

/**
 * Redeems one use of a ticket at a gate.
 *
 * The ticket must be redeemable now (`checkRedeem` of pos-sdk on the ticket as the wire shows it, in the venue's
 * time zone: Active and allow_redeem), else 409 with the rule's reason ('Ticket is Fully Used', 'Ticket is
 * Expired' …). The use is claimed by inserting use number n + 1, which `ticket_uses (ticket_id, use_number)` keeps
 * unique: when gates redeem the last use at once, exactly one insert succeeds; the others re-read the ticket and get
 * the 409. A membership's last entry of a venue day is claimed the same way: its day's entries are counted from the
 * uses read with n, so any use booked meanwhile (that day's or another's) takes n + 1 and sends the loser back to
 * count again.
 *
 * A replayed offline redeem is judged at its `used_at` (`now`): a membership by the entries of that use's venue day,
 * all of them, also those booked later that day by another gate (docs/offline.md).
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
    const redeemable = checkRedeem(ticket, options.now, options.timeZone);
    if (!redeemable.ok) throw HttpProblem.conflict(redeemable.message, { rule: redeemable.code });

    const use = {
      id: timeOrderedId(),
      ticket_id: row.id,
      // One more than any number claimed, undone entries too: a number is never handed out twice (migration 0023).
      use_number: read.lastUseNumber + 1,
      terminal_id: options.terminalId,
      staff_id: options.staffId,
      at: options.now.toISOString(),
      nonce,
    };
    const audit: AuditEntry = {
      action: 'ticket.redeemed',
      staffId: options.staffId,
      terminalId: options.terminalId,
      at: options.now,
      subject: { type: 'ticket', id: row.id },
      details: { use_number: use.use_number, ...(nonce === null ? {} : { nonce }) },
    };
    const claimed = isPostgres(db) ? await claimUseInOne(db, use, audit) : await claimUse(db, use, audit);
    if (claimed) {
      // The answer is the ticket as read plus the use just written (not read back).
      const written = {
        at: use.at,
        terminal_id: options.terminalId,
        staff_id: options.staffId,
        staff_name: options.staffName,
      };
      return readTicketToWire(
        { ...read, uses: [...read.uses, written], lastUseNumber: use.use_number },
        wire,
      );
    }
    // Another gate took use n + 1 meanwhile: look again (the ticket may now be Fully Used).
  }
  throw HttpProblem.conflict(TICKET_MESSAGES.redeemInProgress);
}
