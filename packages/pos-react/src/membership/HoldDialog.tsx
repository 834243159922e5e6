import type { Ticket } from 'pos-sdk/contract';
import { holdDaysBetween } from 'pos-sdk/rules';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';

/** Props of {@link HoldDialog}. */
export interface HoldDialogProps {
  readonly open: boolean;
  /** The membership to hold. */
  readonly ticket: Ticket;
  /** Closed after a hold (with the ticket as the server answered it) or a cancel (undefined). */
  readonly onClose: (held?: Ticket) => void;
}

/**
 * Hold a membership while its member is away: the first day (empty for today, DD-MM-YYYY) and the days, within the
 * venue's limits. The SDK checks the form (`pos.membership.hold`): each field's message shows under it. Loaded when
 * first opened (holding needs the server anyway).
 */
export function HoldDialog({ open, ticket, onClose }: HoldDialogProps) {
  const pos = usePos();
  const [from, setFrom] = useState('');
  const [days, setDays] = useState('');
  const hold = usePosAction(() => pos.membership.hold(ticket, { from, days }));
  const resetHold = hold.reset;
  useEffect(() => {
    if (open) {
      setFrom('');
      setDays('');
      resetHold();
    }
  }, [open, resetHold]);
  const submit = async () => {
    const answer = await hold.run();
    if (answer) onClose(answer.ticket);
  };
  return (
    <PosDialog
      open={open}
      onClose={() => onClose()}
      title="Hold Membership"
      description="No entry on the days held; the expiry moves by them."
      onSubmit={submit}
      submitLabel="Hold"
      busy={hold.busy}
      size="sm"
      testId="hold-dialog"
    >
      <div className="flex flex-col gap-4">
        <TextField
          label="First day"
          placeholder="Today (DD-MM-YYYY)"
          autoComplete="off"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={hold.fieldErrors.from}
          data-autofocus
        />
        <TextField
          label="Days"
          inputMode="numeric"
          autoComplete="off"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={hold.fieldErrors.days}
          hint={holdDaysBetween(pos.membership.holdLimits())}
        />
      </div>
    </PosDialog>
  );
}
