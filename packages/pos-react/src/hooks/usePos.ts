import type { Pos } from 'pos-sdk';
import { useContext } from 'react';
import { PosContext } from '../pos/PosContext';

/**
 * The app's one `Pos` instance (from `PosProvider`). Use its services' actions in event handlers;
 * read state through the `useX` hooks so the component re-renders when it changes.
 *
 * @example
 * const pos = usePos();
 * await pos.cart.add('DAY-ADULT', 2);
 */
export function usePos(): Pos {
  const pos = useContext(PosContext);
  if (!pos) throw new Error('usePos() needs a <PosProvider> above it');
  return pos;
}
