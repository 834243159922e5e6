import { addToDate, type Period, startOfVenueDate } from './venueCalendar';

/** When a ticket starts and stops being valid. */
export interface TicketValidity {
  /** Start of the visit's venue day (the wire `date`). */
  validFrom: Date;
  /** The visit day plus the pass's duration, at the venue's midnight (the wire `expiry`). */
  expiresAt: Date;
}

/**
 * A pass's validity from its visit date (`YYYY-MM-DD`, venue day) and duration: from the start of that venue day
 * to the start of the day `duration` later, so a 1 Day pass expires at the end of its visit day and a 1 Month
 * pass bought on 15 March is valid through 14 April.
 *
 * @example ticketValidity('2026-11-22', { value: 1, unit: 'Day' }, 'Asia/Kuala_Lumpur')
 *   // { validFrom: 2026-11-21T16:00:00Z, expiresAt: 2026-11-22T16:00:00Z }
 */
export function ticketValidity(visitDate: string, duration: Period, timeZone: string): TicketValidity {
  return {
    validFrom: startOfVenueDate(visitDate, timeZone),
    expiresAt: startOfVenueDate(addToDate(visitDate, duration), timeZone),
  };
}
