import { BrowserRouter } from 'react-router';
import { PosProvider } from '../pos/PosProvider';
import { AppRoutes } from './AppRoutes';

/** The cashier app: one `Pos` for everything below, and the routes. */
export function App() {
  return (
    <PosProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PosProvider>
  );
}
