import { createDisplayPublisher, type DisplayPublisher, type Pos } from 'pos-sdk';

const publishers = new WeakMap<Pos, DisplayPublisher>();

/**
 * The till's publisher to its customer display on a tablet (one per `Pos`): the sender feeds it the sale, the
 * 'Customer display' dialog pairs and unpairs through it. Loaded with them, after the page has loaded.
 */
export function tillDisplayOf(pos: Pos): DisplayPublisher {
  let publisher = publishers.get(pos);
  if (publisher === undefined) {
    // A failed publish only delays the display: the sale never hears of it.
    publisher = createDisplayPublisher(pos.api, { onError: () => undefined });
    publishers.set(pos, publisher);
  }
  return publisher;
}
