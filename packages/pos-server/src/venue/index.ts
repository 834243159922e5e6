export { venueRoutes } from './routes';
export { createVenueSource, readVenueSettings, shareVenueTimeZoneLock } from './venueSettings';
