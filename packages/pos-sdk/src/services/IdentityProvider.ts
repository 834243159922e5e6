/**
 * The identity provider sign-in goes through (spec section 7): email and password for an
 * `idToken`, which `admin_login` exchanges for the user token.
 * The default, `serverIdentityProvider(api)`, calls the reference server's `/v1/identity/sign_in`.
 */
export interface IdentityProvider {
  /**
   * Authenticates staff credentials.
   * @throws a `PosError` (`InvalidCredentialsError` for wrong credentials, `NetworkError` when unreachable).
   */
  signIn(email: string, password: string): Promise<{ idToken: string; email: string }>;
}
