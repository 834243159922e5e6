import { type RefObject, useLayoutEffect } from 'react';
import { toastsContainer } from './toastsContainer';

/**
 * Starts the toast stack below `ref`'s element (the cart's column headers and its Clear all), so a
 * toast never covers them. Sets `--pos-toasts-top` while the element is shown; kept in step with
 * its size, the screen's and the window's; cleared when it leaves.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const container = toastsContainer();
    let top = '';
    const place = () => {
      const bottom = Math.round(element.getBoundingClientRect().bottom);
      const next = `${Math.max(bottom, 0) + 8}px`;
      if (next === top) return;
      top = next;
      container.style.setProperty('--pos-toasts-top', next);
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    // The element moves without changing size when a strip above it comes or goes (the offline
    // banner): the screen's area shrinks or grows then.
    const screen = document.getElementById('main');
    if (screen) observer.observe(screen);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      container.style.removeProperty('--pos-toasts-top');
    };
  }, [ref]);
}
