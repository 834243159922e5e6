import type {
  EinvoiceDocument,
  EinvoiceIdentity,
  EinvoiceSettings,
  EinvoiceSettingsSetRequest,
} from 'pos-sdk/contract';
import { formatAmount, fromRinggit } from 'pos-sdk/money';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** Options of `pos einvoice settings set`, one per identity field. */
export interface EinvoiceSettingsSetOptions {
  readonly tin?: string;
  readonly brn?: string;
  readonly sstNo?: string;
  readonly msic?: string;
  readonly activity?: string;
  readonly address?: string;
  readonly city?: string;
  readonly postcode?: string;
  readonly state?: string;
  readonly country?: string;
  readonly phone?: string;
  readonly email?: string;
  /** Days a sale's e-invoice request page stays open, or `month` (until the month's consolidated e-invoice). */
  readonly requestDays?: string;
}

/** Options of `pos einvoice submit`. */
export interface EinvoiceSubmitOptions {
  /** `YYYY-MM`. */
  readonly month?: string;
  readonly dryRun?: boolean;
}

/** Options of `pos einvoice list`. */
export interface EinvoiceListOptions {
  readonly month?: string;
}

/** Options of `pos einvoice cancel`. */
export interface EinvoiceCancelOptions {
  readonly reason?: string;
}

const OPTION_FIELDS: Readonly<
  Record<Exclude<keyof EinvoiceSettingsSetOptions, 'requestDays'>, keyof EinvoiceIdentity>
> = {
  tin: 'tin',
  brn: 'brn',
  sstNo: 'sst_registration_no',
  msic: 'msic_code',
  activity: 'activity',
  address: 'address_line',
  city: 'city',
  postcode: 'postcode',
  state: 'state_code',
  country: 'country',
  phone: 'phone',
  email: 'email',
};

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `--request-days`: whole days from 1 to 366, or `month` (null: open until the month is consolidated). */
function requestDaysOption(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (value === 'month') return null;
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 366) {
    throw new UsageError('--request-days must be a number of days from 1 to 366, or month');
  }
  return Number(value);
}

function monthOption(month: string | undefined, required: boolean): string | undefined {
  if (month === undefined) {
    if (required) throw new UsageError('missing --month, e.g. --month 2026-11');
    return undefined;
  }
  if (!MONTH.test(month.trim())) throw new UsageError('--month must be a month such as 2026-11');
  return month.trim();
}

function printSettings(ctx: CliContext, settings: EinvoiceSettings): void {
  if (ctx.json) {
    ctx.printJson(settings);
    return;
  }
  const shown = (text: string) => (text === '' ? '(not set)' : text);
  const rows: [string, string][] = [
    ['Supplier (venue name)', shown(settings.supplier_name)],
    ['TIN', shown(settings.tin)],
    ['BRN', shown(settings.brn)],
    ['SST registration no', shown(settings.sst_registration_no)],
    [
      'MSIC',
      settings.msic_code === ''
        ? '(not set)'
        : `${settings.msic_code} ${settings.msic_description ?? ''}`.trim(),
    ],
    ['Activity', shown(settings.activity)],
    ['Address', shown(settings.address_line)],
    ['City', shown(settings.city)],
    ['Postcode', shown(settings.postcode)],
    ['State code', shown(settings.state_code)],
    ['Country', shown(settings.country)],
    ['Phone', shown(settings.phone)],
    ['Email', shown(settings.email)],
    ['MyInvois', settings.environment ?? 'off (POS_EINVOICE_ENV not set on the server)'],
    ['Client ID and secret', settings.credentials_configured ? 'configured' : 'not configured'],
    ['Signing key', settings.signing_key_configured ? 'configured' : 'not configured'],
    [
      'Request page open',
      settings.request_days === undefined || settings.request_days === null
        ? "until the month's consolidated e-invoice"
        : `${settings.request_days} days after the sale`,
    ],
  ];
  ctx.print(renderTable(['SETTING', 'VALUE'], rows, { color: ctx.color }));
  if (settings.missing.length > 0) ctx.print(`Still needed for e-invoices: ${settings.missing.join(', ')}`);
}

const ringgit = (amount: number) => `RM ${formatAmount(fromRinggit(amount))}`;

