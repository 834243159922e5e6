import type { EventsService, PosEventListener, PosEventName, PosEvents } from './EventsService';

/** The events service plus what the services and `createPos` call. */
export interface EventsController extends EventsService {
  /** Tells every listener of `name`; a listener's error goes to `onError`, never to the caller. */
  emit<N extends PosEventName>(name: N, event: PosEvents[N]): void;
  /** Forgets every listener. */
  dispose(): void;
}

/** Where a listener's error goes by default. */
function logListenerError(error: unknown, name: PosEventName): void {
  console.error(`pos.events: a ${name} listener threw`, error);
}

/**
 * Creates the events of one terminal (see {@link EventsService}).
 *
 * @param onError told of a listener that threw (the event still reaches the other listeners).
 */
export function createEvents(
  onError: (error: unknown, name: PosEventName) => void = logListenerError,
): EventsController {
  const listeners = new Map<PosEventName, Set<(event: never) => void>>();
  return {
    subscribe: (name, listener) => {
      let named = listeners.get(name);
      if (named === undefined) {
        named = new Set();
        listeners.set(name, named);
      }
      const added = listener as (event: never) => void;
      named.add(added);
      return () => {
        named.delete(added);
      };
    },
    emit: (name, event) => {
      const named = listeners.get(name);
      if (named === undefined) return;
      for (const listener of [...named]) {
        try {
          (listener as PosEventListener<typeof name>)(event);
        } catch (error) {
          // An app's listener must not break the sale (or the cart, shift, sync) it is told about.
          try {
            onError(error, name);
          } catch {
            // the error hook itself failed: nothing left to tell
          }
        }
      }
    },
    dispose: () => listeners.clear(),
  };
}
