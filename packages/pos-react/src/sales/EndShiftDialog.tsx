import type { EndShiftForm } from 'pos-sdk';
import type { ShiftReport } from 'pos-sdk/contract';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { useSignalValue } from '../hooks/useSignalValue';

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

/**
 * Close Shift (spec section 2): the takings counted in cash, card and e-wallet, each with what it should be ('Expected
 * RM 134.00') unless the venue counts blind, when the form shows none before the count is submitted.
 */
export function EndShiftDialog({ open, onClose, onEnded }: EndShiftDialogProps) {
  const pos = usePos();
  const [form, setForm] = useState<EndShiftForm>(EMPTY);
  const end = usePosAction((takings: EndShiftForm) => pos.shift.end(takings));
  const resetEnd = end.reset;
  const venue = useSignalValue(pos.venue.settings);
  const blind = venue?.blind_count === true;
  const [expected, setExpected] = useState<ShiftReport['expected'] | null>(null);
  useEffect(() => {
    if (!open) return;
    setForm(EMPTY);
    resetEnd();
    setExpected(null);
    // Counting blind, the expected amounts are never asked for before the count is in.
    if (blind) return;
    let current = true;
    pos.shift.report({ print: false }).then(
      (report) => {
        if (current) setExpected(report.expected);
      },
      () => {}, // toasted by the SDK; the count goes on without them
    );
    return () => {
      current = false;
    };
  }, [open, resetEnd, blind, pos]);

  const submit = async () => {
    const report = await end.run(form);
    if (report) onEnded(report);
  };
  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title="End Shift"
      description={
        blind
          ? 'Count the takings and enter them: the expected amounts show after Close Shift.'
          : 'Enter the takings counted for this shift.'
      }
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
          hint={!blind && expected ? `Expected ${formatRM(fromRinggit(expected[field.key]))}` : undefined}
          {...(index === 0 ? { 'data-autofocus': true } : {})}
        />
      ))}
    </PosDialog>
  );
}
