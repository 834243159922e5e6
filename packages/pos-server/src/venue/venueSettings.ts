import type { Kysely } from 'kysely';
import type { VenueSettings, VenueSettingsUpdate } from 'pos-sdk/contract';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, sen, toRinggit } from 'pos-sdk/money';
import { DEFAULT_HOLD_LIMITS, DEFAULT_VARIANCE_ALERT, HOLD_MESSAGES } from 'pos-sdk/rules';
import { type Actor, recordAudit } from '../audit';
import type { Config } from '../config';
import { lockName } from '../db/advisoryLock';
import type { Database, Db, Flag } from '../db/Database';
import { isPostgres } from '../db/dialect';
import type { VenueSource } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';

/** The currency symbol receipts show until a manager sets another. */
export const DEFAULT_CURRENCY_DISPLAY = 'RM';

/** How long after an entry its terminal may undo it when the venue has not set it, in seconds. */
export const DEFAULT_ENTRY_UNDO_SECONDS = 60;

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
    hold_min_days: DEFAULT_HOLD_LIMITS.minDays,
    hold_max_days: DEFAULT_HOLD_LIMITS.maxDays,
    stock_below_zero: 'allow',
    prices_include_tax: true,
    sst_registration_no: '',
    tax_codes: [],
    entry_undo_seconds: DEFAULT_ENTRY_UNDO_SECONDS,
    variance_alert: toRinggit(DEFAULT_VARIANCE_ALERT),
    blind_count: false,
    hold_fee_sku: '',
  };
}

/** The columns of {@link VenueSettings} in `venue_settings`. */
const SETTINGS_COLUMNS = [
  'name',
  'address',
  'registration_no',
  'phone',
  'receipt_footer',
  'time_zone',
  'currency_display',
  'hold_min_days',
  'hold_max_days',
  'stock_below_zero',
  'prices_include_tax',
  'sst_registration_no',
  'entry_undo_seconds',
  'variance_alert',
  'blind_count',
  'hold_fee_sku',
] as const;

/** A settings row as the table stores it: flags 0 or 1, the variance alert in sen. */
type SettingsRow = Omit<
  VenueSettings,
  'prices_include_tax' | 'blind_count' | 'variance_alert' | 'tax_codes'
> & {
  prices_include_tax: number;
  blind_count: number;
  variance_alert: number;
};

/** The stored row as the wire's settings (without the tax codes, which are not settings: see readVenueSettings). */
function settingsOfRow(row: SettingsRow): VenueSettings {
  return {
    ...row,
    tax_codes: [],
    prices_include_tax: row.prices_include_tax === 1,
    blind_count: row.blind_count === 1,
    variance_alert: toRinggit(sen(row.variance_alert)),
  };
}

/** A flag as the table stores it. */
const flag = (value: boolean): Flag => (value ? 1 : 0);

/** Changes as the table stores them. */
function rowOfChanges<
  T extends {
    prices_include_tax?: boolean | undefined;
    blind_count?: boolean | undefined;
    variance_alert?: number | undefined;
    tax_codes?: unknown;
  },
>(changes: T) {
  const {
    prices_include_tax: included,
    blind_count: blind,
    variance_alert: alert,
    tax_codes: _codes,
    ...rest
  } = changes;
  return {
    ...rest,
    ...(included === undefined ? {} : { prices_include_tax: flag(included) }),
    ...(blind === undefined ? {} : { blind_count: flag(blind) }),
    ...(alert === undefined ? {} : { variance_alert: fromRinggit(alert) }),
  };
}

/** The venue's settings: the stored row of the store, else the defaults (`POS_TIMEZONE` for the time zone). */
export async function readVenueSettings(
  db: Db,
  config: Pick<Config, 'store' | 'timeZone'>,
  options: { forUpdate?: boolean } = {},
): Promise<VenueSettings> {
  const query = db.selectFrom('venue_settings').select(SETTINGS_COLUMNS).where('store', '=', config.store);
  const row = await (options.forUpdate === true ? query.forUpdate() : query).executeTakeFirst();
  const settings = row === undefined ? defaultVenueSettings(config) : settingsOfRow(row);
  return { ...settings, tax_codes: await taxCodesOf(db, config.store) };
}

/** The store's tax codes, by code: the tills compute their carts' tax with them. */
async function taxCodesOf(db: Db, store: string): Promise<VenueSettings['tax_codes']> {
  const rows = await db
    .selectFrom('tax_codes')
    .select(['code', 'name', 'rate_bp', 'type'])
    .where('store', '=', store)
    .orderBy('code')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    rate_bp: Number(row.rate_bp),
    type: row.type as VenueSettings['tax_codes'][number]['type'],
  }));
}

/** The name locked ({@link lockName}) by a time-zone change and shared by a start_shift that opens a shift. */
const timeZoneLockName = (store: string) => ['venue', 'time_zone', store];

