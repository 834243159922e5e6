import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AppShell } from '../layout/AppShell';
import { LazyOrdersScreen } from '../screens/lazyOrdersScreen';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { PaymentScreen } from '../screens/PaymentScreen';
import { SalesScreen } from '../screens/SalesScreen';
import { HomeRedirect } from './HomeRedirect';
import { RequireSignedIn } from './RequireSignedIn';
import { RootLayout } from './RootLayout';

/**
 * Sign in, loaded when shown, not with the sales screen: it needs the server anyway, and a signed-in
 * terminal's first load (/main) is smaller without it (docs/performance.md). The service worker
 * keeps it cached.
 */
const SignInScreen = lazy(() =>
  import('../screens/SignInScreen').then((module) => ({ default: module.SignInScreen })),
);

/**
 * The routes of spec section 2: /signin, / (a redirect), /main, /payment, /orders; anything else
 * is the not-found page. Every route but /signin needs a signed-in user. Declared with react-router's
 * components (its declarative mode): the app uses no loader or action, and the data router would
 * only add weight to the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route
          path="/signin"
          element={
            <Suspense fallback={null}>
              <SignInScreen />
            </Suspense>
          }
        />
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
