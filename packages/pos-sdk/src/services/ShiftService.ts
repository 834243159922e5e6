import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { Shift, ShiftReport } from '../contract';
import type { Sen } from '../money';
import type { EndShiftInput } from '../rules/endShiftForm';

/**
 * The close-shift form: the takings counted, as typed: the fields of the End Shift rule
 * (`validateEndShift`'s `EndShiftInput`: cash, card, ewallet), each the text of its box.
 */
export type EndShiftForm = { readonly [K in keyof EndShiftInput]-?: string };

/** The cash shift (spec section 4). Every call takes `options.signal` as its last argument (see `CallOptions`). */
export interface ShiftService {
  /** The open shift, or `null` (none yet, ended, or signed out). */
  readonly current: ReadonlySignal<Shift | null>;
  /** An open shift with an empty float: the 'New Shift' float dialog must show. */
  readonly needsFloat: ReadonlySignal<boolean>;
  /** The sum of the float entries (ZERO without a shift). */
  readonly floatTotal: ReadonlySignal<Sen>;
  /** The last X or Z report fetched (`null` until one is). */
  readonly lastReport: ReadonlySignal<ShiftReport | null>;
  /** True while a shift call is in flight. */
  readonly busy: ReadonlySignal<boolean>;
  /**
   * Starts (or resumes) the terminal's shift; call on entering sales when signed in.
   * An empty shift object `{}` signs the user out (and resolves `null`).
   */
  start(options?: CallOptions): Promise<Shift | null>;
  /**
   * Sets the float from the dialog's text ('Please enter 0 if empty', 'Value can be 0 or positive
   * number up to 2 decimals'; negative allowed), prints a float receipt. The shift gets a float
   * entry, so `needsFloat` turns false and the 'New Shift' dialog closes.
   * @throws `FormError` (details `{ float }`) for invalid input.
   */
  setFloat(input: string, options?: CallOptions): Promise<Shift>;
  /** Cancelling the 'New Shift' dialog signs out (only while `needsFloat`; otherwise nothing). */
  cancelNewShift(): void;
  /** Menu > Float: opens the cash drawer (the UI then shows the float dialog). */
  openFloatFromMenu(): Promise<void>;
  /**
   * The X report of the open shift so far; printed as an `x-report` unless `print: false` (a screen that shows it
   * first). While the venue counts blind (`VenueSettings.blind_count`), staff who are not managers get 403
   * `not_permitted`.
   */
  report(options?: CallOptions & { readonly print?: boolean }): Promise<ShiftReport>;
  /** Prints a report again: an `x-report` while its shift is open, else the `z-report`. False when the printer failed. */
  printReport(report: ShiftReport): Promise<boolean>;
  /**
   * Ends the shift with the counted takings ('Please enter 0 if empty', 'Value can be 0 or positive
   * number up to 2 decimals'); prints the `z-report`, clears the shift and returns the report.
   * @throws `FormError` (details per field) for invalid input.
   */
  end(input: EndShiftForm, options?: CallOptions): Promise<ShiftReport>;
  /** Menu > Open Drawer. */
  openDrawer(): Promise<void>;
}
