/** A member's memberships: the lookup by email and the renewal, a sale of its own that extends the membership. */
export { membershipRoutes } from './routes';
