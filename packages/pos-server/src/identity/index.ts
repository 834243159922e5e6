/**
 * Signing in: the reference identity provider's password sign-in, the exchange of its identity token for a user
 * token bound to a registered terminal, and sign-out.
 */
export { identityRoutes } from './routes';
