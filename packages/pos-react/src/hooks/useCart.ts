import { useSignals } from '@preact/signals-react/runtime';
import type { CartService, PosCartItem, Sen } from 'pos-sdk';
import { usePos } from './usePos';

/** What {@link useCart} returns. */
export interface CartState {
  readonly items: readonly PosCartItem[];
  /** The cart TOTAL (after discounts). */
  readonly subtotal: Sen;
  readonly numItems: number;
  readonly isEmpty: boolean;
  /** `add`, `setQuantity`, `remove`, `clear`, `removeDiscount`... */
  readonly cart: CartService;
}

/** The cart; re-renders when it changes. */
export function useCart(): CartState {
  useSignals();
  const { cart } = usePos();
  return {
    items: cart.items.value,
    subtotal: cart.subtotal.value,
    numItems: cart.numItems.value,
    isEmpty: cart.isEmpty.value,
    cart,
  };
}
