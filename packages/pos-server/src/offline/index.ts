/**
 * Preparing a terminal for an outage: the offline policy, ticket ids reserved for it, and the tickets it may check
 * without the server; the sync conflicts' calls for managers (docs/offline.md).
 */
export { useReservedTicketIds } from './reserveTicketIds';
export { offlineRoutes } from './routes';
