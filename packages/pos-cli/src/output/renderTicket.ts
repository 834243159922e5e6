import type { Ticket } from 'pos-sdk/contract';
import {
  daysHeld,
  deriveTicketStatus,
  formatCalendarDate,
  isMembershipPass,
  lastHoldDay,
  passEntriesToday,
  passUses,
  type TicketStatus,
} from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { renderFields, renderTable } from './renderTable';

/** Uses so far against what the pass allows: '1 / 10', '0 / 1', a membership's alone (pos-sdk `passUses`). */
function describeUses(ticket: Ticket): string {
  return passUses(ticket.used.length, ticket.pass.usage_limit);
}

/** A ticket with its derived display status, as `--json` prints it (`display_status`). */
export function ticketWithStatus(ticket: Ticket, status: TicketStatus): Ticket {
  return { ...ticket, display_status: status };
}

/**
 * The ticket detail dialog as text: id, pass, the derived status (in colour), validity, uses (a membership's
 * entries of today's venue day too, at `now`), whether it can be redeemed, invoice, member and face photo; then
 * its uses, each with its time and terminal.
 */
export function renderTicket(
  ctx: CliContext,
  ticket: Ticket,
  status: TicketStatus,
  canRedeem: boolean,
  now: Date,
): string {
  const { paint } = ctx;
  const coloured =
    status === 'Active'
      ? paint.green(status)
      : status === 'Inactive'
        ? paint.yellow(status)
        : paint.red(status);
  const member = ticket.member ? `${ticket.member.name} <${ticket.member._id}>` : undefined;
  const parts = [
    renderFields(
      [
        ['Ticket', ticket._id],
        ['Pass', `${ticket.pass.name} (${ticket.pass.sku})`],
        ['Status', coloured],
        ['Valid from', ctx.formatDate(ticket.date)],
        ['Expiry', ctx.formatDate(ticket.expiry)],
        ['Uses', describeUses(ticket)],
        [
          'Entries today',
          isMembershipPass(ticket.pass) ? passEntriesToday(ticket, now, ctx.timeZone) : undefined,
        ],
        [
          'On hold',
          ticket.hold !== null && ticket.hold !== undefined && daysHeld(ticket.hold) > 0
            ? `${formatCalendarDate(ticket.hold.from)} to ${formatCalendarDate(lastHoldDay(ticket.hold))}`
            : undefined,
        ],
        ['Redeemable', canRedeem ? 'yes' : 'no'],
        ['Shareable', ticket.pass.shareable ? 'yes' : 'no'],
        ['Invoice No', ticket.order.invoice?._id],
        ['Member', member],
        ['Face photo', ticket.face ? `registered ${ctx.formatDate(ticket.face.registered_at)}` : undefined],
      ],
      { color: ctx.color },
    ),
  ];
  if (ticket.used.length > 0) {
    parts.push(
      renderTable(
        ['USED AT', 'TERMINAL', 'BY'],
        ticket.used.map((use) => [ctx.formatDate(use.at), use.terminal ?? '', use.staff ?? '']),
        { color: ctx.color },
      ),
    );
  }
  return parts.join('\n');
}

/** The tickets table of a member: id, pass, status (derived now), expiry, uses. */
export function renderTicketList(ctx: CliContext, tickets: readonly Ticket[], now: Date): string {
  return renderTable(
    ['TICKET', 'PASS', 'STATUS', 'EXPIRY', 'USES'],
    tickets.map((ticket) => [
      ticket._id,
      ticket.pass.name,
      deriveTicketStatus(ticket, now, ctx.timeZone),
      ctx.formatDate(ticket.expiry),
      describeUses(ticket),
    ]),
    { color: ctx.color },
  );
}
