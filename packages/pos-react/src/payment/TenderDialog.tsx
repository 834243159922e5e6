import type { TenderType } from 'pos-sdk';
import { addSen, formatAmount, isPositive } from 'pos-sdk/money';
import { validateTenderAmount } from 'pos-sdk/rules';
import { PromptDialog } from '../components/PromptDialog';
import { useCheckout } from '../hooks/useCheckout';

/**
 * The amount entry of a payment method (spec section 5): a positive number sets the method's
 * amount; empty or not positive resets it to 0; a typo is refused under the field (the SDK's rule)
 * and the method keeps its amount. Starts with what is still due, so Enter takes
 * the exact amount.
 */
export function TenderDialog({ type, onClose }: { type: TenderType | null; onClose: () => void }) {
  const state = useCheckout();
  let initial = '';
  // Read (and so re-rendered by) the tenders and what is short only while the dialog is open.
  if (type) {
    const suggested = addSen(state.tenders[type], state.shortBy);
    initial = isPositive(suggested) ? formatAmount(suggested) : '';
  }
  return (
    <PromptDialog
      open={type !== null}
      onClose={onClose}
      title={type ?? ''}
      label="Amount"
      prefix="RM"
      inputMode="decimal"
      large
      initialValue={initial}
      validate={validateTenderAmount}
      submitLabel="Confirm"
      onConfirm={(value) => {
        if (type) state.checkout.setTender(type, value);
      }}
      testId="tender-dialog"
    />
  );
}
