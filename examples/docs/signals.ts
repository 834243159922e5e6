import { computed, effect } from '@preact/signals-core';
import type { Pos } from 'pos-sdk';
import { formatRM } from 'pos-sdk/money';

/** Reads, derives and watches the SDK's read-only signals. Returns a function that stops watching. */
export function watchTerminal(pos: Pos, render: (line: string) => void): () => void {
  // Read the current value at any time.
  render(`Signed in: ${pos.session.isSignedIn.value}`);

  // Derive your own state; it updates when the SDK's signals change.
  const totalLine = computed(
    () => `${pos.cart.numItems.value} items, TOTAL ${formatRM(pos.cart.subtotal.value)}`,
  );

  // Run a side effect whenever what it reads changes (it runs once at once).
  const stopTotal = effect(() => render(totalLine.value));

  // Or subscribe to a single signal.
  const stopShort = pos.checkout.isShort.subscribe((isShort) => {
    if (isShort) render(`Short by ${formatRM(pos.checkout.shortBy.value)}`);
  });

  // Toasts: every success, warning and error the services raise, once each.
  const stopNotices = pos.notices.subscribe((notice) => render(`${notice.kind}: ${notice.message}`));

  return () => {
    stopTotal();
    stopShort();
    stopNotices();
  };
}
