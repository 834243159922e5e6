import { batch, computed, signal } from '@preact/signals-core';
import type { ApiClient } from '../api';
import type { CallOptions } from '../api/ApiConfig';
import { signalOnly, throwIfAborted } from '../api/aborted';
import type { UserProfile } from '../contract';
import { AuthError } from '../errors/AuthError';
import { FormError } from '../errors/FormError';
import { NetworkError } from '../errors/NetworkError';
import { toPosError } from '../errors/toPosError';
import { personName } from '../rules/displayText';
import { validateLogin } from '../rules/loginForm';
import { MESSAGES } from '../rules/messages';
import type { StorageAdapter } from '../storage/StorageAdapter';
import type { IdentityProvider } from './IdentityProvider';
import type { SessionService, SignOutReason } from './SessionService';
import { isRecord, readStored, STORAGE_KEYS, writeStored } from './storageKeys';

/** What the session persists (spec section 3: the user id and email are also stored locally). */
interface StoredSession {
  readonly token: string;
  readonly userId: string;
  readonly email: string;
  readonly profile: UserProfile | null;
  /** The terminal and its store, as admin_login said (absent in sessions stored before it said so). */
  readonly terminal?: { readonly _id: string; readonly store: string };
}

/** The session service plus the hooks `createPos` wires the other services with. */
export interface SessionController extends SessionService {
  /** Registers what sign-out must clear (shift, cart, tenders...). */
  onSignOut(clear: (reason: SignOutReason) => void): void;
  /** The signed-in staff member's display name ('Ana Cashier'), for printed documents. */
  staffName(): string | undefined;
}

/** Dependencies of {@link createSession}. */
export interface SessionDependencies {
  readonly api: ApiClient;
  readonly identity: IdentityProvider;
  readonly storage: StorageAdapter;
}

function isStoredSession(value: unknown): value is StoredSession {
  return (
    isRecord(value) &&
    typeof value.token === 'string' &&
    typeof value.userId === 'string' &&
    typeof value.email === 'string' &&
    (value.profile === null || isRecord(value.profile))
  );
}

/** The stored terminal, when it has the shape admin_login gives. */
function readTerminal(value: unknown): { _id: string; store: string } | null {
  if (!isRecord(value) || typeof value._id !== 'string' || typeof value.store !== 'string') return null;
  return { _id: value._id, store: value.store };
}

/** Creates the session service (spec sections 3, 4 and 6). */
export function createSession({ api, identity, storage }: SessionDependencies): SessionController {
  const token = signal<string | null>(null);
  const authUser = signal<string | null>(null);
  const userProfile = signal<UserProfile | null>(null);
  const email = signal<string | null>(null);
  const terminal = signal<{ readonly _id: string; readonly store: string } | null>(null);
  const loader = signal(false);
  const alertMessage = signal('');
  const showMessage = signal(false);
  const isSignedIn = computed(() => token.value !== null && authUser.value !== null);
  const clearers: ((reason: SignOutReason) => void)[] = [];

  const signOut = (reason: SignOutReason = 'user', options?: CallOptions): Promise<boolean> => {
    const ended = token.value;
    batch(() => {
      token.value = null;
      authUser.value = null;
      userProfile.value = null;
      email.value = null;
      terminal.value = null;
      storage.remove(STORAGE_KEYS.session);
      for (const clear of clearers) clear(reason);
    });
    // A 403 sign-out: the server has ended the token already. The cashier's own sign-out ends it there too.
    if (reason !== 'user' || ended === null) return Promise.resolve(true);
    return api.signOut({ ...signalOnly(options), token: ended }).then(
      () => true,
      (error: unknown) => error instanceof AuthError, // 403: it had ended already
    );
  };

  const signIn = async (address: string, password: string, options?: CallOptions): Promise<UserProfile> => {
    throwIfAborted(options);
    const form = validateLogin({ email: address, password });
    if (!form.ok) throw FormError.fromFields(form.errors);
    batch(() => {
      loader.value = true;
      showMessage.value = false;
      alertMessage.value = '';
    });
    try {
      const identityResult = await identity.signIn(
        form.value.email,
        form.value.password,
        signalOnly(options),
      );
      const login = await api.adminLogin({ idToken: identityResult.idToken }, signalOnly(options));
      const stored: StoredSession = {
        token: login.userToken,
        userId: login.profile._id,
        email: login.profile.email || identityResult.email,
        profile: login.profile,
        ...(login.terminal === undefined ? {} : { terminal: login.terminal }),
      };
      writeStored(storage, STORAGE_KEYS.session, stored);
      batch(() => {
        token.value = stored.token;
        authUser.value = stored.userId;
        email.value = stored.email;
        userProfile.value = login.profile;
        terminal.value = login.terminal ?? null;
        loader.value = false;
      });
      return login.profile;
    } catch (error) {
      const failure = toPosError(error);
      // A sign-in the app gave up on is no failure to show on the login screen.
      if (failure.code === 'aborted') {
        loader.value = false;
        throw failure;
      }
      batch(() => {
        loader.value = false;
        alertMessage.value = failure instanceof NetworkError ? MESSAGES.serverNotResponding : failure.message;
        showMessage.value = true;
      });
      throw failure;
    }
  };

  const restore = (): boolean => {
    const stored = readStored(storage, STORAGE_KEYS.session);
    if (!isStoredSession(stored)) return false;
    batch(() => {
      token.value = stored.token;
      authUser.value = stored.userId;
      email.value = stored.email;
      userProfile.value = stored.profile;
      terminal.value = readTerminal(stored.terminal);
    });
    return true;
  };

  return {
    authUser,
    userProfile,
    email,
    terminal,
    loader,
    alertMessage,
    showMessage,
    isSignedIn,
    signIn,
    signOut,
    restore,
    ensureProfile: () => {
      if (userProfile.value !== null && isSignedIn.value) return true;
      // Spec section 6: with no profile present, the user menu triggers sign-out.
      if (token.value !== null || authUser.value !== null) signOut();
      return false;
    },
    hideMessage: () => {
      showMessage.value = false;
    },
    getToken: () => token.value ?? undefined,
    onSignOut: (clear) => {
      clearers.push(clear);
    },
    staffName: () => {
      const profile = userProfile.value;
      return profile ? personName(profile.name) : undefined;
    },
  };
}
