import { type Kysely, sql } from 'kysely';
import type { MembershipHoldEntry, MembershipHoldResponse } from 'pos-sdk/contract';
import {
  addToDate,
  daysHeld,
  endHoldOn,
  formatCalendarDate,
  HOLD_MESSAGES,
  type HoldLimits,
  holdOf,
  isHoldPending,
  lastHoldDay,
  startOfVenueDate,
  validateHoldForm,
  venueDate,
} from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import type { Database, StaffRow, TicketRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { timeOrderedId } from '../db/timeOrderedId';
import { HttpProblem } from '../http/HttpProblem';
import { staffNames } from '../staff';
import { readTicket, readTicketToWire, requireTicket } from '../tickets';

/** Who holds: the signed-in staff member and their terminal, at the server's now in the venue's zone. */
export interface HoldContext {
  readonly staff: Pick<StaffRow, 'id' | 'role' | 'hold_memberships'>;
  readonly terminalId: string;
  readonly now: Date;
  readonly timeZone: string;
  readonly limits: HoldLimits;
  /** The store of the caller's terminal: a hold fee's order must be one of its sales. */
  readonly store: string;
  /** The venue's hold fee SKU (`hold_fee_sku`); '' when holds cost nothing. */
  readonly feeSku: string;
}

/** A manager may hold memberships; a staff member only with the right a manager granted (`hold_memberships`). */
export function mayHoldMemberships(staff: Pick<StaffRow, 'role' | 'hold_memberships'>): boolean {
  return staff.role === 'manager' || staff.hold_memberships === 1;
}

function requireRight(context: HoldContext): void {
  if (!mayHoldMemberships(context.staff)) throw HttpProblem.notPermitted(HOLD_MESSAGES.notPermitted);
}

/** The ticket's row, locked until commit on PostgreSQL (two holds of one membership run one after the other). */
async function lockTicket(trx: Kysely<Database>, id: string): Promise<TicketRow> {
  const row = await requireTicket(trx, id);
  if (isPostgres(trx)) {
    await trx.selectFrom('tickets').select('id').where('id', '=', row.id).forUpdate().execute();
    return requireTicket(trx, row.id);
  }
  return row;
}

/**
 * The order that paid a hold's fee, checked: with a fee set, staff who are not managers must give one (a manager may
 * hold without a fee, from the back office or `pos member hold`); it must be a PAID sale of this store with a line of
 * the fee SKU not refunded, and no other hold's. Two holds naming one order at the same moment: the unique index on
 * `membership_holds.fee_order` lets one commit (the other is a 409).
 *
 * @returns the order's id, or null for a hold without a fee.
 * @throws {HttpProblem} 409 in words for each of these.
 */
async function checkFeeOrder(
  trx: Kysely<Database>,
  feeOrder: string | undefined,
  context: HoldContext,
): Promise<string | null> {
  const { feeSku } = context;
  if (feeOrder === undefined) {
    if (feeSku !== '' && context.staff.role !== 'manager')
      throw HttpProblem.conflict(HOLD_MESSAGES.feeRequired);
    return null;
  }
  if (feeSku === '') throw HttpProblem.conflict(HOLD_MESSAGES.noFeeSet);
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'store', 'status', 'kind'])
    .where('id', '=', feeOrder)
    .executeTakeFirst();
  if (order === undefined || order.store !== context.store || order.kind !== 'sale') {
    throw HttpProblem.conflict(HOLD_MESSAGES.feeOrderUnknown(feeOrder));
  }
  if (order.status !== 'PAID') throw HttpProblem.conflict(HOLD_MESSAGES.feeOrderNotPaid(feeOrder));
  const line = await trx
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', order.id)
    .where('sku', '=', feeSku)
    .where(sql<boolean>`refunded_quantity < quantity`)
    .executeTakeFirst();
  if (line === undefined) throw HttpProblem.conflict(HOLD_MESSAGES.feeOrderWithoutFee(feeOrder, feeSku));
  const used = await trx
    .selectFrom('membership_holds')
    .select('id')
    .where('fee_order', '=', order.id)
    .executeTakeFirst();
  if (used !== undefined) throw HttpProblem.conflict(HOLD_MESSAGES.feeOrderUsed(feeOrder));
  return order.id;
}

/** The expiry moved by `days` venue days (negative: back). */
function movedExpiry(expiresAt: string, days: number, timeZone: string): string {
  return startOfVenueDate(
    addToDate(venueDate(expiresAt, timeZone), { value: days, unit: 'Day' }),
    timeZone,
  ).toISOString();
}

