import { Navigate, useLocation } from 'react-router';
import { useSession } from '../hooks/useSession';
import { landingAfterSignIn } from './signInRedirect';

/** `/`: a signed-in user goes to /main (or the remembered initial URL), anyone else to /signin. */
export function HomeRedirect() {
  const { isSignedIn } = useSession();
  const location = useLocation();
  if (isSignedIn) return <Navigate to={landingAfterSignIn(location.state)} replace />;
  return <Navigate to="/signin" replace state={location.state} />;
}
