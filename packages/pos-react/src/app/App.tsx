import { BrowserRouter } from 'react-router';
import { PosProvider } from '../pos/PosProvider';
import { AppRoutes } from './AppRoutes';

/**
 * The cashier app: one `Pos` for everything below, and the routes. A navigation renders the next
 * screen at once (not as a transition): the screens are light, and what a redirect lands on (the
 * sign-in form with its focus) is there as soon as the address has changed.
 */
export function App() {
  return (
    <PosProvider>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </PosProvider>
  );
}
