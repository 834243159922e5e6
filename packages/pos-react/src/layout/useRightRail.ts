import { useLayoutEffect } from 'react';

/**
 * Tells the toasts how wide this screen's right-hand column is (TOTAL, Payment, Checkout), so on
 * wide screens they stack left of it and never cover it. Cleared when the screen leaves.
 */
export function useRightRail(width: string): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--pos-rail', width);
    return () => {
      root.style.removeProperty('--pos-rail');
    };
  }, [width]);
}
