import type { Member, RenewMembershipResponse } from 'pos-sdk/contract';
import { MESSAGES } from 'pos-sdk/messages';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button';
import { PosDialog } from '../components/PosDialog';
import { TextField } from '../components/TextField';
import { useMembership } from '../hooks/useMembership';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { MemberCard } from '../membership/MemberCard';
import { MemberOrders } from '../membership/MemberOrders';
import { MemberTickets } from '../membership/MemberTickets';
import { RenewalDialog } from '../membership/RenewalDialog';
import { ReceiptDialog } from './ReceiptDialog';
import { TicketDialog } from './TicketDialog';

/** A section heading of the lookup's results. */
function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="mb-2 text-sm font-bold uppercase tracking-wide text-slate-600 dark:text-slate-300">
      {children}
    </h3>
  );
}

/**
 * 'Lookup Membership' (Menu > Membership, spec sections 2 and 4): an 'Email Address' field and Search
 * (`membership.lookup`), the member result list (name, email, phone, birth date) and, for the selected
 * member, their orders and tickets (a ticket opens the ticket detail) and Renew Membership (the
 * 'Renewal Checkout' dialog). Clear forgets the result; a failed search clears it (the SDK).
 */
export function MembershipDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const pos = usePos();
  const { result, selectedMember, searching } = useMembership();
  const [email, setEmail] = useState('');
  const [ticketId, setTicketId] = useState<string | null>(null);
  const [renewing, setRenewing] = useState<Member | null>(null);
  const [renewed, setRenewed] = useState<RenewMembershipResponse | null>(null);
  const search = usePosAction((address: string) => pos.membership.lookup(address));

  const close = () => {
    pos.membership.clear();
    search.reset();
    setEmail('');
    setTicketId(null);
    setRenewing(null);
    setRenewed(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search.run(email);
  };
  const clear = () => {
    pos.membership.clear();
    search.reset();
    setEmail('');
  };

  const members = result ? [result.member] : [];
  const isSelected = (member: Member) => selectedMember?.email === member.email;
  const showHistory = result !== null && selectedMember !== null && isSelected(result.member);

  return (
    <PosDialog
      open={open}
      onClose={close}
      title={MESSAGES.lookupMembership}
      size="xl"
      cancelLabel="Close"
      testId="membership-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <TextField
          label={MESSAGES.emailAddress}
          type="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={search.fieldErrors.email ?? Object.values(search.fieldErrors)[0]}
          autoComplete="off"
          spellCheck={false}
          className="flex-1"
          data-autofocus
        />
        <div className="flex gap-3 sm:mt-7">
          <Button
            type="submit"
            variant="primary"
            icon="search"
            loading={searching}
            className="min-w-28 flex-1"
          >
            Search
          </Button>
          {result ? (
            <Button onClick={clear} className="min-w-28 flex-1">
              Clear
            </Button>
          ) : null}
        </div>
      </form>

      {result ? (
        <section aria-labelledby="member-results-title">
          <Heading id="member-results-title">Members</Heading>
          <ul className="flex flex-col gap-2">
            {members.map((member) => (
              <li key={member.email}>
                <MemberCard
                  member={member}
                  selected={isSelected(member)}
                  onSelect={() => pos.membership.selectMember(member)}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {showHistory && selectedMember ? (
        <>
          <div className="flex justify-end">
            <Button variant="outline" icon="renew" onClick={() => setRenewing(selectedMember)}>
              Renew Membership
            </Button>
          </div>
          <div className="flex flex-col gap-4">
            <section aria-labelledby="member-orders-title">
              <Heading id="member-orders-title">{`Orders (${result.orders.length})`}</Heading>
              <MemberOrders orders={result.orders} />
            </section>
            <section aria-labelledby="member-tickets-title">
              <Heading id="member-tickets-title">{`Tickets (${result.tickets.length})`}</Heading>
              <MemberTickets tickets={result.tickets} onOpen={setTicketId} />
            </section>
          </div>
        </>
      ) : null}

      <TicketDialog open={ticketId !== null} ticketId={ticketId ?? ''} onClose={() => setTicketId(null)} />
      <RenewalDialog
        member={renewing}
        onClose={() => setRenewing(null)}
        onRenewed={(renewal) => {
          setRenewing(null);
          setRenewed(renewal);
          // Show the renewal in the member's orders and the new expiry on their ticket.
          const address = renewal.ticket.member?._id ?? selectedMember?.email;
          if (address) void search.run(address);
        }}
      />
      <ReceiptDialog
        receipt={renewed ? { order: renewed.order, tickets: [renewed.ticket] } : null}
        onClose={() => setRenewed(null)}
        title="Membership renewed"
        closeLabel="Done"
      >
        {renewed ? (
          <p data-testid="renewal-receipt-note" className="font-semibold">
            {renewed.ticket.member?.name ?? 'The member'}'s membership now expires{' '}
            {formatVenueDateTime(renewed.ticket.expiry, pos.config.timeZone)}. The receipt was printed
            {renewed.order.order_details.customer.email
              ? ` and is e-mailed to ${renewed.order.order_details.customer.email}.`
              : '.'}
          </p>
        ) : null}
      </ReceiptDialog>
    </PosDialog>
  );
}