/** Writes the ticket's new expiry and hold if its expiry is still the one read; 409 when another change came first. */
async function updateTicket(
  trx: Kysely<Database>,
  row: TicketRow,
  set: { expires_at: string; hold_from: string; hold_to: string },
): Promise<void> {
  const updated = await trx
    .updateTable('tickets')
    .set(set)
    .where('id', '=', row.id)
    .where('expires_at', '=', row.expires_at)
    .where('status', '=', 'Valid')
    .returning('id')
    .executeTakeFirst();
  if (updated === undefined) throw HttpProblem.conflict(HOLD_MESSAGES.changedMeanwhile);
}

async function answer(
  trx: Kysely<Database>,
  ticketId: string,
  context: HoldContext,
  message: string,
): Promise<MembershipHoldResponse> {
  const read = await readTicket(trx, ticketId);
  return { ticket: readTicketToWire(read, { now: context.now, timeZone: context.timeZone }), message };
}

/**
 * hold_membership: holds a membership from a venue day (`from`, default today) for `days` days, in one transaction.
 * The ticket must be a membership (usage_limit 0, else 409), Valid and not expired (409), with no hold going on or to
 * come (409); `from` not before today and before the expiry, `days` within the venue's limits (422, the form's
 * messages of pos-sdk's `validateHoldForm` per field). The expiry moves by `days`; the hold is kept in
 * `membership_holds` and on the ticket (entries are refused on its days, `checkRedeem`), and audited. With a hold fee
 * set, `feeOrder` names the sale that paid it ({@link checkFeeOrder}); `checkOnly` checks all but the fee and places
 * nothing.
 *
 * @throws {HttpProblem} 403 `not_permitted` without the right; 404 unknown ticket.
 */
export async function holdMembership(
  db: Kysely<Database>,
  input: {
    ticketId: string;
    from?: string | undefined;
    days: number;
    feeOrder?: string | undefined;
    checkOnly?: boolean | undefined;
  },
  context: HoldContext,
): Promise<MembershipHoldResponse> {
  requireRight(context);
  return db.transaction().execute(async (trx) => {
    const row = await lockTicket(trx, input.ticketId);
    const { now, timeZone } = context;
    if (row.usage_limit !== 0) throw HttpProblem.conflict(HOLD_MESSAGES.notMembership);
    if (row.status !== 'Valid' || row.expires_at <= now.toISOString()) {
      throw HttpProblem.conflict(HOLD_MESSAGES.notValid);
    }
    const current =
      row.hold_from !== null && row.hold_to !== null ? { from: row.hold_from, to: row.hold_to } : null;
    if (current !== null && isHoldPending(current, now, timeZone)) {
      throw HttpProblem.conflict(HOLD_MESSAGES.alreadyOnHoldUntil(formatCalendarDate(lastHoldDay(current))));
    }
    const form = validateHoldForm(
      { from: input.from ?? '', days: input.days },
      {
        today: venueDate(now, timeZone),
        expiryDate: venueDate(row.expires_at, timeZone),
        limits: context.limits,
      },
    );
    if (!form.ok) {
      const details = (['from', 'days'] as const).flatMap((field) => {
        const message = form.errors[field];
        return message === undefined ? [] : [{ path: field, message }];
      });
      throw HttpProblem.rule(details[0]?.message ?? HOLD_MESSAGES.notValid, details);
    }
    // Asked before a hold's fee is sold: everything but the fee checked, nothing written.
    if (input.checkOnly === true) return answer(trx, row.id, context, HOLD_MESSAGES.holdPossible);
    const feeOrder = await checkFeeOrder(trx, input.feeOrder, context);
    const hold = holdOf(form.value.from, form.value.days);
    const expiryAfter = movedExpiry(row.expires_at, form.value.days, timeZone);
    await updateTicket(trx, row, { expires_at: expiryAfter, hold_from: hold.from, hold_to: hold.to });
    const id = timeOrderedId();
    await trx
      .insertInto('membership_holds')
      .values({
        id,
        ticket_id: row.id,
        from_date: hold.from,
        to_date: hold.to,
        days: form.value.days,
        expiry_before: row.expires_at,
        expiry_after: expiryAfter,
        held_by: context.staff.id,
        held_at: now.toISOString(),
        ended_by: null,
        ended_at: null,
        fee_order: feeOrder,
      })
      .execute();
    await recordAudit(trx, {
      action: 'membership.held',
      staffId: context.staff.id,
      terminalId: context.terminalId,
      at: now,
      subject: { type: 'ticket', id: row.id },
      details: {
        hold_id: id,
        from: hold.from,
        to: hold.to,
        days: form.value.days,
        expiry_before: row.expires_at,
        expiry_after: expiryAfter,
        fee_order: feeOrder,
      },
    });
    return answer(trx, row.id, context, HOLD_MESSAGES.held);
  });
}

