import { createBrowserRouter } from 'react-router';
import { AppShell } from '../layout/AppShell';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { PaymentScreen } from '../screens/PaymentScreen';
import { SalesScreen } from '../screens/SalesScreen';
import { SignInScreen } from '../screens/SignInScreen';
import { HomeRedirect } from './HomeRedirect';
import { RequireSignedIn } from './RequireSignedIn';
import { RootLayout } from './RootLayout';

/**
 * The routes of spec section 2: /signin, / (a redirect), /main, /payment, /orders; anything else
 * is the not-found page. Every route but /signin needs a signed-in user.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/signin', element: <SignInScreen /> },
        { path: '/', element: <HomeRedirect /> },
        {
          element: (
            <RequireSignedIn>
              <AppShell />
            </RequireSignedIn>
          ),
          children: [
            { path: '/main', element: <SalesScreen /> },
            { path: '/payment', element: <PaymentScreen /> },
            {
              // Order history is loaded when first opened, not with the sales screen.
              path: '/orders',
              lazy: async () => ({ Component: (await import('../screens/OrdersScreen')).OrdersScreen }),
            },
            { path: '*', element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ]);
}
