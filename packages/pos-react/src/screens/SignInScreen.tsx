import { ValidationError } from 'pos-sdk';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { landingAfterSignIn } from '../app/signInRedirect';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { WelcomeCard } from '../components/WelcomeCard';
import { usePos } from '../hooks/usePos';
import { useSession } from '../hooks/useSession';

/** How long the login screen shows the alert before hiding it (spec section 9: 100 ms). */
const ALERT_HIDE_DELAY_MS = 100;

/**
 * /signin (spec section 2): email and password, Sign In with its loader, the spec's validation
 * messages under the fields and the authentication alert message as an error toast. A signed-in
 * user with a profile goes on to /main (or the remembered origin).
 */
export function SignInScreen() {
  const pos = usePos();
  const { isSignedIn, userProfile, loader } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'email' | 'password', string>>>({});

  if (isSignedIn && userProfile) return <Navigate to={landingAfterSignIn(location.state)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loader) return;
    setErrors({});
    try {
      await pos.session.signIn(email, password);
      navigate(landingAfterSignIn(location.state), { replace: true });
    } catch (error) {
      if (error instanceof ValidationError) {
        setErrors(Object.fromEntries(error.details.map((issue) => [issue.path, issue.message])));
        return;
      }
      // The authentication alert message (spec section 8), hidden again after 100 ms.
      pos.notices.push({ kind: 'error', message: pos.session.alertMessage.value || String(error) });
      window.setTimeout(() => pos.session.hideMessage(), ALERT_HIDE_DELAY_MS);
    }
  };

  return (
    <WelcomeCard title="Sign in" subtitle="Staff sign-in to the point of sale">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <Button type="submit" variant="primary" size="lg" loading={loader} className="mt-2 w-full">
          Sign In
        </Button>
      </form>
    </WelcomeCard>
  );
}