/**
 * end_membership_hold: ends the membership's hold today, in one transaction: entries are allowed again from today and
 * the expiry moves back by the days no longer held (all of them for a hold not begun yet). 409 when the membership
 * has no hold going on or to come.
 *
 * @throws {HttpProblem} 403 `not_permitted` without the right; 404 unknown ticket.
 */
export async function endMembershipHold(
  db: Kysely<Database>,
  input: { ticketId: string },
  context: HoldContext,
): Promise<MembershipHoldResponse> {
  requireRight(context);
  return db.transaction().execute(async (trx) => {
    const row = await lockTicket(trx, input.ticketId);
    const { now, timeZone } = context;
    const stored = await trx
      .selectFrom('membership_holds')
      .selectAll()
      .where('ticket_id', '=', row.id)
      .where('ended_at', 'is', null)
      .orderBy('held_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const hold = stored === undefined ? null : { from: stored.from_date, to: stored.to_date };
    if (
      stored === undefined ||
      hold === null ||
      !isHoldPending(hold, now, timeZone) ||
      row.status !== 'Valid'
    ) {
      throw HttpProblem.conflict(HOLD_MESSAGES.noHold);
    }
    const ended = endHoldOn(hold, venueDate(now, timeZone));
    const daysBack = daysHeld(hold) - daysHeld(ended);
    const expiryAfter = movedExpiry(row.expires_at, -daysBack, timeZone);
    await updateTicket(trx, row, { expires_at: expiryAfter, hold_from: ended.from, hold_to: ended.to });
    await trx
      .updateTable('membership_holds')
      .set({
        to_date: ended.to,
        expiry_after: expiryAfter,
        ended_by: context.staff.id,
        ended_at: now.toISOString(),
      })
      .where('id', '=', stored.id)
      .execute();
    await recordAudit(trx, {
      action: 'membership.hold_ended',
      staffId: context.staff.id,
      terminalId: context.terminalId,
      at: now,
      subject: { type: 'ticket', id: row.id },
      details: {
        hold_id: stored.id,
        from: ended.from,
        to: ended.to,
        days_held: daysHeld(ended),
        expiry_before: row.expires_at,
        expiry_after: expiryAfter,
      },
    });
    return answer(trx, row.id, context, HOLD_MESSAGES.ended);
  });
}

/** membership_holds: the holds of a membership, newest first, with who placed and who ended each. */
export async function listMembershipHolds(
  db: Kysely<Database>,
  ticketId: string,
): Promise<MembershipHoldEntry[]> {
  const row = await requireTicket(db, ticketId);
  const holds = await db
    .selectFrom('membership_holds')
    .selectAll()
    .where('ticket_id', '=', row.id)
    .orderBy('held_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const names = await staffNames(
    db,
    holds.flatMap((hold) => (hold.ended_by === null ? [hold.held_by] : [hold.held_by, hold.ended_by])),
  );
  const nameOf = (id: string) => names.get(id) ?? id;
  const feeOrders = holds.flatMap((hold) => (hold.fee_order === null ? [] : [hold.fee_order]));
  const invoices = new Map(
    feeOrders.length === 0
      ? []
      : (
          await db
            .selectFrom('invoices')
            .select(['order_id', 'id'])
            .where('order_id', 'in', feeOrders)
            .execute()
        ).map((invoice) => [invoice.order_id, invoice.id] as const),
  );
  return holds.map((hold) => ({
    _id: hold.id,
    from: hold.from_date,
    to: hold.to_date,
    days: hold.days,
    days_held: daysHeld({ from: hold.from_date, to: hold.to_date }),
    expiry_before: hold.expiry_before,
    expiry_after: hold.expiry_after,
    held_by: nameOf(hold.held_by),
    held_at: hold.held_at,
    ended_by: hold.ended_by === null ? null : nameOf(hold.ended_by),
    ended_at: hold.ended_at,
    fee_order:
      hold.fee_order === null ? null : { _id: hold.fee_order, invoice: invoices.get(hold.fee_order) ?? null },
  }));
}
