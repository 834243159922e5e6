import { useSignals } from '@preact/signals-react/runtime';
import type { CartService, PosCartItem } from 'pos-sdk';
import type { Sen } from 'pos-sdk/money';
import type { OrderTax } from 'pos-sdk/rules';
import { signalValues } from './signalValues';
import { usePos } from './usePos';

/** What {@link useCart} returns. */
export interface CartState {
  readonly items: readonly PosCartItem[];
  /** The sum of the lines (after discounts). */
  readonly subtotal: Sen;
  /** The cart's tax at the venue's codes: per line, per code and in total. */
  readonly tax: OrderTax;
  /** The TOTAL: what the customer pays (the subtotal, and the tax when the venue adds it on top). */
  readonly amountToPay: Sen;
  readonly numItems: number;
  readonly isEmpty: boolean;
  /** `add`, `setQuantity`, `remove`, `clear`, `removeDiscount`... */
  readonly cart: CartService;
}

/**
 * The cart. Each value is read when the component reads it (a getter), so the component
 * re-renders only when what it read changes: `const { subtotal } = useCart()` ignores the items.
 */
export function useCart(): CartState {
  useSignals();
  const { cart } = usePos();
  return Object.assign(
    signalValues(cart, ['items', 'subtotal', 'tax', 'amountToPay', 'numItems', 'isEmpty']),
    { cart },
  );
}
