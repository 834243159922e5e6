import { lazy } from 'react';

/** Fetches order history's code (once; later calls get the same module). */
export function loadOrdersScreen() {
  return import('./OrdersScreen');
}

/**
 * Order history, loaded when first opened, not with the sales screen. The Menu's Order History
 * fetches it with {@link loadOrdersScreen} before it changes the URL, so /orders shows at once.
 */
export const LazyOrdersScreen = lazy(() =>
  loadOrdersScreen().then((module) => ({ default: module.OrdersScreen })),
);
