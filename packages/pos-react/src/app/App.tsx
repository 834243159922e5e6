import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppearanceProvider } from '../appearance/AppearanceProvider';
import { PairingGate } from '../pairing/PairingGate';
import { TerminalWatch } from '../pairing/TerminalWatch';
import { PosProvider } from '../pos/PosProvider';
import { AppRoutes } from './AppRoutes';

/** The customer-facing display (/display): loaded only there. */
const DisplayScreen = lazy(() =>
  import('../display/DisplayScreen').then((module) => ({ default: module.DisplayScreen })),
);

/**
 * The cashier app: the device's terminal (paired at /pair, see `PairingGate`), one `Pos` for everything below, acting
 * as that terminal and store, and the routes. A new pairing makes a new `Pos`. A navigation renders the next screen at
 * once (not as a transition): the screens are light, and what a redirect lands on (the sign-in form with its focus)
 * is there as soon as the address has changed. `/display` stands outside: a tablet that shows a till's sale is no
 * terminal and nobody signs in there (it pairs with a till by the till's code).
 */
export function App() {
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route
          path="/display"
          element={
            <AppearanceProvider>
              <Suspense fallback={null}>
                <DisplayScreen />
              </Suspense>
            </AppearanceProvider>
          }
        />
        <Route
          path="*"
          element={
            <PairingGate>
              {(pairing, unpair) => (
                <PosProvider key={`${pairing.terminal}@${pairing.store}`} pairing={pairing}>
                  <TerminalWatch onUnregistered={unpair} />
                  <AppRoutes />
                </PosProvider>
              )}
            </PairingGate>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
