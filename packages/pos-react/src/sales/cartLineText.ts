import type { PosCartItem } from 'pos-sdk';
import { itemTitle } from 'pos-sdk/rules';

/** The discount note under a line's name: one wording everywhere (pos-sdk `discountNote`). */
export { discountNote } from 'pos-sdk/rules';

/** A cart line's name as the cart shows it: 'Day Pass - Adult', 'Grip Socks - M' (pos-sdk `itemTitle`). */
export function lineLabel(item: Pick<PosCartItem, 'name' | 'group'>): string {
  return itemTitle(item);
}
