import type { Pos } from 'pos-sdk';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { announceAppStarted, browserHardware } from './browserHardware';
import { createBrowserPos } from './createBrowserPos';
import { PosContext } from './PosContext';
import { prepareOfflineAfterLoad } from './prepareOfflineAfterLoad';

/** Props of {@link PosProvider}. */
export interface PosProviderProps {
  children: ReactNode;
  /** Makes the instance; default {@link createBrowserPos} with the page's hardware (tests inject one). */
  create?: () => Pos;
}

/**
 * Creates ONE `Pos` for the app (in a `useState` initializer), disposes it when unmounted, tells
 * the desktop shell the app has started, and gets the terminal ready for an outage once the page
 * has loaded. Screens reach it with `usePos()`.
 */
export function PosProvider({ children, create }: PosProviderProps) {
  const make = useRef(create ?? (() => createBrowserPos(browserHardware()))).current;
  const [pos, setPos] = useState<Pos>(make);
  // React's StrictMode runs effects twice in development: an instance disposed by the first
  // cleanup is replaced, never used again.
  const disposed = useRef(new WeakSet<Pos>());

  useEffect(() => {
    if (disposed.current.has(pos)) {
      setPos(make());
      return;
    }
    announceAppStarted(pos.hardware);
    const stopPreparing = prepareOfflineAfterLoad(pos);
    return () => {
      stopPreparing();
      disposed.current.add(pos);
      pos.dispose();
    };
  }, [pos, make]);

  return <PosContext.Provider value={pos}>{children}</PosContext.Provider>;
}
