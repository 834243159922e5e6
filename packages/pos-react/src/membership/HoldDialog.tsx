import type { Ticket } from 'pos-sdk/contract';
import { formatRM } from 'pos-sdk/money';
import { HOLD_MESSAGES, holdDaysBetween } from 'pos-sdk/rules';
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
  /** Closed after a hold (with the ticket as the server answered it), a fee put into the cart, or a cancel. */
  readonly onClose: (held?: Ticket) => void;
  /** At the till: when the venue charges a hold fee, the fee goes into the cart and the hold waits for its sale. */
  readonly sellFee?: boolean;
}

/**
 * Hold a membership while its member is away: the first day (empty for today, DD-MM-YYYY) and the days, within the
 * venue's limits. The SDK checks the form (`pos.membership.hold`): each field's message shows under it. At the till,
 * when the venue charges a hold fee, the dialog says what it costs and its button puts the fee into the cart
 * (`pos.membership.holdWithFee`): the hold is placed when that sale is paid. Loaded when first opened (holding needs
 * the server anyway).
 */
export function HoldDialog({ open, ticket, onClose, sellFee = false }: HoldDialogProps) {
  const pos = usePos();
  const [from, setFrom] = useState('');
  const [days, setDays] = useState('');
  const fee = sellFee ? pos.membership.holdFee() : null;
  const hold = usePosAction(async () =>
    fee === null
      ? pos.membership.hold(ticket, { from, days })
      : { waiting: await pos.membership.holdWithFee(ticket, { from, days }) },
  );
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
    if (answer === undefined) return;
    if ('ticket' in answer) onClose(answer.ticket);
    else if (answer.waiting !== undefined) onClose();
  };
  return (
    <PosDialog
      open={open}
      onClose={() => onClose()}
      title="Hold Membership"
      description={
        fee === null
          ? 'No entry on the days held; the expiry moves by them.'
          : HOLD_MESSAGES.feeNote(formatRM(fee.price))
      }
      onSubmit={submit}
      submitLabel={fee === null ? 'Hold' : HOLD_MESSAGES.addFee}
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
