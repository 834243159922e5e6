import { useSignals } from '@preact/signals-react/runtime';
import type { SessionService, UserProfile } from 'pos-sdk';
import { usePos } from './usePos';

/** What {@link useSession} returns: the auth state (spec section 3) and the service for actions. */
export interface SessionState {
  readonly isSignedIn: boolean;
  readonly authUser: string | null;
  readonly userProfile: UserProfile | null;
  readonly email: string | null;
  /** True while signing in (the Sign In button's loader). */
  readonly loader: boolean;
  readonly alertMessage: string;
  readonly showMessage: boolean;
  /** 'Ana Cashier', or '' without a profile. */
  readonly displayName: string;
  /** `signIn`, `signOut`, `ensureProfile`, `hideMessage`. */
  readonly session: SessionService;
}

/** The signed-in staff member and the sign-in state; re-renders when they change. */
export function useSession(): SessionState {
  useSignals();
  const { session } = usePos();
  const profile = session.userProfile.value;
  return {
    isSignedIn: session.isSignedIn.value,
    authUser: session.authUser.value,
    userProfile: profile,
    email: session.email.value,
    loader: session.loader.value,
    alertMessage: session.alertMessage.value,
    showMessage: session.showMessage.value,
    displayName: profile ? `${profile.name.first} ${profile.name.last}`.trim() : '',
    session,
  };
}
