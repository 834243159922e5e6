import { useSignals } from '@preact/signals-react/runtime';
import type { Ticket } from 'pos-sdk/contract';
import {
  daysHeld,
  formatCalendarDate,
  HOLD_MESSAGES,
  isHoldPending,
  isMembershipPass,
  lastHoldDay,
} from 'pos-sdk/rules';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../components/Button';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';

/** The hold form: loaded when first opened. */
const HoldDialog = lazy(() => import('./HoldDialog').then((module) => ({ default: module.HoldDialog })));

/**
 * A membership's hold on the ticket detail: the days it is on hold (or will be), with End Hold; else Hold… for a valid
 * membership. A manager, or staff with the right, may hold; anyone else hears the server's refusal.
 * `onChanged` gets the ticket as the server answered it. At the till (`sellFee`) a venue's hold fee is sold with the
 * hold: Hold… puts the fee into the cart, and the membership says its hold waits for the fee until the sale is paid.
 */
export function MembershipHold({
  ticket,
  onChanged,
  sellFee = false,
}: {
  ticket: Ticket;
  onChanged: (ticket: Ticket) => void;
  /** At the till: sell the venue's hold fee with the hold (the back office holds without a fee). */
  sellFee?: boolean;
}) {
  useSignals();
  const pos = usePos();
  const waiting = sellFee && pos.membership.pendingHolds.value.some((each) => each.ticket_id === ticket._id);
  const [holdOpen, setHoldOpen] = useState(false);
  const holdUsed = useOpenedOnce(holdOpen);
  const endHold = usePosAction(() => pos.membership.endHold(ticket._id));
  if (!isMembershipPass(ticket.pass) || ticket.status !== 'Valid') return null;
  const hold = ticket.hold ?? null;
  const pending = isHoldPending(hold, pos.config.clock(), pos.config.timeZone);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
      data-testid="membership-hold"
    >
      <p className="font-semibold">
        {hold !== null && pending && daysHeld(hold) > 0 ? (
          <>
            On hold {formatCalendarDate(hold.from)} to {formatCalendarDate(lastHoldDay(hold))}
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-300">Not on hold</span>
        )}
      </p>
      {waiting ? (
        <p data-testid="hold-waiting" className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {HOLD_MESSAGES.feeWaiting}
        </p>
      ) : pending ? (
        <Button
          variant="secondary"
          loading={endHold.busy}
          onClick={async () => {
            const answer = await endHold.run();
            if (answer) onChanged(answer.ticket);
          }}
        >
          End Hold
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setHoldOpen(true)}>
          Hold…
        </Button>
      )}
      {holdUsed ? (
        <Suspense fallback={null}>
          <HoldDialog
            open={holdOpen}
            ticket={ticket}
            sellFee={sellFee}
            onClose={(held) => {
              setHoldOpen(false);
              if (held) onChanged(held);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
