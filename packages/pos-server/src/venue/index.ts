/**
 * The venue's settings (name, address, time zone, currency…): read by every staff member and by the receipts,
 * changed by a manager, with the time zone cached for the routes.
 */
export { venueRoutes } from './routes';
export {
  createVenueSource,
  DEFAULT_ENTRY_UNDO_SECONDS,
  entryUndoSeconds,
  readVenueSettings,
  shareVenueTimeZoneLock,
} from './venueSettings';
