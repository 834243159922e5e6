import { Money } from '../components/Money';
import { useCart } from '../hooks/useCart';

/**
 * The sales screen's TOTAL and item count. Its own component, so a cart change re-renders it and
 * the cart, not the whole screen with its dialogs.
 */
export function SaleTotal() {
  const { subtotal, numItems } = useCart();
  return (
    <div className="rounded-2xl bg-brand-700 p-4 text-white shadow-sm max-[991px]:flex max-[991px]:items-baseline max-[991px]:justify-between max-[991px]:py-3">
      <p className="text-sm font-bold uppercase tracking-widest text-brand-100">Total</p>
      <p className="text-right" data-testid="total">
        <Money value={subtotal} className="text-4xl font-extrabold max-[991px]:text-3xl" />
      </p>
      <p className="text-right text-sm text-brand-100 max-[991px]:hidden">
        {numItems} {numItems === 1 ? 'item' : 'items'}
      </p>
    </div>
  );
}
