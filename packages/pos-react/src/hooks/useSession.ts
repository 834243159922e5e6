import { useSignals } from '@preact/signals-react/runtime';
import type { SessionService } from 'pos-sdk';
import type { UserProfile } from 'pos-sdk/contract';
import { signalValues } from './signalValues';
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

/** The signed-in staff member and the sign-in state; re-renders when what the component reads changes. */
export function useSession(): SessionState {
  useSignals();
  const { session } = usePos();
  const values = signalValues(session, [
    'isSignedIn',
    'authUser',
    'userProfile',
    'email',
    'loader',
    'alertMessage',
    'showMessage',
  ]);
  // A getter too (Object.assign would read it at once): only a component showing the name reads the profile.
  return Object.defineProperty(Object.assign(values, { session }), 'displayName', {
    enumerable: true,
    get: () => {
      const profile = session.userProfile.value;
      return profile ? `${profile.name.first} ${profile.name.last}`.trim() : '';
    },
  }) as SessionState;
}
