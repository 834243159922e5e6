import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/Database';

/** The venue's settings as the routes read them. */
export interface VenueSource {
  /**
   * The venue's time zone (venue settings, else `POS_TIMEZONE`). Cached for at most 2 seconds; a change on this
   * instance is seen at once, on another instance within 2 seconds (and only while no shift is open anywhere).
   */
  timeZone(): Promise<string>;
  /** Forgets the cached value (after a change of the settings). */
  invalidate(): void;
}

/** What every route module gets: the database, the settings, the clock and the venue's settings. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  venue: VenueSource;
  /** The mail sender, when the app has one: routes wake it after a commit that queued mail. */
  mail?: { wake(): void };
  /**
   * The e-invoice sender, when e-invoicing is on and the sender runs in this process: routes wake it after queuing a
   * document, and work one document now on demand.
   */
  einvoiceSender?: { wake(): void; runRow(id: string): Promise<void> };
  /**
   * The public e-invoice request page of an order (`<POS_PUBLIC_URL>/e-invoice/<token>`), when e-invoicing is on
   * and the server knows its public address: orders on the wire carry it as `einvoice_request_url`.
   */
  einvoiceRequestUrl?: (orderId: string) => Promise<string>;
}
