import { Route, Routes } from 'react-router';
import { AppShell } from '../layout/AppShell';
import { LazyOrdersScreen } from '../screens/lazyOrdersScreen';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { PaymentScreen } from '../screens/PaymentScreen';
import { SalesScreen } from '../screens/SalesScreen';
import { SignInScreen } from '../screens/SignInScreen';
import { HomeRedirect } from './HomeRedirect';
import { RequireSignedIn } from './RequireSignedIn';
import { RootLayout } from './RootLayout';

/**
 * The routes of spec section 2: /signin, / (a redirect), /main, /payment, /orders; anything else
 * is the not-found page. Every route but /signin needs a signed-in user. Declared with react-router's
 * components (its declarative mode): the app uses no loader or action, and the data router would
 * add 14 KiB to the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/signin" element={<SignInScreen />} />
        <Route path="/" element={<HomeRedirect />} />
        <Route
          element={
            <RequireSignedIn>
              <AppShell />
            </RequireSignedIn>
          }
        >
          <Route path="/main" element={<SalesScreen />} />
          <Route path="/payment" element={<PaymentScreen />} />
          <Route path="/orders" element={<LazyOrdersScreen />} />
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Route>
    </Routes>
  );
}
