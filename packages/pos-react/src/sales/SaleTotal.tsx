import { Money } from '../components/Money';
import { useCart } from '../hooks/useCart';

/** Props of {@link SaleTotal}. */
export interface SaleTotalProps {
  /** Show the item count under the amount ('3 items'), as the sales screen does. */
  readonly showItemCount?: boolean;
}

/**
 * The TOTAL panel of the sales and payment screens: what the customer pays (after discounts, with the tax when the
 * venue adds it on top), the tax when the cart has any ('Subtotal' and 'Tax' with tax added on top, 'Includes tax'
 * when the prices hold it) and, on the sales screen, the item count. Its own component, so a cart change re-renders it
 * and the cart, not the whole screen with its dialogs.
 */
export function SaleTotal({ showItemCount = false }: SaleTotalProps) {
  const cart = useCart();
  return (
    <div className="rounded-2xl bg-brand-700 p-4 text-white shadow-sm max-[991px]:flex max-[991px]:items-baseline max-[991px]:justify-between max-[991px]:py-3">
      <p className="text-sm font-bold uppercase tracking-widest text-brand-100">Total</p>
      <p className="text-right" data-testid="total">
        <Money value={cart.amountToPay} className="text-4xl font-extrabold max-[991px]:text-3xl" />
      </p>
      {cart.tax.byCode.length > 0 && (
        <dl className="mt-1 text-right text-sm text-brand-100" data-testid="tax">
          {cart.tax.amountToPay !== cart.subtotal && (
            <div className="flex justify-end gap-2">
              <dt>Subtotal</dt>
              <dd>
                <Money value={cart.subtotal} />
              </dd>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <dt>{cart.tax.amountToPay === cart.subtotal ? 'Includes tax' : 'Tax'}</dt>
            <dd>
              <Money value={cart.tax.total} />
            </dd>
          </div>
        </dl>
      )}
      {showItemCount && (
        <p className="text-right text-sm text-brand-100 max-[991px]:hidden">
          {cart.numItems} {cart.numItems === 1 ? 'item' : 'items'}
        </p>
      )}
    </div>
  );
}
