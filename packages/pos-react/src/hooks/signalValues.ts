import type { ReadonlySignal } from '@preact/signals-core';

/** The keys of `S` whose properties are signals. */
export type SignalKeys<S> = { [K in keyof S]-?: S[K] extends ReadonlySignal<unknown> ? K : never }[keyof S];

/** The current values of the signals `K` of `S`, read when a property is read. */
export type SignalValues<S, K extends SignalKeys<S>> = {
  readonly [P in K]: S[P] extends ReadonlySignal<infer T> ? T : never;
};

/**
 * An object whose property `key` is `source[key].value`, read only when the property is read (a
 * getter). A hook returns it after `useSignals()`, so a component subscribes to the signals it
 * reads while rendering, not to every signal of a service: `const { subtotal } = useCart()`
 * does not re-render when only the items' order changes.
 *
 * @example
 * useSignals();
 * return { ...signalValues(cart, ['items', 'subtotal']), cart }; // wrong: a spread reads them all
 * return Object.assign(signalValues(cart, ['items', 'subtotal']), { cart }); // right
 */
export function signalValues<S extends object, K extends SignalKeys<S>>(
  source: S,
  keys: readonly K[],
): SignalValues<S, K> {
  const values = {};
  for (const key of keys) {
    Object.defineProperty(values, key, {
      enumerable: true,
      get: () => (source[key] as ReadonlySignal<unknown>).value,
    });
  }
  return values as SignalValues<S, K>;
}
