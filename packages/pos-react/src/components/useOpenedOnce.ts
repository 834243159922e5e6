import { useState } from 'react';

/**
 * True from the first time `open` is true, and from then on: a dialog loaded lazily is mounted
 * (and its code fetched) when it is first opened, then stays mounted, as the eager ones do (its
 * closing, its state).
 *
 * @example const used = useOpenedOnce(dialog?.kind === 'discount');
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state, set while rendering: no extra commit, no effect.
  if (open && !opened) setOpened(true);
  return opened || open;
}
