import { browserStorage, forgetDevicePairing, readDevicePairing, saveDevicePairing } from 'pos-sdk';
import type { DevicePairing } from 'pos-sdk/contract';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { Navigate, useLocation } from 'react-router';

/** The pairing screen, loaded only on a device that is not paired yet: a paired till's first load never carries it. */
const PairScreen = lazy(() => import('./PairScreen').then((module) => ({ default: module.PairScreen })));

/** Where a device goes once paired: the address it was opened at (kept through /pair), else `/`. */
function addressAfterPairing(state: unknown): string {
  const after = (state as { after?: unknown } | null)?.after;
  return typeof after === 'string' && after.startsWith('/') && !after.startsWith('/pair') ? after : '/';
}

/** Props of {@link PairingGate}. */
export interface PairingGateProps {
  /** The app of a paired device: its terminal and store, and how to forget them (the terminal was unregistered). */
  children: (pairing: DevicePairing, unpair: () => void) => ReactNode;
}

/**
 * Each device is its own terminal. A device that was never paired (nothing in its `localStorage`) shows `/pair`,
 * whatever the address; a paired one runs the app as its terminal and store, and leaves `/pair` for the address it was
 * first opened at (or `/`). Forgetting
 * the pairing (the terminal was unregistered) brings the device back to `/pair`.
 */
export function PairingGate({ children }: PairingGateProps) {
  const [pairing, setPairing] = useState(() => readDevicePairing(browserStorage(window.localStorage)));
  const location = useLocation();
  const { pathname } = location;
  const paired = useCallback((next: DevicePairing) => {
    saveDevicePairing(browserStorage(window.localStorage), next);
    setPairing(next);
  }, []);
  const unpair = useCallback(() => {
    forgetDevicePairing(browserStorage(window.localStorage));
    setPairing(null);
  }, []);
  if (pairing === null) {
    if (pathname !== '/pair') {
      const after = `${pathname}${location.search}${location.hash}`;
      return <Navigate to="/pair" replace state={{ after }} />;
    }
    return (
      <Suspense fallback={null}>
        <PairScreen onPaired={paired} />
      </Suspense>
    );
  }
  if (pathname === '/pair') return <Navigate to={addressAfterPairing(location.state)} replace />;
  return children(pairing, unpair);
}
