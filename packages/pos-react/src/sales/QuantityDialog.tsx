import { formatRM, type Sen } from 'pos-sdk/money';
import { PromptDialog } from '../components/PromptDialog';

/** What the quantity dialog is for: a tile to add, or a cart line to change. */
export interface QuantityTarget {
  readonly label: string;
  readonly price: Sen;
  readonly initial: number;
  /** Adds or sets the quantity; throws the cart's refusal (kept in the dialog, toasted once). */
  readonly apply: (quantity: string) => Promise<unknown> | unknown;
}

/** Quantity entry (spec section 2): a number, Enter confirms and closes. */
export function QuantityDialog({ target, onClose }: { target: QuantityTarget | null; onClose: () => void }) {
  return (
    <PromptDialog
      open={target !== null}
      onClose={onClose}
      title="Quantity"
      description={target ? `${target.label} · ${formatRM(target.price)} each` : undefined}
      label="Quantity"
      initialValue={target ? String(target.initial) : ''}
      inputMode="numeric"
      large
      submitLabel="Confirm"
      onConfirm={(value) => target?.apply(value)}
      testId="quantity-dialog"
    />
  );
}
