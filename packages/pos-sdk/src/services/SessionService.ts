import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { UserProfile } from '../contract';

/** Why the session ended: the cashier signed out, or the server refused the token (403). */
export type SignOutReason = 'user' | 'forbidden';

/**
 * Staff sign-in (spec sections 3, 4 and 6): auth state in the spec's names.
 * A 403 that ended the session signs out (wired once by `createPos`); a `not_permitted` 403 does not.
 * Every call takes `options.signal` as its last argument (see `CallOptions`).
 */
export interface SessionService {
  /** The signed-in user's id, or `null`. */
  readonly authUser: ReadonlySignal<string | null>;
  /** The signed-in user's profile, or `null`. */
  readonly userProfile: ReadonlySignal<UserProfile | null>;
  /** The signed-in user's email (stored locally), or `null`. */
  readonly email: ReadonlySignal<string | null>;
  /**
   * The terminal signed in on and the store it sells for, as the server's admin_login said (from the terminal's
   * registration), or `null` when signed out or the server did not say. A client that was given no store uses it.
   */
  readonly terminal: ReadonlySignal<{ readonly _id: string; readonly store: string } | null>;
  /** True while signing in. */
  readonly loader: ReadonlySignal<boolean>;
  /** The authentication alert message of the last failed sign-in ('' when none). */
  readonly alertMessage: ReadonlySignal<string>;
  /** Whether the alert message is shown. */
  readonly showMessage: ReadonlySignal<boolean>;
  /** Is a user signed in (a token and a user id)? */
  readonly isSignedIn: ReadonlySignal<boolean>;
  /**
   * Signs in: validates the form ('The input is not valid E-mail!', 'Please input your Password!'),
   * then the identity provider, then `admin_login`; stores token, user id, email and profile.
   * On failure sets `alertMessage` (the server's message or 'Server not responding') and `showMessage`.
   * @throws `FormError` (details per field) for an invalid form; the api's error otherwise
   *   (code `invalid_credentials` for a wrong email or password, a `NetworkError` when unreachable).
   */
  signIn(email: string, password: string, options?: CallOptions): Promise<UserProfile>;
  /**
   * Signs out: clears token, profile, shift, approval and the stored session. A cashier's own
   * sign-out (`'user'`, the default) also clears the cart and tenders; a forced one (`'forbidden'`,
   * a 403 `forbidden` from any call) keeps them, with the pending checkout's key, so a sale in progress is not
   * lost and its retry after signing in again cannot create a second order.
   * The local state is cleared at once; the cashier's own sign-out then revokes the token on the server
   * (`admin_logout`). The promise never rejects: it resolves true once the token is known to have ended on the
   * server, false when the server could not be reached (the token then ends at its expiry there).
   */
  signOut(reason?: SignOutReason, options?: CallOptions): Promise<boolean>;
  /**
   * Reloads a stored session (start-up). `createPos` calls it already.
   * @returns whether a session was found.
   */
  restore(): boolean;
  /** Signs out when signed in without a profile (spec section 6). @returns whether a profile is present. */
  ensureProfile(): boolean;
  /** Hides the alert message (the login screen does it 100 ms after showing it). */
  hideMessage(): void;
  /** The current user token (what the api client sends as Bearer), if any. */
  getToken(): string | undefined;
}
