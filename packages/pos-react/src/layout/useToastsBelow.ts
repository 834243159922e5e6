import { type RefObject, useLayoutEffect } from 'react';

/**
 * Starts the toast stack below `ref`'s element (the cart's column headers and its Clear all), so a
 * toast never covers them. Sets `--pos-toasts-top` while the element is shown; kept in step with
 * its size and the window's; cleared when it leaves.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () => {
      const bottom = Math.round(element.getBoundingClientRect().bottom);
      root.style.setProperty('--pos-toasts-top', `${Math.max(bottom, 0) + 8}px`);
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty('--pos-toasts-top');
    };
  }, [ref]);
}
