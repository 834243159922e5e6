import type { ApiClient } from '../api';
import type { DoorDriver, HardwareDriver, PrintDocument } from '../hardware';
import type { DocumentHeader } from '../hardware/PrintDocument';
import type { HoldLimits } from '../rules/membershipHold';
import type { StockPolicy } from '../rules/stock';
import type { PriceMode, RuleTaxCode } from '../rules/tax';
import type { StorageAdapter } from '../storage/StorageAdapter';
import type { EventsController } from './events';
import type { NoticesController } from './notices';

/**
 * What every service shares inside one `Pos`: the api, storage, notices, driver, clock and
 * venue settings. Internal to the SDK.
 */
export interface ServiceContext {
  readonly api: ApiClient;
  readonly storage: StorageAdapter;
  readonly notices: NoticesController;
  /** The terminal's events (`pos.events`): services emit what happened, once it has. */
  readonly events: EventsController;
  readonly hardware: HardwareDriver;
  /** The door relay opened after a successful entry, when the terminal has one. */
  readonly door?: DoorDriver;
  /** How long the door stays open after an entry, in seconds. */
  readonly doorOpenSeconds?: number;
  /** Now, from the injected clock. */
  readonly clock: () => Date;
  /** The venue's IANA time zone. */
  readonly timeZone: string;
  /** The store code sent as `origin`. */
  readonly origin: string;
  /** A new idempotency key. */
  readonly newIdempotencyKey: () => string;
  /** The header of a printed document: venue, terminal, staff, print time. */
  readonly documentHeader: () => DocumentHeader;
  /** The venue's bounds of a membership hold (its settings; the defaults until they are loaded). */
  readonly holdLimits?: () => HoldLimits;
  /** The SKU of the venue's membership hold fee (its settings' `hold_fee_sku`; '' for none). */
  readonly holdFeeSku?: () => string;
  /**
   * True while the terminal knows the server cannot be reached (offline selling on, `sync.connection` offline): the
   * banner says so, so a background load's 'Server not responding' would say it twice.
   */
  readonly isOffline?: () => boolean;
  /** The venue's `stock_below_zero` (its settings, read from a signal: a computed that calls it follows a change). */
  readonly stockPolicy?: () => StockPolicy;
  /**
   * The venue's tax codes and price mode (its settings, read from a signal: a computed that calls it follows a change);
   * none and `inclusive` until they are loaded.
   */
  readonly taxSetup?: () => TaxSetup;
}

/** What a cart's tax is computed with: the venue's codes and whether its prices hold their tax. */
export interface TaxSetup {
  readonly codes: readonly RuleTaxCode[];
  readonly mode: PriceMode;
}

/** Omits `header` from each member of a union. */
type WithoutHeader<D> = D extends unknown ? Omit<D, 'header'> : never;

/** A document to print, without its header (added at print time). */
export type DocumentBody = WithoutHeader<PrintDocument>;
