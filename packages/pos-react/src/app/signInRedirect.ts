/** What the guard leaves in the router state when it sends a signed-out visitor to /signin. */
export interface SignInRedirectState {
  /** The path (with query) the visitor asked for: the remembered origin. */
  readonly from?: string;
}

/** Where the app starts for a signed-in user when nothing else is remembered. */
export const HOME_PATH = '/main';

/** The remembered origin in a router state, if any. */
export function rememberedOrigin(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const from = (state as SignInRedirectState).from;
  return typeof from === 'string' ? from : undefined;
}

/**
 * Where a signed-in user goes from /signin or / (spec section 2): the remembered initial URL when
 * one is set and is not / or /signin, otherwise /main.
 */
export function landingAfterSignIn(state: unknown): string {
  const from = rememberedOrigin(state);
  if (from === undefined) return HOME_PATH;
  const path = from.split(/[?#]/)[0] ?? '';
  return path === '' || path === '/' || path === '/signin' ? HOME_PATH : from;
}
