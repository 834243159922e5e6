import type { EinvoiceBuyer } from 'pos-sdk/contract';
import {
  checkEinvoiceBuyer,
  EINVOICE_ID_TYPES,
  EINVOICE_STATES,
  type EinvoiceBuyerInput,
} from 'pos-sdk/rules';
import { useEffect, useState } from 'react';
import { Button } from '../components/Button';
import { PosDialog } from '../components/PosDialog';
import { SelectField } from '../components/SelectField';
import { TextField } from '../components/TextField';

/** Props of {@link EinvoiceBuyerDialog}. */
export interface EinvoiceBuyerDialogProps {
  readonly open: boolean;
  /** The buyer's details, checked; or null for the general public. */
  readonly onDone: (buyer: EinvoiceBuyer | null) => void;
  readonly onClose: () => void;
}

const ID_LABELS: Readonly<Record<(typeof EINVOICE_ID_TYPES)[number], string>> = {
  NRIC: 'MyKad (NRIC)',
  PASSPORT: 'Passport',
  BRN: 'Business registration (BRN)',
  ARMY: 'Army number',
};

const EMPTY: EinvoiceBuyerInput = {
  name: '',
  tin: '',
  id_type: 'NRIC',
  id_value: '',
  sst_no: '',
  address_line: '',
  city: '',
  postcode: '',
  state_code: '14',
  phone: '',
  email: '',
};

type Field = keyof typeof EMPTY;

/**
 * 'E-invoice Buyer': a sale above RM 10,000 gets an e-invoice of its own (LHDN does not let it into the month's
 * consolidated one), so the till asks for the buyer's details before the customer's email. 'General Public' goes on
 * without them, as LHDN's guideline allows. The details are checked by the SDK's rule, each problem under its field.
 */
export function EinvoiceBuyerDialog({ open, onDone, onClose }: EinvoiceBuyerDialogProps) {
  const [form, setForm] = useState<EinvoiceBuyerInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  useEffect(() => {
    if (open) setErrors({});
  }, [open]);

  const field = (name: Field) => ({
    value: form[name] ?? '',
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  const submit = () => {
    const checked = checkEinvoiceBuyer(form, { emailRequired: false });
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.issues.map((issue) => [issue.path, issue.message])));
      return;
    }
    const { sst_no, email, ...rest } = checked.buyer;
    onDone({ ...rest, ...(sst_no ? { sst_no } : {}), ...(email ? { email } : {}) });
  };

  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title="E-invoice Buyer"
      description="A sale above RM 10,000 gets its own e-invoice. Enter the buyer's details, or issue it to the general public."
      onSubmit={submit}
      size="lg"
      testId="einvoice-buyer-dialog"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} className="sm:min-w-28">
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => onDone(null)} className="sm:min-w-28">
            General Public
          </Button>
          <Button type="submit" variant="primary" className="sm:min-w-28">
            Use these details
          </Button>
        </div>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="off"
          data-autofocus
          className="sm:col-span-2"
          {...field('name')}
        />
        <TextField label="TIN" autoComplete="off" spellCheck={false} {...field('tin')} />
        <TextField label="SST registration no. (if any)" autoComplete="off" {...field('sst_no')} />
        <SelectField label="Identification" {...field('id_type')}>
          {EINVOICE_ID_TYPES.map((type) => (
            <option key={type} value={type}>
              {ID_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField label="Identification number" autoComplete="off" {...field('id_value')} />
        <TextField label="Address" autoComplete="off" className="sm:col-span-2" {...field('address_line')} />
        <TextField label="City" autoComplete="off" {...field('city')} />
        <TextField label="Postcode" inputMode="numeric" autoComplete="off" {...field('postcode')} />
        <SelectField label="State" {...field('state_code')}>
          {EINVOICE_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField label="Phone" type="tel" autoComplete="off" {...field('phone')} />
        <TextField
          label="Email for the e-invoice (default: the customer email)"
          type="email"
          autoComplete="off"
          className="sm:col-span-2"
          {...field('email')}
        />
      </div>
    </PosDialog>
  );
}
