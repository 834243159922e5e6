import type { EndShiftForm } from 'pos-sdk';
import type { ShiftReport } from 'pos-sdk/contract';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';

const EMPTY: EndShiftForm = { cash: '', card: '', ewallet: '' };
const FIELDS: readonly { key: keyof EndShiftForm; label: string }[] = [
  { key: 'cash', label: 'Cash' },
  { key: 'card', label: 'Card' },
  { key: 'ewallet', label: 'E-Wallet' },
];

/** Props of {@link EndShiftDialog}. */
export interface EndShiftDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The end-of-shift report (already printed by the SDK). */
  readonly onEnded: (report: ShiftReport) => void;
}

/** Close Shift (spec section 2): the takings counted in cash, card and e-wallet. */
export function EndShiftDialog({ open, onClose, onEnded }: EndShiftDialogProps) {
  const pos = usePos();
  const [form, setForm] = useState<EndShiftForm>(EMPTY);
  const end = usePosAction((takings: EndShiftForm) => pos.shift.end(takings));
  const resetEnd = end.reset;
  useEffect(() => {
    if (open) {
      setForm(EMPTY);
      resetEnd();
    }
  }, [open, resetEnd]);

  const submit = async () => {
    const report = await end.run(form);
    if (report) onEnded(report);
  };
  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title="End Shift"
      description="Enter the takings counted for this shift."
      onSubmit={submit}
      submitLabel="Close Shift"
      busy={end.busy}
      size="sm"
      testId="end-shift-dialog"
    >
      {FIELDS.map((field, index) => (
        <TextField
          key={field.key}
          label={field.label}
          prefix="RM"
          inputMode="decimal"
          autoComplete="off"
          value={form[field.key]}
          onChange={(event) => setForm({ ...form, [field.key]: event.target.value })}
          error={end.fieldErrors[field.key]}
          {...(index === 0 ? { 'data-autofocus': true } : {})}
        />
      ))}
    </PosDialog>
  );
}
