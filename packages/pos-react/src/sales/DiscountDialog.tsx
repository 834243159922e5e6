import { type PosCartItem, ValidationError } from 'pos-sdk';
import { formatRM } from 'pos-sdk/money';
import { DISCOUNT_TYPE_LABELS, type DiscountType, grossAmount } from 'pos-sdk/rules';
import { useEffect, useRef, useState } from 'react';
import { PosDialog } from '../components/PosDialog';
import { SegmentedControl } from '../components/SegmentedControl';
import { SelectField } from '../components/SelectField';
import { TextField } from '../components/TextField';
import { useApproval } from '../hooks/useApproval';
import { usePosAction } from '../hooks/usePosAction';
import { lineLabel } from './cartLineText';

const TYPES = (Object.keys(DISCOUNT_TYPE_LABELS) as DiscountType[]).map((value) => ({
  value,
  label: DISCOUNT_TYPE_LABELS[value],
}));

/**
 * Item discount (spec sections 4 and 5): value as Amount (RM) or Percentage (%), the approver
 * (one of the users list, which holds only those allowed to approve: the managers, and staff a
 * manager granted the right) and their PIN. Submitting verifies the PIN first; the discount is
 * applied only when it is right. An approver refused by the server (403 `not_permitted`) is said
 * under the PIN, and the cashier stays signed in.
 */
export function DiscountDialog({ item, onClose }: { item: PosCartItem | null; onClose: () => void }) {
  const { users, approval } = useApproval();
  const [type, setType] = useState<DiscountType>('percentage');
  const [value, setValue] = useState('');
  const [approver, setApprover] = useState('');
  const [pin, setPin] = useState('');
  const pinField = useRef<HTMLInputElement>(null);
  /** Was the last refusal the server's (a wrong PIN, a lockout), not a field of the form? */
  const verifyRefused = useRef(false);
  const apply = usePosAction(async (sku: string) => {
    verifyRefused.current = false;
    try {
      return await approval.approveDiscount(sku, { type, value, approver, pin });
    } catch (failure) {
      verifyRefused.current = !(failure instanceof ValidationError);
      throw failure;
    }
  });

  const open = item !== null;
  const resetApply = apply.reset;
  useEffect(() => {
    if (!open) return;
    setType('percentage');
    setValue('');
    setApprover('');
    setPin('');
    resetApply();
    approval.loadUsers().catch(() => {
      // Toasted by the SDK ('Server not responding' or the server's message).
    });
  }, [open, approval, resetApply]);

  const submit = async () => {
    if (!item) return;
    const applied = await apply.run(item.sku);
    if (applied) {
      onClose();
      return;
    }
    // A refusal keeps what was typed; a refused PIN is selected, so typing again replaces it.
    if (!verifyRefused.current || !pinField.current) return;
    pinField.current.focus();
    pinField.current.select();
  };
  const errors = apply.fieldErrors;
  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title="Item Discount"
      description={item ? `${lineLabel(item)} · ${formatRM(grossAmount(item))}` : undefined}
      onSubmit={submit}
      submitLabel="Apply Discount"
      busy={apply.busy}
      testId="discount-dialog"
    >
      <SegmentedControl label="Discount type" showLabel value={type} onChange={setType} options={TYPES} />
      <TextField
        label={type === 'percentage' ? 'Percentage (%)' : 'Amount (RM)'}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={errors.value ?? errors.type}
        large
        data-autofocus
      />
      <SelectField
        label="Approver"
        value={approver}
        onChange={(event) => setApprover(event.target.value)}
        error={errors.approver}
      >
        <option value="">Select the approver</option>
        {users.map((user) => (
          <option key={user._id} value={user._id}>
            {`${user.name.first} ${user.name.last}`.trim()}
          </option>
        ))}
      </SelectField>
      <TextField
        ref={pinField}
        label="PIN"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={pin}
        onChange={(event) => setPin(event.target.value)}
        error={errors.pin ?? (apply.error && Object.keys(errors).length === 0 ? apply.error : undefined)}
      />
    </PosDialog>
  );
}
