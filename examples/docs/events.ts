import type { Pos } from 'pos-sdk';

/** Wires a terminal's events to an app's own bookkeeping; returns one function that unsubscribes them all. */
export function watchTerminal(pos: Pos, send: (name: string, data: object) => void): () => void {
  const stops = [
    pos.events.subscribe('saleCompleted', ({ order, idempotencyKey, offline }) => {
      // One sale, one key: an app that also receives the server's copy can match them by it.
      send('sale', {
        invoice: order.invoice?._id ?? 'pending',
        total: order.total_amount,
        idempotencyKey,
        offline,
      });
    }),
    pos.events.subscribe('cartChanged', ({ numItems, subtotal }) => {
      send('customer-display', { numItems, subtotalSen: subtotal });
    }),
    pos.events.subscribe('shiftStarted', ({ shift }) => send('shift-open', { id: shift._id })),
    pos.events.subscribe('shiftEnded', ({ report }) => send('shift-closed', { counted: report.counted })),
    pos.events.subscribe('syncDrained', ({ synced, refused }) => send('synced', { synced, refused })),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
