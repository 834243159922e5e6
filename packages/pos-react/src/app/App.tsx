import { BrowserRouter } from 'react-router';
import { PairingGate } from '../pairing/PairingGate';
import { TerminalWatch } from '../pairing/TerminalWatch';
import { PosProvider } from '../pos/PosProvider';
import { AppRoutes } from './AppRoutes';

/**
 * The cashier app: the device's terminal (paired at /pair, see `PairingGate`), one `Pos` for everything below, acting
 * as that terminal and store, and the routes. A new pairing makes a new `Pos`. A navigation renders the next screen at
 * once (not as a transition): the screens are light, and what a redirect lands on (the sign-in form with its focus)
 * is there as soon as the address has changed.
 */
export function App() {
  return (
    <BrowserRouter useTransitions={false}>
      <PairingGate>
        {(pairing, unpair) => (
          <PosProvider key={`${pairing.terminal}@${pairing.store}`} pairing={pairing}>
            <TerminalWatch onUnregistered={unpair} />
            <AppRoutes />
          </PosProvider>
        )}
      </PairingGate>
    </BrowserRouter>
  );
}
