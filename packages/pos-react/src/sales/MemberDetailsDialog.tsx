import type { MemberDetails, Tile } from 'pos-sdk';
import { CALENDAR_DATE_FORMAT, COUNTRY_CODES, validateMemberDetails } from 'pos-sdk/rules';
import { useEffect, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { SelectField } from '../components/SelectField';
import { TextField } from '../components/TextField';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';

type MemberField = 'name' | 'email' | 'country_code' | 'phone' | 'dob';
const EMPTY: Record<MemberField, string> = { name: '', email: '', country_code: '60', phone: '', dob: '' };

/**
 * The member a Membership pass is sold to (spec section 3: member name, email, dob, phone), asked
 * before the pass goes into the cart (quantity 1). Checked with the SDK's member rules (the
 * renewal form's: 'Name is required!', 'The input is not valid E-mail!', 'Phone number is required'...).
 */
export function MemberDetailsDialog({ tile, onClose }: { tile: Tile | null; onClose: () => void }) {
  const pos = usePos();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<MemberField, string>>>({});
  const add = usePosAction((sku: string, member: MemberDetails) => pos.cart.add(sku, 1, { member }));

  useEffect(() => {
    if (tile) {
      setForm(EMPTY);
      setErrors({});
    }
  }, [tile]);

  const submit = async () => {
    if (!tile) return;
    const checked = validateMemberDetails(form, { now: pos.config.clock(), timeZone: pos.config.timeZone });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const { name, email, phone, dob } = checked.value;
    const added = await add.run(tile.sku, { name, email, phone, dob });
    if (added !== undefined) onClose();
  };

  const field = (key: MemberField) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
    error: errors[key],
  });
  return (
    <PosDialog
      open={tile !== null}
      onClose={onClose}
      title="Member Details"
      description={tile ? `${tile.title} - ${tile.subtitle}` : undefined}
      onSubmit={submit}
      submitLabel="Add to Cart"
      busy={add.busy}
      testId="member-dialog"
    >
      <TextField label="Name" autoComplete="off" {...field('name')} data-autofocus />
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <SelectField label="Country code" {...field('country_code')}>
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              +{code}
            </option>
          ))}
        </SelectField>
        <TextField label="Phone number" inputMode="numeric" autoComplete="off" {...field('phone')} />
      </div>
      <TextField
        label="Date of birth"
        placeholder={CALENDAR_DATE_FORMAT}
        hint={CALENDAR_DATE_FORMAT}
        autoComplete="off"
        {...field('dob')}
      />
    </PosDialog>
  );
}
