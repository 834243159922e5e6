import type { CallOptions } from '../api/ApiConfig';

/**
 * The identity provider sign-in goes through (spec section 7): email and password for an
 * `idToken`, which `admin_login` exchanges for the user token.
 * The default, `serverIdentityProvider(api)`, calls the reference server's `/v1/identity/sign_in`.
 */
export interface IdentityProvider {
  /**
   * Authenticates staff credentials.
   * `options.signal` aborts it: reject with a `PosError` whose code is `'aborted'`.
   * @throws a `PosError` (code `invalid_credentials` for wrong credentials, `NetworkError` when unreachable).
   */
  signIn(email: string, password: string, options?: CallOptions): Promise<{ idToken: string; email: string }>;
}