function printDocuments(ctx: CliContext, documents: readonly EinvoiceDocument[]): void {
  if (ctx.json) {
    ctx.printJson(documents);
    return;
  }
  if (documents.length === 0) {
    ctx.print('No e-invoices yet (pos einvoice submit --month YYYY-MM)');
    return;
  }
  ctx.print(
    renderTable(
      ['ID', 'NUMBER', 'MONTH', 'STATUS', 'PAYABLE', 'TAX', 'TRIES', 'UUID'],
      documents.map((doc) => [
        doc.id,
        doc.number,
        doc.month ?? '',
        doc.status,
        ringgit(doc.payable),
        ringgit(doc.tax),
        String(doc.attempts),
        doc.uuid ?? '',
      ]),
      { color: ctx.color },
    ),
  );
}

function printDocument(ctx: CliContext, doc: EinvoiceDocument): void {
  if (ctx.json) {
    ctx.printJson(doc);
    return;
  }
  printDocuments(ctx, [doc]);
  if (doc.validation_link !== null) ctx.print(`Validation link: ${doc.validation_link}`);
  if (doc.last_error !== null) ctx.print(`Last error: ${doc.last_error}`);
  if (doc.validation_errors !== null)
    ctx.print(`MyInvois's errors: ${JSON.stringify(doc.validation_errors)}`);
  if (doc.status === 'queued' || doc.status === 'submitting' || doc.status === 'submitted') {
    ctx.print(`On its way to MyInvois: pos einvoice status ${doc.id}`);
  }
}

/** `pos einvoice settings`: the venue's e-invoice identity and what the server configured (manager). */
export async function einvoiceSettings(ctx: CliContext): Promise<void> {
  printSettings(ctx, await ctx.signedIn().api.einvoiceSettings());
}

/** `pos einvoice settings set --tin ... --msic 93118 ...`: changes the venue's e-invoice identity (manager). */
export async function einvoiceSettingsSet(
  ctx: CliContext,
  options: EinvoiceSettingsSetOptions,
): Promise<void> {
  const changes: Record<string, string | number | null> = {};
  for (const [option, field] of Object.entries(OPTION_FIELDS) as [
    Exclude<keyof EinvoiceSettingsSetOptions, 'requestDays'>,
    keyof EinvoiceIdentity,
  ][]) {
    const value = options[option];
    if (value !== undefined) changes[field] = value;
  }
  if (options.requestDays !== undefined) changes.request_days = requestDaysOption(options.requestDays);
  if (Object.keys(changes).length === 0) {
    throw new UsageError('nothing to change: give at least one option, e.g. --tin C20830570210 --msic 93118');
  }
  printSettings(ctx, await ctx.signedIn().api.einvoiceSettingsSet(changes as EinvoiceSettingsSetRequest));
}

/** `pos einvoice submit --month 2026-11 [--dry-run]`: queues the month's consolidated e-invoice, once. */
export async function einvoiceSubmit(ctx: CliContext, options: EinvoiceSubmitOptions): Promise<void> {
  const month = monthOption(options.month, true) ?? '';
  const dryRun = options.dryRun === true;
  const answer = await ctx.signedIn().api.einvoiceSubmit({ month, ...(dryRun ? { dry_run: true } : {}) });
  if (dryRun) {
    // The document itself, JSON either way: a dry run is for reading it.
    ctx.printJson(answer.preview);
    return;
  }
  if (answer.document === null) throw new Error('The server answered no document');
  printDocument(ctx, answer.document);
}

/** `pos einvoice list [--month 2026-11]`: the e-invoices, newest first. */
export async function einvoiceList(ctx: CliContext, options: EinvoiceListOptions): Promise<void> {
  const month = monthOption(options.month, false);
  printDocuments(ctx, await ctx.signedIn().api.einvoiceList(month === undefined ? {} : { month }));
}

/** `pos einvoice status ID`: one e-invoice, asked of MyInvois now. */
export async function einvoiceStatus(ctx: CliContext, id: string): Promise<void> {
  printDocument(ctx, await ctx.signedIn().api.einvoiceStatus({ id }));
}

/** `pos einvoice retry ID`: tries a failed, rejected or invalid e-invoice again. */
export async function einvoiceRetry(ctx: CliContext, id: string): Promise<void> {
  printDocument(ctx, await ctx.signedIn().api.einvoiceRetry({ id }));
}

/** `pos einvoice cancel ID --reason TEXT`: cancels a valid e-invoice within 72 hours of its validation. */
export async function einvoiceCancel(
  ctx: CliContext,
  id: string,
  options: EinvoiceCancelOptions,
): Promise<void> {
  const reason = options.reason?.trim();
  if (reason === undefined || reason === '')
    throw new UsageError('missing --reason, e.g. --reason "Wrong amounts"');
  printDocument(ctx, await ctx.signedIn().api.einvoiceCancel({ id, reason }));
}
