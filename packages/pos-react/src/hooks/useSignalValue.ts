import type { ReadonlySignal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';

/**
 * The current value of an SDK signal; the component re-renders when it changes.
 *
 * @example const loading = useSignalValue(pos.catalog.loading);
 */
export function useSignalValue<T>(signal: ReadonlySignal<T>): T {
  useSignals();
  return signal.value;
}
