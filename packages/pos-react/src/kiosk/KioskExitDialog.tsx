import type { Pos } from 'pos-sdk';
import type { UserEntry } from 'pos-sdk/contract';
import { KIOSK_MESSAGES } from 'pos-sdk/messages';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { SelectField } from '../components/SelectField';
import { TextField } from '../components/TextField';
import { KIOSK_KEY } from './kioskDevice';

/** Props of {@link KioskExitDialog}. */
export interface KioskExitDialogProps {
  readonly pos: Pos;
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * The kiosk's only way out: a manager chooses their name and types their PIN; the server ends kiosk mode (revokes
 * the kiosk token) and the device goes back to the staff's sign-in. A wrong PIN says so and counts like verify_pin.
 */
export function KioskExitDialog({ pos, open, onClose }: KioskExitDialogProps) {
  const [people, setPeople] = useState<readonly UserEntry[]>([]);
  const [approver, setApprover] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPin('');
    setError(null);
    pos.api
      .users()
      .then((list) => {
        setPeople(list);
        setApprover((chosen) => chosen || (list[0]?._id ?? ''));
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [open, pos]);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await pos.api.kioskExit({ approver, pin });
      window.localStorage.removeItem(KIOSK_KEY);
      window.location.assign('/signin');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title="End kiosk mode"
      description={KIOSK_MESSAGES.exitManagerOnly}
      onSubmit={() => void submit()}
      submitLabel="End kiosk mode"
      submitDisabled={approver === '' || pin === ''}
      busy={busy}
      testId="kiosk-exit"
    >
      <SelectField label="Manager" value={approver} onChange={(event) => setApprover(event.target.value)}>
        {people.map((person) => (
          <option key={person._id} value={person._id}>
            {`${person.name.first} ${person.name.last}`.trim()}
          </option>
        ))}
      </SelectField>
      <TextField
        label="PIN"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={pin}
        onChange={(event) => setPin(event.target.value)}
        error={error ?? undefined}
      />
    </PosDialog>
  );
}
