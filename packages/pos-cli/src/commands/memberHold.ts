import { type Pos, PosError } from 'pos-sdk';
import type { MembershipHoldResponse, Ticket } from 'pos-sdk/contract';
import { daysHeld, formatCalendarDate, isMembershipPass, lastHoldDay } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { formRefusal } from '../errors/formRefusal';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';
import { renderTicket } from '../output/renderTicket';
import { findOrder } from './findOrder';

/** Options of `pos member hold`. */
export interface MemberHoldOptions {
  /** Days to hold: a whole number within the venue's limits. */
  readonly days?: string;
  /** The first day on hold, DD-MM-YYYY or YYYY-MM-DD (default today). */
  readonly from?: string;
  /** The paid order (invoice number or order ID) that carried the venue's hold fee, when it charges one. */
  readonly feeOrder?: string;
}

/** The flag of each hold form field, for error messages. */
const HOLD_FLAGS: Readonly<Record<string, string>> = { from: '--from', days: '--days' };

/**
 * The membership a command names: by pass ID, or by the member's email (their Valid membership with the latest
 * expiry). Exit 1 when the member has none.
 */
async function membershipOf(pos: Pos, who: string): Promise<Ticket> {
  const name = who.trim();
  if (!name.includes('@')) {
    const ticket = await pos.api.getTicket({ ticket_id: name });
    if (!isMembershipPass(ticket.pass)) throw new PosError('conflict', `${ticket._id} is not a membership`);
    return ticket;
  }
  const found = await pos.membership.lookup(name);
  const [latest] = found.tickets
    .filter((ticket) => isMembershipPass(ticket.pass) && ticket.status === 'Valid')
    .sort((a, b) => (a.expiry < b.expiry ? 1 : a.expiry > b.expiry ? -1 : 0));
  if (latest === undefined) throw new PosError('not_found', `${found.member.email} has no valid membership`);
  return latest;
}

function printAnswer(ctx: CliContext, pos: Pos, answer: MembershipHoldResponse): void {
  if (ctx.json) {
    ctx.printJson(answer);
    return;
  }
  // The message ('Membership put on hold') is the SDK's notice, which the command prints already.
  const now = pos.config.clock();
  ctx.print(renderTicket(ctx, answer.ticket, answer.ticket.display_status ?? 'Active', false, now));
}

/**
 * `pos member hold EMAIL|PASS_ID --days N [--from DATE] [--fee-order ORDER]`: holds the membership (a manager, or staff with the
 * `hold_memberships` right): no entry on the days held, and the expiry moves by them. The form's rules are the SDK's
 * (`validateHoldForm`): a bad `--from` or `--days` is exit 2 with the message, before any change.
 */
export async function memberHold(ctx: CliContext, who: string, options: MemberHoldOptions): Promise<void> {
  if (options.days === undefined)
    throw new UsageError('missing --days: how many days to hold, e.g. --days 14');
  const pos = ctx.signedIn();
  const ticket = await membershipOf(pos, who);
  const checked = pos.membership.checkHold(ticket, { from: options.from ?? '', days: options.days });
  if (!checked.ok) {
    throw formRefusal(
      Object.entries(checked.errors).flatMap(([field, message]) =>
        message === undefined ? [] : [{ path: HOLD_FLAGS[field] ?? field, message }],
      ),
    );
  }
  const feeOrder = options.feeOrder === undefined ? undefined : (await findOrder(pos, options.feeOrder))._id;
  printAnswer(
    ctx,
    pos,
    await pos.membership.hold(
      ticket,
      { from: options.from ?? '', days: options.days },
      feeOrder === undefined ? undefined : { feeOrder },
    ),
  );
}

/** `pos member unhold EMAIL|PASS_ID`: ends the membership's hold today; the expiry moves back by the days not held. */
export async function memberUnhold(ctx: CliContext, who: string): Promise<void> {
  const pos = ctx.signedIn();
  const ticket = await membershipOf(pos, who);
  printAnswer(ctx, pos, await pos.membership.endHold(ticket._id));
}

/** `pos member holds EMAIL|PASS_ID`: the membership's holds, newest first. */
export async function memberHolds(ctx: CliContext, who: string): Promise<void> {
  const pos = ctx.signedIn();
  const ticket = await membershipOf(pos, who);
  const holds = await pos.membership.holds(ticket._id);
  if (ctx.json) return ctx.printJson(holds);
  if (holds.length === 0) {
    ctx.print(`${ticket._id} has never been on hold`);
    return;
  }
  ctx.print(
    renderTable(
      ['FROM', 'TO', 'DAYS', 'HELD', 'EXPIRY AFTER', 'BY', 'ENDED', 'FEE PAID BY'],
      holds.map((hold) => [
        formatCalendarDate(hold.from),
        hold.to > hold.from ? formatCalendarDate(lastHoldDay(hold)) : '-',
        String(hold.days),
        String(daysHeld(hold)),
        ctx.formatDate(hold.expiry_after),
        hold.held_by,
        hold.ended_by === null ? '' : `${ctx.formatDate(hold.ended_at ?? '')} by ${hold.ended_by}`,
        // The fee's sale, by its invoice as the receipt shows it (its order id before the invoice is issued).
        hold.fee_order === null ? '' : (hold.fee_order.invoice ?? hold.fee_order._id),
      ]),
      { color: ctx.color },
    ),
  );
}
