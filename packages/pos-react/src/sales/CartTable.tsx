import type { PosCartItem } from 'pos-sdk';
import { formatAmount, negateSen } from 'pos-sdk/money';
import { grossAmount } from 'pos-sdk/rules';
import { memo } from 'react';
import { EmptyState } from '../components/EmptyState';
import { Icon } from '../components/Icon';
import { Table, Td, Th } from '../components/Table';
import { useCart } from '../hooks/useCart';
import { discountNote, lineLabel } from './cartLineText';

/** Props of {@link CartTable}. */
export interface CartTableProps {
  /** Clicking a line's quantity (sales screen: the quantity dialog). Without it the quantity is plain text. */
  readonly onEditQuantity?: (item: PosCartItem) => void;
  /** Clicking a line's amount (sales screen: the item discount dialog). Without it the amount is plain text. */
  readonly onDiscount?: (item: PosCartItem) => void;
  /** Shown when the cart is empty. */
  readonly emptyHint?: string;
}

const cellButton =
  'min-h-11 min-w-11 rounded-lg px-2 font-semibold tabular-nums text-brand-700 underline decoration-dotted underline-offset-4 hover:bg-brand-50 dark:text-brand-200 dark:hover:bg-slate-800';

/**
 * The cart (spec section 2): item (with its discount note), unit price, quantity, amount; a
 * clear-all link and a delete control per row. Clicking an applied discount removes it.
 */
export const CartTable = memo(function CartTable({ onEditQuantity, onDiscount, emptyHint }: CartTableProps) {
  const { items, isEmpty, cart } = useCart();
  return (
    <div className="min-h-0 flex-1 overflow-auto" data-testid="cart">
      <Table label="Cart">
        <thead>
          <tr>
            <Th>Item</Th>
            <Th numeric className="max-sm:hidden">
              Unit Price
            </Th>
            <Th numeric>Qty</Th>
            <Th numeric>Amount</Th>
            <Th className="whitespace-nowrap text-right sm:w-28">
              {isEmpty ? (
                <span className="sr-only">Actions</span>
              ) : (
                <button
                  type="button"
                  onClick={() => cart.clear()}
                  className="min-h-9 rounded-lg px-2 text-xs font-bold uppercase text-red-700 underline underline-offset-2 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
                >
                  Clear all
                </button>
              )}
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((item) => {
            const label = lineLabel(item);
            return (
              <tr key={item.sku} data-testid="cart-line" data-sku={item.sku}>
                <Td className="py-3">
                  <span className="font-semibold">{label}</span>
                  {item.discount ? (
                    <button
                      type="button"
                      onClick={() => cart.removeDiscount(item.sku)}
                      aria-label={`Remove ${discountNote(item.discount)} from ${label}`}
                      data-testid="discount-note"
                      className="mt-1 flex min-h-9 items-center gap-1 rounded-lg px-1 text-left text-sm font-medium text-emerald-800 hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-emerald-950"
                    >
                      {discountNote(item.discount)}
                      <Icon name="close" className="size-3.5" />
                    </button>
                  ) : null}
                </Td>
                <Td numeric className="py-3 max-sm:hidden">
                  {formatAmount(item.price)}
                </Td>
                <Td numeric className="py-1.5">
                  {onEditQuantity ? (
                    <button
                      type="button"
                      className={cellButton}
                      onClick={() => onEditQuantity(item)}
                      aria-label={`Quantity of ${label}: ${item.quantity}. Change`}
                    >
                      {item.quantity}
                    </button>
                  ) : (
                    <span className="inline-block py-1.5">{item.quantity}</span>
                  )}
                </Td>
                <Td numeric className="py-1.5">
                  {onDiscount ? (
                    <button
                      type="button"
                      className={cellButton}
                      onClick={() => onDiscount(item)}
                      aria-label={`Amount of ${label}: ${formatAmount(grossAmount(item))}. Discount`}
                    >
                      {formatAmount(grossAmount(item))}
                    </button>
                  ) : (
                    <span className="inline-block py-1.5">{formatAmount(grossAmount(item))}</span>
                  )}
                  {item.discount ? (
                    <span className="block px-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
                      {formatAmount(negateSen(item.discount.amount))}
                    </span>
                  ) : null}
                </Td>
                <Td className="py-1.5 text-right">
                  <button
                    type="button"
                    onClick={() => cart.remove(item.sku)}
                    aria-label={`Remove ${label}`}
                    className="inline-grid size-11 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300"
                  >
                    <Icon name="trash" />
                  </button>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {isEmpty ? (
        <EmptyState icon="receipt" title="The cart is empty" hint={emptyHint ?? 'Tap a tile to add it.'} />
      ) : null}
    </div>
  );
});
