import type { Pos } from 'pos-sdk';
import type { DevicePairing } from 'pos-sdk/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { wakeSyncOnReturn } from '../sync/wakeSyncOnReturn';
import { announceAppStarted, browserHardware } from './browserHardware';
import { createBrowserPos } from './createBrowserPos';
import { displayAfterLoad } from './displayAfterLoad';
import { PosContext } from './PosContext';
import { prepareOfflineAfterLoad } from './prepareOfflineAfterLoad';

/** Props of {@link PosProvider}. */
export interface PosProviderProps {
  children: ReactNode;
  /** The terminal and store this device was paired with: the instance acts as them. */
  pairing: DevicePairing;
  /** Makes the instance; default {@link createBrowserPos} with the page's hardware and the pairing (tests inject one). */
  create?: () => Pos;
}

/**
 * Creates ONE `Pos` for the app (in a `useState` initializer), disposes it when unmounted, tells
 * the desktop shell the app has started, and gets the terminal ready for an outage once the page
 * has loaded. Screens reach it with `usePos()`.
 */
export function PosProvider({ children, create, pairing }: PosProviderProps) {
  const make = useRef(create ?? (() => createBrowserPos(browserHardware(), pairing))).current;
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
    const stopWaking = wakeSyncOnReturn(pos.sync);
    const stopDisplay = displayAfterLoad(pos);
    return () => {
      stopDisplay();
      stopPreparing();
      stopWaking();
      disposed.current.add(pos);
      pos.dispose();
    };
  }, [pos, make]);

  return <PosContext.Provider value={pos}>{children}</PosContext.Provider>;
}
