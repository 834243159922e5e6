import { BACK_OFFICE_MESSAGES } from 'pos-sdk';
import type { VenueSettings, VenueSettingsUpdate } from 'pos-sdk/contract';
import type { Config } from '../config';
import type { Db } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import type { VenueSource } from '../http/AppContext';

/** The currency symbol receipts show until a manager sets another. */
export const DEFAULT_CURRENCY_DISPLAY = 'RM';

/** The settings of a venue that has not set any: its store code as its name, the configured time zone. */
export function defaultVenueSettings(config: Pick<Config, 'store' | 'timeZone'>): VenueSettings {
  return {
    name: config.store,
    address: '',
    registration_no: '',
    phone: '',
    receipt_footer: '',
    time_zone: config.timeZone,
    currency_display: DEFAULT_CURRENCY_DISPLAY,
  };
}

/** The venue's settings: the stored row of the store, else the defaults (`POS_TIMEZONE` for the time zone). */
export async function readVenueSettings(
  db: Db,
  config: Pick<Config, 'store' | 'timeZone'>,
): Promise<VenueSettings> {
  const row = await db
    .selectFrom('venue_settings')
    .select([
      'name',
      'address',
      'registration_no',
      'phone',
      'receipt_footer',
      'time_zone',
      'currency_display',
    ])
    .where('store', '=', config.store)
    .executeTakeFirst();
  return row ?? defaultVenueSettings(config);
}

/**
 * The venue's time zone: what "today" means for sales, refunds, the order list and ticket dates. Read from the
 * database on every call, so every server instance sharing it agrees at once after a change.
 */
export async function venueTimeZone(db: Db, config: Pick<Config, 'store' | 'timeZone'>): Promise<string> {
  const row = await db
    .selectFrom('venue_settings')
    .select('time_zone')
    .where('store', '=', config.store)
    .executeTakeFirst();
  return row?.time_zone ?? config.timeZone;
}

/**
 * Changes some of the venue's settings (the others stay) and returns them all. The time zone cannot change while
 * any shift of the store is open: the shift's day, its report and its refunds are counted in one zone.
 *
 * @returns the settings before and after, for the audit log.
 * @throws {HttpProblem} 409 for a time zone change while a shift is open.
 */
export async function updateVenueSettings(
  db: Db,
  config: Pick<Config, 'store' | 'timeZone'>,
  changes: VenueSettingsUpdate,
  options: { by: string; now: Date },
): Promise<{ before: VenueSettings; after: VenueSettings }> {
  const before = await readVenueSettings(db, config);
  if (changes.time_zone !== undefined && changes.time_zone !== before.time_zone) {
    const open = await db
      .selectFrom('shifts')
      .select('id')
      .where('store', '=', config.store)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (open !== undefined) throw HttpProblem.conflict(BACK_OFFICE_MESSAGES.timeZoneWhileShiftOpen);
  }
  const after: VenueSettings = { ...before, ...changes };
  const values = { ...after, updated_at: options.now.toISOString(), updated_by: options.by };
  await db
    .insertInto('venue_settings')
    .values({ store: config.store, ...values })
    .onConflict((conflict) => conflict.column('store').doUpdateSet(values))
    .execute();
  return { before, after };
}

/** How long a time zone read from the database is reused. */
const TIME_ZONE_CACHE_MS = 2_000;

/** The {@link VenueSource} of an app: the time zone read from the database, cached for 2 seconds. */
export function createVenueSource(
  db: Db,
  config: Pick<Config, 'store' | 'timeZone'>,
  clock: () => Date,
): VenueSource {
  let cached: { zone: string; until: number } | undefined;
  return {
    async timeZone() {
      const now = clock().getTime();
      if (cached !== undefined && cached.until > now) return cached.zone;
      const zone = await venueTimeZone(db, config);
      cached = { zone, until: now + TIME_ZONE_CACHE_MS };
      return zone;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