/**
 * On PostgreSQL, shares the store's time-zone lock until the caller's transaction ends; start_shift takes it before
 * it inserts a shift. A time-zone change that has already found no open shift holds it exclusively, so the new shift
 * waits for the change to commit (and opens in the new zone); a change that comes later waits for the shift to
 * commit, finds it open and is refused. Without it, under READ COMMITTED, a shift could open between the change's
 * check and its write, open across the change. Shared, so start_shifts do not wait for each other. A named lock rather
 * than the `venue_settings` row, which does not exist until the venue's first settings save.
 */
export async function shareVenueTimeZoneLock(db: Db, store: string): Promise<void> {
  await lockName(db, timeZoneLockName(store), 'shared');
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
 * On PostgreSQL (READ COMMITTED) concurrent saves must not lose each other's fields nor let a shift open across a
 * time-zone change: the settings row is read `FOR UPDATE` (a concurrent save waits and then reads this one's
 * values), the upsert writes only the changed columns (two first saves, when there is no row to lock yet, keep both),
 * and a time-zone change holds the store's time-zone lock exclusively from its check for open shifts to its commit
 * (start_shift shares it: {@link shareVenueTimeZoneLock}).
 *
 * @returns the settings before and after, for the audit log.
 * @throws {HttpProblem} 409 for a time zone change while a shift is open; 400 for a hold fee SKU that is no
 *   merchandise variant of the store's catalogue.
 */
export async function updateVenueSettings(
  db: Db,
  config: Pick<Config, 'store' | 'timeZone'>,
  changes: VenueSettingsUpdate,
  options: { by: string; now: Date },
): Promise<{ before: VenueSettings; after: VenueSettings }> {
  const postgres = isPostgres(db);
  const before = await readVenueSettings(db, config, { forUpdate: postgres });
  if (changes.time_zone !== undefined && changes.time_zone !== before.time_zone) {
    await lockName(db, timeZoneLockName(config.store));
    const open = await db
      .selectFrom('shifts')
      .select('id')
      .where('store', '=', config.store)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (open !== undefined) throw HttpProblem.conflict(BACK_OFFICE_MESSAGES.timeZoneWhileShiftOpen);
  }
  const minDays = changes.hold_min_days ?? before.hold_min_days;
  const maxDays = changes.hold_max_days ?? before.hold_max_days;
  if (minDays > maxDays) {
    const path = changes.hold_min_days === undefined ? 'hold_max_days' : 'hold_min_days';
    throw HttpProblem.rule(HOLD_MESSAGES.limitsOrder, [{ path, message: HOLD_MESSAGES.limitsOrder }]);
  }
  if (changes.hold_fee_sku !== undefined && changes.hold_fee_sku !== '') {
    // The fee is a merchandise variant of the store's catalogue: the venue prices it there, and tax applies as to any
    // line. Read here, not through the catalogue domain, which sits above the venue's.
    const variant = await db
      .selectFrom('merch_variants')
      .select('sku')
      .where('store', '=', config.store)
      .where('sku', '=', changes.hold_fee_sku)
      .executeTakeFirst();
    if (variant === undefined) {
      const message = HOLD_MESSAGES.feeSkuUnknown(changes.hold_fee_sku);
      throw HttpProblem.invalidRequest(message, [{ path: 'hold_fee_sku', message }]);
    }
  }
  const stamp = { updated_at: options.now.toISOString(), updated_by: options.by };
  const after = await db
    .insertInto('venue_settings')
    .values({ store: config.store, ...rowOfChanges(before), ...rowOfChanges(changes), ...stamp })
    .onConflict((conflict) => conflict.column('store').doUpdateSet({ ...rowOfChanges(changes), ...stamp }))
    .returning(SETTINGS_COLUMNS)
    .executeTakeFirstOrThrow()
    .then(settingsOfRow);
  return { before, after: { ...after, tax_codes: before.tax_codes } };
}

/** How long a time zone read from the database is reused. */
const TIME_ZONE_CACHE_MS = 2_000;

/**
 * settings_set: a manager's change of the venue's settings ({@link updateVenueSettings}), in one transaction with
 * the `settings.updated` audit entry (the changes and the settings before them).
 *
 * @returns the settings after the change.
 * @throws {HttpProblem} 409 for a time zone change while a shift is open.
 */
export async function changeVenueSettings(
  db: Kysely<Database>,
  config: Pick<Config, 'store' | 'timeZone'>,
  changes: VenueSettingsUpdate,
  actor: Actor,
): Promise<VenueSettings> {
  return db.transaction().execute(async (trx) => {
    const { before, after } = await updateVenueSettings(trx, config, changes, {
      by: actor.staffId,
      now: actor.now,
    });
    await recordAudit(trx, {
      action: 'settings.updated',
      staffId: actor.staffId,
      terminalId: actor.terminalId,
      at: actor.now,
      details: { changes, before },
    });
    return after;
  });
}

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

/** The venue's window for undoing an entry, in seconds (default {@link DEFAULT_ENTRY_UNDO_SECONDS}). */
export async function entryUndoSeconds(db: Db, config: Pick<Config, 'store'>): Promise<number> {
  const row = await db
    .selectFrom('venue_settings')
    .select('entry_undo_seconds')
    .where('store', '=', config.store)
    .executeTakeFirst();
  return row?.entry_undo_seconds ?? DEFAULT_ENTRY_UNDO_SECONDS;
}
