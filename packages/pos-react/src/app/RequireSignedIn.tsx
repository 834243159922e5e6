import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../hooks/useSession';
import type { SignInRedirectState } from './signInRedirect';

/**
 * Guards every route but /signin (spec section 2): a visitor who is not signed in goes to /signin
 * and the origin is remembered. A user signed out while using the app (Logout, a 403, cancelling
 * the 'New Shift' dialog) lands on / (which then shows /signin).
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isSignedIn } = useSession();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  if (isSignedIn) {
    wasSignedIn.current = true;
    return children;
  }
  if (wasSignedIn.current) return <Navigate to="/" replace />;
  const state: SignInRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to="/signin" replace state={state} />;
}
