import type { ApiClient } from '../api';
import { signalOnly } from '../api/aborted';
import type { IdentityProvider } from './IdentityProvider';

/**
 * The default {@link IdentityProvider}: the reference server's `POST /v1/identity/sign_in`
 * (email and password for an `idToken`), which `admin_login` then exchanges for the user token.
 *
 * @example
 * const pos = createPos({ api: { baseUrl }, identity: serverIdentityProvider(createApiClient({ baseUrl })) });
 */
export function serverIdentityProvider(api: Pick<ApiClient, 'signIn'>): IdentityProvider {
  return {
    signIn: async (email, password, options) => {
      const answer = await api.signIn({ email, password }, signalOnly(options));
      return { idToken: answer.idToken, email: answer.email };
    },
  };
}
