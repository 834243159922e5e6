import type { Ticket } from 'pos-sdk/contract';
import { deriveTicketStatus, formatVenueDateTime } from 'pos-sdk/rules';
import { Badge } from '../components/Badge';
import { Icon } from '../components/Icon';
import { TICKET_STATUS_TONES } from '../dialogs/ticketStatusTone';
import { usePos } from '../hooks/usePos';

/** Props of {@link MemberTickets}. */
export interface MemberTicketsProps {
  readonly tickets: readonly Ticket[];
  /** A ticket was chosen: show its detail. */
  readonly onOpen: (ticketId: string) => void;
}

/** A member's tickets: pass, ID, expiry and derived status (the SDK's rule); each opens the ticket detail. */
export function MemberTickets({ tickets, onOpen }: MemberTicketsProps) {
  const pos = usePos();
  if (tickets.length === 0) return <p className="text-slate-600 dark:text-slate-400">No tickets.</p>;
  const now = pos.config.clock();
  return (
    <ul className="flex flex-col gap-2" aria-label="Member's tickets">
      {tickets.map((ticket) => {
        const status = deriveTicketStatus(ticket, now, pos.config.timeZone);
        return (
          <li key={ticket._id}>
            <button
              type="button"
              onClick={() => onOpen(ticket._id)}
              data-testid="member-ticket"
              data-ticket-id={ticket._id}
              className="flex min-h-12 w-full items-center gap-3 rounded-xl bg-white px-3 py-2 text-left ring-1 ring-slate-200 hover:ring-brand-500 dark:bg-slate-800 dark:ring-slate-700"
            >
              <Icon name="ticket" className="size-5 shrink-0 text-brand-700 dark:text-brand-200" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{ticket.pass.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  <span className="font-mono">{ticket._id}</span> · expires{' '}
                  {formatVenueDateTime(ticket.expiry, pos.config.timeZone)}
                </span>
              </span>
              <Badge tone={TICKET_STATUS_TONES[status]}>{status}</Badge>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
