import type { Ticket } from 'pos-sdk/contract';
import {
  formatCalendarDate,
  formatVenueDateTime,
  isMembershipPass,
  passEntriesToday,
  passUses,
} from 'pos-sdk/rules';
import type { ReactNode } from 'react';
import { usePos } from '../hooks/usePos';
import { formatPhone } from '../membership/formatPhone';
import { MembershipHold } from '../membership/MembershipHold';

/** One 'label: value' row of the ticket's facts. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-bold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="font-semibold break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * What a ticket is (spec section 3): pass name and sku, date, expiry, its uses (count / usage_limit,
 * each with its time and terminal; a membership's count alone, and its entries of today's venue day against its
 * entries per day), the member it belongs to and the invoice it was sold on; a membership's hold, with Hold… and End
 * Hold.
 */
export function TicketDetails({ ticket }: { ticket: Ticket }) {
  const pos = usePos();
  const { timeZone } = pos.config;
  const member = ticket.member;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
        <Fact label="Pass">
          {ticket.pass.name} <span className="font-mono text-sm font-normal">({ticket.pass.sku})</span>
        </Fact>
        <Fact label="Invoice">
          <span className="font-mono">{ticket.order.invoice?._id ?? 'None'}</span>
        </Fact>
        <Fact label="Date">
          <span className="tabular-nums">{formatVenueDateTime(ticket.date, timeZone)}</span>
        </Fact>
        <Fact label="Expiry">
          <span className="tabular-nums">{formatVenueDateTime(ticket.expiry, timeZone)}</span>
        </Fact>
        <Fact label="Uses" testId="ticket-uses">
          {passUses(ticket.used.length, ticket.pass.usage_limit)}
        </Fact>
        {isMembershipPass(ticket.pass) ? (
          <Fact label="Entries today" testId="ticket-entries-today">
            {passEntriesToday(ticket, pos.config.clock(), timeZone)}
          </Fact>
        ) : null}
        <Fact label="Shareable">{ticket.pass.shareable ? 'Yes' : 'No'}</Fact>
      </dl>

      <MembershipHold
        ticket={ticket}
        sellFee
        onChanged={() => {
          // Read the pass again: the dialog shows its new expiry and hold, and whether it may be redeemed now.
          pos.tickets.get(ticket._id).catch(() => undefined);
        }}
      />

      {ticket.used.length > 0 ? (
        <section aria-labelledby="ticket-uses-title">
          <h3
            id="ticket-uses-title"
            className="mb-1 text-sm font-bold uppercase tracking-wide text-slate-600 dark:text-slate-300"
          >
            Used
          </h3>
          <ol
            className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700"
            data-testid="ticket-use-list"
          >
            {ticket.used.map((use, index) => (
              <li key={use.at} className="flex justify-between gap-4 py-1.5">
                <span className="font-semibold">Use {index + 1}</span>
                <span className="tabular-nums">
                  {formatVenueDateTime(use.at, timeZone)}
                  {use.terminal ? (
                    <span className="text-slate-600 dark:text-slate-400"> · {use.terminal}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="ticket-member-title">
        <h3
          id="ticket-member-title"
          className="mb-1 text-sm font-bold uppercase tracking-wide text-slate-600 dark:text-slate-300"
        >
          Member
        </h3>
        {member ? (
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
            <Fact label="Name">{member.name}</Fact>
            <Fact label="Email">{member._id}</Fact>
            <Fact label="Date of birth">{formatCalendarDate(member.dob, timeZone) || '-'}</Fact>
            <Fact label="Phone">{formatPhone(member.phone) || '-'}</Fact>
          </dl>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">No member on this pass.</p>
        )}
      </section>
    </div>
  );
}
