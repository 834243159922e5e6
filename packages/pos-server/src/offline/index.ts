export { useReservedTicketIds } from './reserveTicketIds';
export { offlineRoutes } from './routes';
