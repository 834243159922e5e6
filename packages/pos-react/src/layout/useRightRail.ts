import { useLayoutEffect } from 'react';
import { toastsContainer } from './toastsContainer';

/**
 * Tells the toasts how wide this screen's right-hand column is (TOTAL, Payment, Checkout), so on
 * wide screens they are centred left of it and never cover it. Cleared when the screen leaves.
 */
export function useRightRail(width: string): void {
  useLayoutEffect(() => {
    const container = toastsContainer();
    container.style.setProperty('--pos-rail', width);
    return () => {
      container.style.removeProperty('--pos-rail');
    };
  }, [width]);
}
