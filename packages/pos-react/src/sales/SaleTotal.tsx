import { Money } from '../components/Money';
import { useCart } from '../hooks/useCart';

/** Props of {@link SaleTotal}. */
export interface SaleTotalProps {
  /** Show the item count under the amount ('3 items'), as the sales screen does. */
  readonly showItemCount?: boolean;
}

/**
 * The TOTAL panel of the sales and payment screens: the cart's TOTAL (after discounts) and, on the
 * sales screen, the item count. Its own component, so a cart change re-renders it and the cart,
 * not the whole screen with its dialogs.
 */
export function SaleTotal({ showItemCount = false }: SaleTotalProps) {
  const cart = useCart();
  return (
    <div className="rounded-2xl bg-brand-700 p-4 text-white shadow-sm max-[991px]:flex max-[991px]:items-baseline max-[991px]:justify-between max-[991px]:py-3">
      <p className="text-sm font-bold uppercase tracking-widest text-brand-100">Total</p>
      <p className="text-right" data-testid="total">
        <Money value={cart.subtotal} className="text-4xl font-extrabold max-[991px]:text-3xl" />
      </p>
      {showItemCount && (
        <p className="text-right text-sm text-brand-100 max-[991px]:hidden">
          {cart.numItems} {cart.numItems === 1 ? 'item' : 'items'}
        </p>
      )}
    </div>
  );
}
