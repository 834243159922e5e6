import type { VenueSettings, VenueSettingsUpdate } from 'pos-sdk/contract';
import { formatAmount, fromRinggit, isNegative, parseRinggit, toRinggit } from 'pos-sdk/money';
import { formatTaxRate } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** Options of `pos settings set`, one per venue setting. */
export interface SettingsSetOptions {
  readonly name?: string;
  readonly address?: string;
  readonly registrationNo?: string;
  readonly phone?: string;
  readonly receiptFooter?: string;
  readonly timeZone?: string;
  readonly currency?: string;
  readonly holdMinDays?: string;
  readonly holdMaxDays?: string;
  /** `allow` or `refuse`. */
  readonly stockBelowZero?: string;
  /** `yes` or `no`. */
  readonly pricesIncludeTax?: string;
  readonly sstNo?: string;
  /** Seconds after an entry during which its terminal may undo it. */
  readonly entryUndoSeconds?: string;
  /** Ringgit, e.g. `5` or `12.50`. */
  readonly varianceAlert?: string;
  /** `yes` or `no`. */
  readonly blindCount?: string;
  /** The SKU of the merchandise variant that is a membership hold's fee; '' for none. */
  readonly holdFeeSku?: string;
}

const LABELS: Readonly<Record<keyof VenueSettings, string>> = {
  name: 'Venue name',
  address: 'Address',
  registration_no: 'Registration no',
  phone: 'Phone',
  receipt_footer: 'Receipt footer',
  time_zone: 'Time zone',
  currency_display: 'Currency display',
  hold_min_days: 'Hold, fewest days',
  hold_max_days: 'Hold, most days',
  stock_below_zero: 'Stock below zero',
  prices_include_tax: 'Prices include tax',
  sst_registration_no: 'SST registration no',
  tax_codes: 'Tax codes',
  entry_undo_seconds: 'Entry undo, seconds',
  variance_alert: 'Variance alert, RM',
  blind_count: 'Blind count',
  hold_fee_sku: 'Hold fee SKU',
};

/** A whole number of days from an option, or a usage error naming it. */
function daysOption(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${flag} must be a whole number of days, e.g. 7`);
  return Number(text.trim());
}

function printSettings(ctx: CliContext, settings: VenueSettings): void {
  if (ctx.json) {
    ctx.printJson(settings);
    return;
  }
  ctx.print(
    renderTable(
      ['SETTING', 'VALUE'],
      (Object.keys(LABELS) as (keyof VenueSettings)[]).map((key) => [
        LABELS[key],
        key === 'variance_alert'
          ? formatAmount(fromRinggit(settings.variance_alert ?? 5))
          : key === 'tax_codes'
            ? (settings.tax_codes ?? [])
                .map((code) => `${code.code} ${formatTaxRate(code.rate_bp)}`)
                .join(', ')
            : typeof settings[key] === 'boolean'
              ? settings[key]
                ? 'yes'
                : 'no'
              : String(settings[key] ?? ''),
      ]),
      { color: ctx.color },
    ),
  );
}

/** `pos settings get`: the venue's settings (any staff member may read them). */
export async function settingsGet(ctx: CliContext): Promise<void> {
  printSettings(ctx, await ctx.signedIn().venue.load());
}

/** `pos settings set --name ... --time-zone ...`: a manager changes some settings (not the time zone during a shift). */
export async function settingsSet(ctx: CliContext, options: SettingsSetOptions): Promise<void> {
  const changes: { -readonly [K in keyof VenueSettingsUpdate]: VenueSettingsUpdate[K] } = {
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.address === undefined ? {} : { address: options.address }),
    ...(options.registrationNo === undefined ? {} : { registration_no: options.registrationNo }),
    ...(options.phone === undefined ? {} : { phone: options.phone }),
    ...(options.receiptFooter === undefined ? {} : { receipt_footer: options.receiptFooter }),
    ...(options.timeZone === undefined ? {} : { time_zone: options.timeZone }),
    ...(options.currency === undefined ? {} : { currency_display: options.currency }),
  };
  const minDays = daysOption('--hold-min-days', options.holdMinDays);
  const maxDays = daysOption('--hold-max-days', options.holdMaxDays);
  if (minDays !== undefined) changes.hold_min_days = minDays;
  if (maxDays !== undefined) changes.hold_max_days = maxDays;
  if (options.stockBelowZero !== undefined) {
    const policy = options.stockBelowZero.trim().toLowerCase();
    if (policy !== 'allow' && policy !== 'refuse')
      throw new UsageError('--stock-below-zero must be allow or refuse');
    changes.stock_below_zero = policy;
  }
  if (options.pricesIncludeTax !== undefined) {
    const answer = options.pricesIncludeTax.trim().toLowerCase();
    if (answer !== 'yes' && answer !== 'no') throw new UsageError('--prices-include-tax must be yes or no');
    changes.prices_include_tax = answer === 'yes';
  }
  if (options.sstNo !== undefined) changes.sst_registration_no = options.sstNo;
  if (options.entryUndoSeconds !== undefined) {
    if (!/^\d+$/.test(options.entryUndoSeconds.trim())) {
      throw new UsageError('--entry-undo-seconds must be a whole number of seconds, 0 to 3600');
    }
    changes.entry_undo_seconds = Number(options.entryUndoSeconds.trim());
  }
  if (options.varianceAlert !== undefined) {
    const alert = parseRinggit(options.varianceAlert.trim());
    if (alert === undefined || isNegative(alert)) {
      throw new UsageError('--variance-alert must be an amount in ringgit, e.g. 5 or 12.50');
    }
    changes.variance_alert = toRinggit(alert);
  }
  if (options.blindCount !== undefined) {
    const answer = options.blindCount.trim().toLowerCase();
    if (answer !== 'yes' && answer !== 'no') throw new UsageError('--blind-count must be yes or no');
    changes.blind_count = answer === 'yes';
  }
  if (options.holdFeeSku !== undefined) changes.hold_fee_sku = options.holdFeeSku.trim();
  if (Object.keys(changes).length === 0) {
    throw new UsageError('nothing to change: give at least one setting, e.g. --name "Demo Climbing Gym"');
  }
  const pos = ctx.signedIn();
  const settings = await pos.api.settingsSet(changes);
  await pos.venue.load().catch(() => undefined); // this computer's receipts carry the new settings at once
  printSettings(ctx, settings);
}
