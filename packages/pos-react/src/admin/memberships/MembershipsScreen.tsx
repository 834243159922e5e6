import type { MembershipHoldEntry, Ticket } from 'pos-sdk/contract';
import { formatCalendarDate, formatVenueDateTime, isMembershipPass } from 'pos-sdk/rules';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { MembershipHold } from '../../membership/MembershipHold';
import { Banner } from '../parts';

/**
 * Memberships: find a member's memberships by their email or a pass ID, see each one's expiry and current hold, hold
 * it or end its hold (the same form and rules as the till's ticket detail, and `pos member hold|unhold`), and read its
 * history of holds. The search stays in the URL.
 */
export function MembershipsScreen() {
  const pos = usePos();
  const [search, setSearch] = useSearchParams();
  const query = search.get('q') ?? '';
  const [draft, setDraft] = useState(query);
  const [tickets, setTickets] = useState<readonly Ticket[]>([]);
  const [member, setMember] = useState('');
  const [failure, setFailure] = useState('');
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const text = query.trim();
    if (text === '') {
      setTickets([]);
      setMember('');
      return;
    }
    let live = true;
    setLoading(true);
    setFailure('');
    const find = text.includes('@')
      ? pos.api.lookupMembership({ email: text }).then((found) => ({
          member: found.member.name,
          tickets: found.tickets.filter((ticket) => isMembershipPass(ticket.pass)),
        }))
      : pos.api.getTicket({ ticket_id: text }).then((ticket) => ({
          member: ticket.member?.name ?? '',
          tickets: isMembershipPass(ticket.pass) ? [ticket] : [],
        }));
    find.then(
      (found) => {
        if (!live) return;
        setMember(found.member);
        setTickets(found.tickets);
        setFailure(found.tickets.length === 0 ? `No membership for '${text}'` : '');
        setLoading(false);
      },
      (error: unknown) => {
        if (!live) return;
        setTickets([]);
        setMember('');
        setFailure(error instanceof Error ? error.message : String(error));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [pos, query]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim() === '' ? {} : { q: draft.trim() }, { replace: true });
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Memberships</h1>
      <form onSubmit={submit} aria-label="Find a membership" className="flex flex-wrap items-end gap-3">
        <TextField
          label="Member email or pass ID"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-72"
        />
        <Button type="submit" variant="primary" loading={loading}>
          Find
        </Button>
      </form>
      <Banner tone="error">{failure}</Banner>
      {member ? <p className="text-lg font-semibold">{member}</p> : null}
      {tickets.map((ticket) => (
        <MembershipCard
          key={ticket._id}
          ticket={ticket}
          onChanged={(changed) =>
            setTickets((current) => current.map((one) => (one._id === changed._id ? changed : one)))
          }
        />
      ))}
    </div>
  );
}

function MembershipCard({ ticket, onChanged }: { ticket: Ticket; onChanged: (ticket: Ticket) => void }) {
  const pos = usePos();
  const timeZone = pos.config.timeZone;
  const [holds, setHolds] = useState<readonly MembershipHoldEntry[]>([]);
  const loadHolds = useCallback(() => {
    pos.membership.holds(ticket._id).then(setHolds, () => setHolds([]));
  }, [pos, ticket._id]);
  // The history again whenever the ticket changes (a hold placed or ended).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticket's hold and expiry are what change it
  useEffect(loadHolds, [loadHolds, ticket.hold, ticket.expiry]);
  return (
    <section
      aria-label={`Membership ${ticket._id}`}
      data-testid="membership-card"
      data-ticket={ticket._id}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 className="text-base font-bold">{ticket.pass.name ?? 'Membership'}</h2>
        <span className="font-mono text-sm">{ticket._id}</span>
        <span>{ticket.display_status ?? ticket.status}</span>
        <span data-testid="membership-expiry">Expires {formatCalendarDate(ticket.expiry)}</span>
      </div>
      <MembershipHold ticket={ticket} onChanged={onChanged} />
      <table aria-label={`Holds of ${ticket._id}`} className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {['From', 'To', 'Days held', 'Expiry moved', 'Placed', 'Ended', 'Fee paid by'].map((head) => (
              <th key={head} scope="col" className="px-2 py-1.5 font-semibold">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {holds.map((hold) => (
            <tr
              key={hold._id}
              data-testid="hold-row"
              className="border-b border-slate-100 dark:border-slate-800"
            >
              <td className="px-2 py-1.5">{formatCalendarDate(hold.from)}</td>
              <td className="px-2 py-1.5">{formatCalendarDate(hold.to)}</td>
              <td className="px-2 py-1.5 tabular-nums">
                {hold.days_held} of {hold.days}
              </td>
              <td className="px-2 py-1.5">
                {formatCalendarDate(hold.expiry_before)} → {formatCalendarDate(hold.expiry_after)}
              </td>
              <td className="px-2 py-1.5">
                {hold.held_by}, {formatVenueDateTime(hold.held_at, timeZone)}
              </td>
              <td className="px-2 py-1.5">
                {hold.ended_by && hold.ended_at
                  ? `${hold.ended_by}, ${formatVenueDateTime(hold.ended_at, timeZone)}`
                  : '—'}
              </td>
              <td className="px-2 py-1.5">
                {hold.fee_order === null ? '—' : (hold.fee_order.invoice ?? hold.fee_order._id)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {holds.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Never held</p> : null}
    </section>
  );
}
