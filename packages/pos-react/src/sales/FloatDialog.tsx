import { MESSAGES } from 'pos-sdk/messages';
import { formatRM } from 'pos-sdk/money';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { useShift } from '../hooks/useShift';

/** Props of {@link FloatDialog}. */
export interface FloatDialogProps {
  readonly open: boolean;
  /**
   * `true`: the 'New Shift' dialog of a shift without float; cancelling it signs out (spec section 4).
   * `false`: Menu > Float; cancelling just closes it.
   */
  readonly isNewShift: boolean;
  readonly onClose: () => void;
}

/** The start-shift float (cash put in the drawer); printing a float slip on success. */
export function FloatDialog({ open, isNewShift, onClose }: FloatDialogProps) {
  const pos = usePos();
  const { floatTotal } = useShift();
  const [value, setValue] = useState('');
  const save = usePosAction((text: string) => pos.shift.setFloat(text));
  const resetSave = save.reset;
  useEffect(() => {
    if (open) {
      setValue('');
      resetSave();
    }
  }, [open, resetSave]);

  const cancel = () => {
    if (isNewShift) pos.shift.cancelNewShift();
    onClose();
  };
  const submit = async () => {
    const shift = await save.run(value);
    if (shift) onClose();
  };
  return (
    <PosDialog
      open={open}
      onClose={cancel}
      title={isNewShift ? MESSAGES.newShift : 'Float'}
      description={
        isNewShift
          ? 'Count the cash in the drawer to start the shift.'
          : 'Cash put into the drawer (a negative amount takes it out).'
      }
      onSubmit={submit}
      submitLabel="Set Float"
      cancelLabel={isNewShift ? 'Cancel and sign out' : 'Cancel'}
      busy={save.busy}
      size="sm"
      testId="float-dialog"
    >
      <TextField
        label="Float"
        prefix="RM"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={save.fieldErrors.float}
        hint={isNewShift ? undefined : `Float so far: ${formatRM(floatTotal)}`}
        large
        data-autofocus
      />
    </PosDialog>
  );
}
