import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { AuditOptions } from '../commands/audit';
import type { LoginOptions } from '../commands/auth';
import type {
  CatalogExportOptions,
  CatalogImportOptions,
  CatalogItemOptions,
  CatalogTargetOptions,
} from '../commands/catalogAdmin';
import type {
  EinvoiceCancelOptions,
  EinvoiceListOptions,
  EinvoiceSettingsSetOptions,
  EinvoiceSubmitOptions,
} from '../commands/einvoice';
import type { MemberRenewOptions } from '../commands/member';
import type { MemberHoldOptions } from '../commands/memberHold';
import type {
  OrdersListOptions,
  ReasonOptions,
  RefundCommandOptions,
  ResendOptions,
} from '../commands/orders';
import type { OrdersExportOptions } from '../commands/ordersExport';
import type { SellOptions } from '../commands/sell';
import type { SettingsSetOptions } from '../commands/settings';
import type { ShiftEndOptions, ShiftStartOptions } from '../commands/shift';
import type { SecretOptions, StaffAddOptions, StaffEditOptions } from '../commands/staff';
import type {
  StockAdjustOptions,
  StockCountOptions,
  StockHistoryOptions,
  StockImportOptions,
  StockListOptions,
  StockReceiveOptions,
  StockTrackOptions,
} from '../commands/stock';
import type { SyncConflictsOptions, SyncResolveOptions } from '../commands/sync';
import type { TaxSetOptions } from '../commands/tax';
import type { TicketFaceOptions } from '../commands/ticket';
import type { GlobalOptions } from '../context/createContext';
import { createProgram } from '../program';
import { memoryIo } from './support/memoryIo';

/**
 * The option names of a handler's options type, every one of them and no other: the compiler checks the list
 * against the type, the test below checks it against what the command declares to Commander. So the type a
 * handler reads (`command.opts<SellOptions>()`) and the flags `pos` accepts cannot drift apart.
 */
function keysOf<T>(keys: { readonly [K in keyof T]-?: true }): string[] {
  return Object.keys(keys).sort();
}

const itemKeys = {
  product: true,
  category: true,
  group: true,
  size: true,
  price: true,
  minQty: true,
  usageLimit: true,
  entriesPerDay: true,
  duration: true,
  barcode: true,
  taxCode: true,
} as const;

