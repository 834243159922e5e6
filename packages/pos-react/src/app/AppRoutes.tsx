import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { readKioskDevice } from '../kiosk/kioskDevice';
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

/** The self check-in kiosk (/kiosk): loaded only there, never with the cashier's screens. */
const KioskScreen = lazy(() =>
  import('../kiosk/KioskScreen').then((module) => ({ default: module.KioskScreen })),
);

/** The manager's back office (/admin): loaded only there, never with the cashier's screens. */
const AdminApp = lazy(() => import('../admin/AdminApp').then((module) => ({ default: module.AdminApp })));

/** /kiosk, lazily. */
const kioskRoute = (
  <Route
    path="/kiosk"
    element={
      <Suspense fallback={null}>
        <KioskScreen />
      </Suspense>
    }
  />
);

/**
 * The routes of spec section 2: /signin, / (a redirect), /main, /payment, /orders; anything else
 * is the not-found page. Every route but /signin needs a signed-in user. Declared with react-router's
 * components (its declarative mode): the app uses no loader or action, and the data router would
 * only add weight to the first load.
 */
export function AppRoutes() {
  // A device in kiosk mode has one screen: every address leads back to it (leaving takes a manager's PIN there).
  if (readKioskDevice() !== null) {
    return (
      <Routes>
        <Route element={<RootLayout />}>
          {kioskRoute}
          <Route path="*" element={<Navigate to="/kiosk" replace />} />
        </Route>
      </Routes>
    );
  }
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
        {kioskRoute}
        <Route path="/" element={<HomeRedirect />} />
        <Route
          path="/admin/*"
          element={
            <RequireSignedIn>
              <Suspense fallback={null}>
                <AdminApp />
              </Suspense>
            </RequireSignedIn>
          }
        />
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