/** Each command with options (its path under `pos`), and the keys of the options type its handler takes. */
const HANDLER_OPTIONS: Readonly<Record<string, string[]>> = {
  '': keysOf<GlobalOptions>({ server: true, host: true, store: true, json: true, color: true }),
  login: keysOf<LoginOptions>({ email: true, password: true, terminal: true }),
  'catalog add': keysOf<CatalogItemOptions>({ type: true, sku: true, ...itemKeys }),
  'catalog edit': keysOf<Omit<CatalogItemOptions, 'type' | 'sku'>>(itemKeys),
  'catalog retire': keysOf<CatalogTargetOptions>({ product: true, type: true }),
  'catalog restore': keysOf<CatalogTargetOptions>({ product: true, type: true }),
  'catalog import': keysOf<CatalogImportOptions>({ format: true, dryRun: true }),
  'catalog export': keysOf<CatalogExportOptions>({ format: true, out: true }),
  'staff add': keysOf<StaffAddOptions>({
    email: true,
    first: true,
    last: true,
    role: true,
    passwordStdin: true,
  }),
  'staff edit': keysOf<StaffEditOptions>({ email: true, first: true, last: true, role: true }),
  'staff reset-password': keysOf<Pick<SecretOptions, 'passwordStdin'>>({ passwordStdin: true }),
  'staff reset-pin': keysOf<SecretOptions>({ passwordStdin: true, pinStdin: true }),
  'settings set': keysOf<SettingsSetOptions>({
    name: true,
    address: true,
    registrationNo: true,
    phone: true,
    receiptFooter: true,
    timeZone: true,
    currency: true,
    holdMinDays: true,
    holdMaxDays: true,
    stockBelowZero: true,
    pricesIncludeTax: true,
    sstNo: true,
    entryUndoSeconds: true,
    varianceAlert: true,
    blindCount: true,
    holdFeeSku: true,
  }),
  audit: keysOf<AuditOptions>({
    from: true,
    to: true,
    action: true,
    staff: true,
    limit: true,
    cursor: true,
    all: true,
  }),
  'shift start': keysOf<ShiftStartOptions>({ float: true }),
  'shift end': keysOf<ShiftEndOptions>({ cash: true, card: true, ewallet: true }),
  sell: keysOf<SellOptions>({
    item: true,
    discount: true,
    approver: true,
    pin: true,
    pay: true,
    email: true,
    yes: true,
    name: true,
    phone: true,
    dob: true,
  }),
  'orders list': keysOf<OrdersListOptions>({
    search: true,
    from: true,
    to: true,
    limit: true,
    cursor: true,
    all: true,
  }),
  'orders cancel': keysOf<ReasonOptions>({ reason: true }),
  'orders refund': keysOf<RefundCommandOptions>({ reason: true, item: true, by: true }),
  'orders resend': keysOf<ResendOptions>({ to: true }),
  'orders export': keysOf<OrdersExportOptions>({ from: true, to: true, format: true, out: true }),
  'ticket face': keysOf<TicketFaceOptions>({ file: true }),
  'member renew': keysOf<MemberRenewOptions>({ months: true, pay: true, name: true, phone: true, dob: true }),
  'member hold': keysOf<MemberHoldOptions>({ days: true, from: true, feeOrder: true }),
  'stock list': keysOf<StockListOptions>({ low: true }),
  'tax set': keysOf<TaxSetOptions>({ name: true, rate: true, type: true }),
  'einvoice settings set': keysOf<EinvoiceSettingsSetOptions>({
    tin: true,
    brn: true,
    sstNo: true,
    msic: true,
    activity: true,
    address: true,
    city: true,
    postcode: true,
    state: true,
    country: true,
    phone: true,
    email: true,
    requestDays: true,
  }),
  'einvoice submit': keysOf<EinvoiceSubmitOptions>({ month: true, dryRun: true }),
  'einvoice list': keysOf<EinvoiceListOptions>({ month: true }),
  'einvoice cancel': keysOf<EinvoiceCancelOptions>({ reason: true }),
  'stock track': keysOf<StockTrackOptions>({ quantity: true, low: true, cost: true, off: true }),
  'stock receive': keysOf<StockReceiveOptions>({ reason: true }),
  'stock adjust': keysOf<StockAdjustOptions>({ damage: true, by: true, reason: true }),
  'stock history': keysOf<StockHistoryOptions>({ limit: true }),
  'stock count': keysOf<StockCountOptions>({ file: true, apply: true, reason: true }),
  'stock import': keysOf<StockImportOptions>({ file: true, apply: true, reason: true }),
  'sync conflicts': keysOf<SyncConflictsOptions>({ all: true }),
  'sync resolve': keysOf<SyncResolveOptions>({ note: true }),
};

/** Every command of the program with its path ('' for `pos` itself). */
function commandsOf(command: Command, path: string[] = []): [string, Command][] {
  return [
    [path.join(' '), command],
    ...command.commands.flatMap((sub) => commandsOf(sub, [...path, sub.name()])),
  ];
}

/** The option names Commander gives a command's handler (`--min-qty` is `minQty`; `--version` is not one). */
function optionNames(command: Command): string[] {
  const names = command.options.map((option) => option.attributeName()).filter((name) => name !== 'version');
  return [...new Set(names)].sort();
}

describe('program', () => {
  const commands = commandsOf(createProgram(memoryIo({})));

  it.each(Object.entries(HANDLER_OPTIONS))(
    "'pos %s' declares exactly the options its handler's type names",
    (path, keys) => {
      const command = commands.find(([name]) => name === path)?.[1];
      expect(command, path).toBeDefined();
      expect(optionNames(command as Command)).toEqual(keys);
    },
  );

  it('every command that declares options is listed above (its handler reads them through a type)', () => {
    const withOptions = commands
      .filter(([, command]) => optionNames(command).length > 0)
      .map(([path]) => path);
    expect(withOptions.sort()).toEqual(Object.keys(HANDLER_OPTIONS).sort());
  });
});
