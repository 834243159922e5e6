import { Command, Option } from 'commander';
import { version } from '../package.json';
import type { AuditOptions } from './commands/audit';
import type { LoginOptions } from './commands/auth';
import type {
  CatalogExportOptions,
  CatalogImportOptions,
  CatalogItemOptions,
  CatalogTargetOptions,
} from './commands/catalogAdmin';
import type {
  EinvoiceCancelOptions,
  EinvoiceListOptions,
  EinvoiceSettingsSetOptions,
  EinvoiceSubmitOptions,
} from './commands/einvoice';
import type { MemberRenewOptions } from './commands/member';
import type { MemberHoldOptions } from './commands/memberHold';
import type {
  OrdersListOptions,
  ReasonOptions,
  RefundCommandOptions,
  ResendOptions,
} from './commands/orders';
import type { OrdersExportOptions } from './commands/ordersExport';
import type { SellOptions } from './commands/sell';
import type { SettingsSetOptions } from './commands/settings';
import type { ShiftEndOptions, ShiftStartOptions } from './commands/shift';
import type { SecretOptions, StaffAddOptions, StaffEditOptions } from './commands/staff';
import type {
  StockAdjustOptions,
  StockCountOptions,
  StockHistoryOptions,
  StockImportOptions,
  StockListOptions,
  StockReceiveOptions,
  StockTrackOptions,
} from './commands/stock';
import type { SyncConflictsOptions, SyncResolveOptions } from './commands/sync';
import type { TaxSetOptions } from './commands/tax';
import type { TerminalPairOptions } from './commands/terminal';
import type { TicketFaceOptions } from './commands/ticket';
import type { CliIo } from './context/CliIo';
import type { CliContext, ContextOptions } from './context/createContext';

/** Help text shown after a command's options: a heading and one example per line. */
function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/**
 * Runs a command's handler with a context built from the global options. The context (and with it
 * the SDK) is loaded only now, so `pos --help` never loads it.
 */
async function withContext(
  io: CliIo,
  command: Command,
  run: (ctx: CliContext) => Promise<void>,
): Promise<void> {
  const { createContext } = await import('./context/createContext');
  const ctx = createContext(command.optsWithGlobals<ContextOptions>(), io);
  try {
    await run(ctx);
  } finally {
    ctx.dispose();
  }
}

/** Collects a repeatable option (`--pay cash:50 --pay card:20`). */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/**
 * The `pos` command line: global options and one subcommand per task. Each action loads its
 * command module on demand (`commands/<group>.ts`), keeping start-up fast.
 */
export function createProgram(io: CliIo): Command {
  const program = new Command('pos');
  program
    .description(
      'Operate a POS terminal from the command line: sign in, run the shift, sell, manage orders, ' +
        'check passes and renew memberships. Human output by default; --json for scripts.',
    )
    .version(version, '-V, --version')
    .option(
      '--server <url>',
      'the POS server (env POS_SERVER; default: the last login, else http://localhost:8080)',
    )
    .option(
      '--host <id>',
      "this terminal's host id (env POS_HOST_ID; default: the last login or pos pair, else TICKET01)",
    )
    .option(
      '--store <code>',
      "the store code (env POS_STORE; default: the store of the last login's terminal, else STORE)",
    )
    .option('--json', "print the contract's JSON shapes on stdout and nothing else")
    .option('--no-color', 'no colours (also NO_COLOR)')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .addHelpText(
      'after',
      `\nExit codes: 0 ok, 1 operation failed, 2 usage or invalid input, 3 not signed in or token rejected,\n4 server unreachable. Settings and the session: $POS_CONFIG_DIR, else $XDG_CONFIG_HOME/pos, else ~/.config/pos.\n${examples(
        'pos login --email manager@demo.pos',
        'pos shift start --float 200',
        'pos sell --item DAY-ADULT:2 --pay cash:100 --email jane@example.com',
        'pos shift report',
        'pos shift end --cash 298 --card 0 --ewallet 0',
        'pos orders export --from 2026-11-01 --to 2026-11-30 --out november.csv',
      )}\nMore: docs/cli.md`,
    );

  // --- session ------------------------------------------------------------------------------
  program
    .command('login')
    .description('sign in (asks for what is missing on a terminal); the session is kept in a 0600 file')
    .option('--email <email>', 'staff email (env POS_EMAIL)')
    .option('--password <password>', 'password (env POS_PASSWORD; prefer the prompt or the env)')
    .option(
      '--terminal <id>',
      'the terminal to sign in on (the same as --host; default: the one pos pair or the last login saved)',
    )
    .addHelpText(
      'after',
      examples(
        'pos login',
        'pos login --server https://pos.example.com --email manager@demo.pos',
        'pos login --terminal TICKET02 --email manager@demo.pos',
        'POS_EMAIL=manager@demo.pos POS_PASSWORD=... pos login --json',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/auth')).login(ctx, command.opts<LoginOptions>()),
      ),
    );
  program
    .command('logout')
    .description('sign out: end the session on the server and forget it on this computer')
    .addHelpText('after', examples('pos logout'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/auth')).logout(ctx)),
    );
  program
    .command('whoami')
    .description('who is signed in, on which terminal and server (checks the token with the server)')
    .addHelpText('after', examples('pos whoami', 'pos whoami --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/auth')).whoami(ctx)),
    );

  program
    .command('pair')
    .description(
      "make this computer a terminal: the one-time code a manager made (pos terminal pair ID); no code: the server's own",
    )
    .argument('[code]', 'the pairing code, e.g. K7QF-3MXR (case, spaces and the dash do not matter)')
    .addHelpText('after', examples('pos pair K7QF-3MXR', 'pos pair K7QF-3MXR --json'))
    .action((code: string | undefined, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/terminal')).pair(ctx, code)),
    );

  // --- terminals (back office) ---------------------------------------------------------------
  const terminalCommands = async () => import('./commands/terminal');
  const terminal = program
    .command('terminal')
    .description("the venue's terminals and the codes that pair a device with one (manager)")
    .addHelpText(
      'after',
      examples('pos terminal list', 'pos terminal pair TICKET02', 'pos terminal remove TICKET02'),
    );
  terminal
    .command('list')
    .description('the registered terminals, their stores and who registered them')
    .addHelpText('after', examples('pos terminal list', 'pos terminal list --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await terminalCommands()).terminalList(ctx)),
    );
  terminal
    .command('pair')
    .description(
      'register a terminal if needed and make a one-time pairing code (10 minutes) that a device enters on /pair',
    )
    .argument('<id>', 'the terminal, e.g. TICKET02')
    .addHelpText(
      'after',
      "\nA new terminal sells for the store of the global --store (default: the server's POS_STORE).",
    )
    .addHelpText(
      'after',
      examples(
        'pos terminal pair TICKET02',
        'pos terminal pair TICKET03 --store PJ01',
        'pos terminal pair TICKET02 --json',
      ),
    )
    .action((id: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await terminalCommands()).terminalPair(ctx, id, command.optsWithGlobals<TerminalPairOptions>()),
      ),
    );
  terminal
    .command('remove')
    .description('unregister a terminal: its device is signed out and must be paired again (no open shift)')
    .argument('<id>', 'the terminal')
    .addHelpText('after', examples('pos terminal remove TICKET02'))
    .action((id: string, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await terminalCommands()).terminalRemove(ctx, id)),
    );

  // --- catalogue -----------------------------------------------------------------------------
  const catalog = program
    .command('catalog')
    .alias('catalogue')
    .description(
      'passes and merchandise: sku, name, group or size, price (the subcommands are the back office: a manager)',
    )
    .addHelpText(
      'after',
      examples(
        'pos catalog',
        'pos catalog --json',
        'pos catalog list',
        'pos catalog import catalogue.csv --dry-run',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/catalog')).catalog(ctx)),
    );
  const admin = async () => import('./commands/catalogAdmin');
  catalog
    .command('list')
    .description('the whole catalogue, retired items too, with their status (manager)')
    .addHelpText('after', examples('pos catalog list', 'pos catalog list --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await admin()).catalogList(ctx)),
    );
  const itemOptions = (command: Command): Command =>
    command
      .option('--product <name>', 'the product (a pass product or a merchandise product), created when new')
      .option(
        '--category <name>',
        'pass only: the category (Membership is special), default the product name',
      )
      .option('--group <name>', 'pass only: the group, e.g. Adult')
      .option('--size <size>', 'merchandise only: the size, e.g. M')
      .option('--price <amount>', 'the price in RM, e.g. 49.00')
      .option('--min-qty <n>', 'pass only: the least quantity per sale (default 1)')
      .option(
        '--usage-limit <n>',
        'pass only: uses per ticket (0: a membership, used every venue day until expiry)',
      )
      .option(
        '--entries-per-day <n>',
        "pass only: a membership's (usage limit 0) entries per venue day, 1 to 99 (default 1)",
      )
      .option('--duration <n unit>', 'pass only: how long a ticket is valid, e.g. "1 Day", "6 Month"')
      .option('--barcode <code>', 'merchandise only: a barcode the scanner may read instead of the SKU')
      .option('--tax-code <code>', "the venue's tax code of the variant (pos tax list)");
  itemOptions(
    catalog
      .command('add')
      .description('add a pass or merchandise variant (manager)')
      .option('--type <type>', 'pass (default) or merchandise')
      .option('--sku <sku>', 'the SKU: letters, digits, "-", "_", "."'),
  )
    .addHelpText(
      'after',
      examples(
        'pos catalog add --sku CLIMB-10 --product "10 Climb Pass" --category "Multi Pass" --group Adult --price 300 --usage-limit 10 --duration "6 Month"',
        'pos catalog add --type merchandise --sku CHALK-S --product Chalk --size S --price 12 --barcode 9555000000024',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await admin()).catalogAdd(ctx, command.opts<CatalogItemOptions>()),
      ),
    );
  itemOptions(
    catalog
      .command('edit')
      .description('change a variant by SKU; a new price applies to the next sale (manager)')
      .argument('<sku>', 'the SKU to change'),
  )
    .option('--no-barcode', 'merchandise only: remove the barcode')
    .option('--no-tax-code', 'the variant is untaxed')
    .addHelpText(
      'after',
      examples('pos catalog edit DAY-ADULT --price 52', 'pos catalog edit GRIP-M --barcode 9555000000017'),
    )
    .action((sku: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await admin()).catalogEdit(ctx, sku, command.opts<CatalogItemOptions>()),
      ),
    );
  for (const [name, active] of [
    ['retire', false],
    ['restore', true],
  ] as const) {
    catalog
      .command(name)
      .description(
        active
          ? 'put a retired variant (SKU) or product back on the sales screen (manager)'
          : 'take a variant (SKU) or a whole product off the sales screen; sold orders and tickets keep it (manager)',
      )
      .argument('[sku]', 'the variant')
      .option('--product <name>', 'a whole product instead of one SKU')
      .option('--type <type>', 'with --product: pass (default) or merchandise')
      .addHelpText(
        'after',
        examples(
          `pos catalog ${name} GRIP-S`,
          `pos catalog ${name} --product "Water Bottle" --type merchandise`,
        ),
      )
      .action((sku: string | undefined, _options, command: Command) =>
        withContext(io, command, async (ctx) =>
          (await admin()).catalogSetActive(ctx, active, sku, command.opts<CatalogTargetOptions>()),
        ),
      );
  }
  catalog
    .command('import')
    .description('import a whole catalogue file, all or nothing; bad rows are named by line (manager)')
    .argument('<file>', 'a CSV or JSON file (the format of "pos catalog export"), or - for stdin')
    .option('--format <format>', 'csv or json (default: from the file name, else csv)')
    .option('--dry-run', 'only show what would change')
    .addHelpText(
      'after',
      examples(
        'pos catalog import catalogue.csv --dry-run',
        'pos catalog import catalogue.csv',
        'cat items.json | pos catalog import - --format json',
      ),
    )
    .action((file: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await admin()).catalogImport(ctx, file, command.opts<CatalogImportOptions>()),
      ),
    );
  catalog
    .command('export')
    .description('the whole catalogue as a CSV or JSON file that import reads back (manager)')
    .option('--format <format>', 'csv (default) or json')
    .option('--out <file>', 'write to this file instead of stdout')
    .addHelpText(
      'after',
      examples('pos catalog export --out catalogue.csv', 'pos catalog export --format json'),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await admin()).catalogExport(ctx, command.opts<CatalogExportOptions>()),
      ),
    );

  // --- staff (back office) -------------------------------------------------------------------
  const staffCommands = async () => import('./commands/staff');
  const staff = program
    .command('staff')
    .description('staff members, roles, rights, passwords and PINs (manager)')
    .addHelpText(
      'after',
      examples(
        'pos staff list',
        'pos staff add --email siti@venue.my --first Siti',
        'pos staff disable siti@venue.my',
        'pos staff grant siti@venue.my approve_discounts',
      ),
    );
  staff
    .command('list')
    .description('every staff member with role and status')
    .addHelpText('after', examples('pos staff list', 'pos staff list --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await staffCommands()).staffList(ctx)),
    );
  staff
    .command('add')
    .description('add a staff member; password and PIN are asked without echo (or --password-stdin)')
    .option('--email <email>', 'their sign-in email')
    .option('--first <name>', 'first name')
    .option('--last <name>', 'last name')
    .option('--role <role>', 'staff (default) or manager')
    .option('--password-stdin', 'read the password (first line) and the PIN (second line) from stdin')
    .addHelpText(
      'after',
      examples(
        'pos staff add --email siti@venue.my --first Siti --last Aminah',
        'printf "%s\\n%s\\n" "$PASSWORD" "$PIN" | pos staff add --email siti@venue.my --first Siti --password-stdin',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await staffCommands()).staffAdd(ctx, command.opts<StaffAddOptions>()),
      ),
    );
  staff
    .command('edit')
    .description("change a member's name, email or role")
    .argument('<email>', 'the member')
    .option('--email <email>', 'a new email')
    .option('--first <name>', 'a new first name')
    .option('--last <name>', 'a new last name')
    .option('--role <role>', 'staff or manager')
    .addHelpText('after', examples('pos staff edit siti@venue.my --role manager'))
    .action((email: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await staffCommands()).staffEdit(ctx, email, command.opts<StaffEditOptions>()),
      ),
    );
  for (const [name, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    staff
      .command(name)
      .description(
        active
          ? 'let a disabled member sign in again'
          : 'stop a member signing in; their sessions end at once',
      )
      .argument('<email>', 'the member')
      .addHelpText('after', examples(`pos staff ${name} siti@venue.my`))
      .action((email: string, _options, command: Command) =>
        withContext(io, command, async (ctx) => (await staffCommands()).staffSetActive(ctx, email, active)),
      );
  }
  for (const [name, granted] of [
    ['grant', true],
    ['revoke', false],
  ] as const) {
    staff
      .command(name)
      .description(
        granted
          ? 'give a staff member a right: approve discounts with their PIN, or hold memberships (managers always may)'
          : 'take a right back: the member no longer approves discounts (from their next approval or sale) or holds memberships',
      )
      .argument('<email>', 'the member')
      .argument('<right>', 'approve_discounts or hold_memberships')
      .addHelpText(
        'after',
        examples(
          `pos staff ${name} siti@venue.my approve_discounts`,
          `pos staff ${name} siti@venue.my hold_memberships`,
        ),
      )
      .action((email: string, right: string, _options, command: Command) =>
        withContext(io, command, async (ctx) =>
          (await staffCommands()).staffSetRight(ctx, email, right, granted),
        ),
      );
  }
  staff
    .command('reset-password')
    .description("set a member's password (asked without echo); their sessions end")
    .argument('<email>', 'the member')
    .option('--password-stdin', 'read the password from the first line of stdin')
    .addHelpText(
      'after',
      examples(
        'pos staff reset-password siti@venue.my',
        'echo "$PASSWORD" | pos staff reset-password siti@venue.my --password-stdin',
      ),
    )
    .action((email: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await staffCommands()).staffResetPassword(ctx, email, command.opts<SecretOptions>()),
      ),
    );
  staff
    .command('reset-pin')
    .description("set a member's approval PIN (asked without echo)")
    .argument('<email>', 'the member')
    .option('--pin-stdin', 'read the PIN from the first line of stdin')
    .option('--password-stdin', 'the same as --pin-stdin')
    .addHelpText(
      'after',
      examples(
        'pos staff reset-pin siti@venue.my',
        'echo "$PIN" | pos staff reset-pin siti@venue.my --pin-stdin',
      ),
    )
    .action((email: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await staffCommands()).staffResetPin(ctx, email, command.opts<SecretOptions>()),
      ),
    );

  // --- venue settings -------------------------------------------------------------------------
  const settingsCommands = async () => import('./commands/settings');
  const settings = program
    .command('settings')
    .description("the venue's settings: what receipts carry, the time zone")
    .addHelpText('after', examples('pos settings get', 'pos settings set --name "Demo Climbing Gym"'));
  settings
    .command('get')
    .description("the venue's settings (any staff member)")
    .addHelpText('after', examples('pos settings get', 'pos settings get --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await settingsCommands()).settingsGet(ctx)),
    );
  settings
    .command('set')
    .description('change venue settings (manager); the time zone cannot change while a shift is open')
    .option('--name <name>', "the venue's name, printed at the top of receipts")
    .option('--address <text>', 'the address')
    .option('--registration-no <text>', 'the company registration number')
    .option('--phone <text>', 'the phone number')
    .option('--receipt-footer <text>', 'the last line of receipts')
    .option('--time-zone <zone>', 'IANA time zone of the venue, e.g. Asia/Kuala_Lumpur')
    .option('--currency <symbol>', 'the currency symbol on receipts, e.g. RM')
    .option('--hold-min-days <n>', 'the fewest days a membership hold may last (default 7)')
    .option('--hold-max-days <n>', 'the most days a membership hold may last (default 90)')
    .option(
      '--prices-include-tax <yes|no>',
      'prices hold their tax (yes, the default) or have it added on top (no)',
    )
    .option('--sst-no <text>', "the venue's SST registration number, printed on receipts with tax")
    .option(
      '--entry-undo-seconds <n>',
      'how long the terminal that let a member in may undo the entry (default 60)',
    )
    .option(
      '--stock-below-zero <policy>',
      "allow (default: sold, 'Only N left' shown) or refuse a sale the shelf cannot cover",
    )
    .option(
      '--variance-alert <RM>',
      'a count variance beyond this is marked on the end-of-shift report (default 5.00)',
    )
    .option(
      '--blind-count <yes|no>',
      'staff count the takings blind: no expected amounts before Close Shift (default no)',
    )
    .option(
      '--hold-fee-sku <sku>',
      'the merchandise SKU sold as a membership hold\'s fee at the till ("" for none, the default)',
    )
    .addHelpText(
      'after',
      examples(
        'pos settings set --name "Demo Climbing Gym" --address "12 Jalan Ampang, Kuala Lumpur"',
        'pos settings set --registration-no "202601234567 (1234567-X)" --receipt-footer "Thank you!"',
        'pos settings set --hold-min-days 7 --hold-max-days 60',
        'pos settings set --variance-alert 10 --blind-count yes',
        'pos settings set --hold-fee-sku HOLD-FEE',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await settingsCommands()).settingsSet(ctx, command.opts<SettingsSetOptions>()),
      ),
    );

  // --- audit trail ----------------------------------------------------------------------------
  program
    .command('audit')
    .description('the audit log: who, when, terminal, action, amount (manager)')
    .option('--from <date>', 'first venue day, YYYY-MM-DD (default today)')
    .option('--to <date>', 'last venue day, YYYY-MM-DD (default today)')
    .option('--action <action>', 'an action (order.refunded) or a group (order, catalog, staff, shift)')
    .option('--staff <email>', 'only what this staff member did')
    .option('--limit <n>', 'entries per page, 1 to 500 (default 50)')
    .option('--cursor <cursor>', 'the next page (printed after a page)')
    .option('--all', 'every page')
    .addHelpText(
      'after',
      examples(
        'pos audit',
        'pos audit --from 2026-11-01 --action order.refunded',
        'pos audit --staff cashier@demo.pos --all --json',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/audit')).audit(ctx, command.opts<AuditOptions>()),
      ),
    );

  // --- shift ---------------------------------------------------------------------------------
  const shift = program
    .command('shift')
    .description('start, float, X report and end of the cash shift')
    .addHelpText(
      'after',
      examples(
        'pos shift start --float 200',
        'pos shift float 50',
        'pos shift report',
        'pos shift end --cash 298.50 --card 120 --ewallet 0',
      ),
    );
  shift
    .command('start')
    .description("start the terminal's shift (or resume the open one) and set its float")
    .option('--float <amount>', 'the cash float in RM for a new shift (asked on a terminal)')
    .addHelpText('after', examples('pos shift start --float 200', 'pos shift start'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/shift')).shiftStart(ctx, command.opts<ShiftStartOptions>()),
      ),
    );
  shift
    .command('float')
    .description("add cash to the drawer's float (negative takes cash out); prints the float slip")
    .argument('[amount]', 'RM, up to 2 decimals (asked on a terminal)')
    .addHelpText('after', examples('pos shift float 50', 'pos shift float -- -20'))
    .action((amount: string | undefined, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/shift')).shiftFloat(ctx, amount)),
    );
  shift
    .command('report')
    .description("the X report: the open shift's takings so far (nothing is closed)")
    .addHelpText('after', examples('pos shift report', 'pos shift report --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/shift')).shiftReport(ctx)),
    );
  shift
    .command('end')
    .description(
      'end the shift with the takings counted: prints sales, refunds, expected, counted and variance per method, and the orders',
    )
    .option('--cash <amount>', 'cash counted in the drawer, RM (0 if none)')
    .option('--card <amount>', 'card takings, RM (0 if none)')
    .option('--ewallet <amount>', 'e-wallet takings, RM (0 if none)')
    .addHelpText('after', examples('pos shift end --cash 298.50 --card 120 --ewallet 0', 'pos shift end'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/shift')).shiftEnd(ctx, command.opts<ShiftEndOptions>()),
      ),
    );

  // --- sale ----------------------------------------------------------------------------------
  program
    .command('sell')
    .description('check out a sale and print the receipt; on a terminal with no --item, an interactive sale')
    .option('--item <sku[:qty]...>', 'an item to sell, quantity 1 unless given (repeatable)', collect)
    .option(
      '--discount <sku:type:value...>',
      'a discount on an item: type amount (RM) or percentage',
      collect,
    )
    .option('--approver <who>', 'who approves (a manager, or staff allowed to): name, user id or email')
    .option('--pin <pin>', "the approver's PIN")
    .option('--pay <method:amount...>', 'a tender: method cash, card or ewallet (repeatable)', collect)
    .option('--email <email>', 'the customer email (required for multi-punch or membership passes)')
    .option('-y, --yes', 'sell without a customer email when none is required')
    .option('--name <name>', "a membership item's member name")
    .option('--phone <digits>', "a membership item's member phone number (country code 60)")
    .option('--dob <date>', "a membership item's member birth date, YYYY-MM-DD")
    .addHelpText(
      'after',
      examples(
        'pos sell --item DAY-ADULT:2 --item GRIP-M --pay cash:150 --yes',
        'pos sell --item PUNCH-10 --pay card:200 --pay ewallet:150 --email jane@example.com',
        'pos sell --item DAY-ADULT:2 --discount DAY-ADULT:percentage:10 --approver "Max Manager" --pin 2222 --pay cash:88.20 --yes',
        'pos sell --item MEMBER-1M --pay card:120 --email jane@example.com --name "Jane Doe" --phone 123456789 --dob 1990-05-01',
        'pos sell          # interactive, on a terminal',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/sell')).sell(ctx, command.opts<SellOptions>()),
      ),
    );

  // --- orders --------------------------------------------------------------------------------
  const orders = program
    .command('orders')
    .description("the store's orders: list, show, note, cancel, refund, reprint, resend, export")
    .addHelpText(
      'after',
      examples(
        'pos orders list --search jane@',
        'pos orders show STORE-000001',
        'pos orders refund STORE-000001 --reason "Customer unwell"',
        'pos orders export --from today --to today --out today.csv',
      ),
    );
  orders
    .command('list')
    .description(
      "today's orders, newest first (or the venue days --from/--to), a page at a time: the next page's command is told on stderr",
    )
    .option('--search <text>', 'invoice number (exact or its start) or customer email, any part')
    .option('--from <date>', 'first venue day, YYYY-MM-DD (or today, yesterday)')
    .option('--to <date>', 'last venue day, YYYY-MM-DD (default today)')
    .option('--limit <n>', 'orders per page, 1 to 500 (default 50; 500 with --all)')
    .option('--cursor <cursor>', 'the next page (told on stderr after a page; next_cursor with --json)')
    .option('--all', 'every page, printed as it arrives (--json: one array of every row)')
    .addHelpText(
      'after',
      examples(
        'pos orders list',
        'pos orders list --search jane@',
        'pos orders list --limit 20 --cursor <next_cursor>',
        'pos orders list --from 2026-11-01 --to 2026-11-07 --all',
        'pos orders list --from 2026-11-01 --to 2026-11-30 --all --json > november.json',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/orders')).ordersList(ctx, command.opts<OrdersListOptions>()),
      ),
    );
  orders
    .command('show')
    .description('an order: items with their tickets, totals, payment, notes')
    .argument('<invoice>', 'the invoice number (or the order id)')
    .addHelpText('after', examples('pos orders show STORE-000001'))
    .action((invoice: string, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/orders')).ordersShow(ctx, invoice)),
    );
  orders
    .command('note')
    .description('add a note to an order')
    .argument('<invoice>', 'the invoice number (or the order id)')
    .argument('[text...]', 'the note (asked on a terminal)')
    .addHelpText('after', examples('pos orders note STORE-000001 "Wristbands handed out"'))
    .action((invoice: string, text: string[], _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/orders')).ordersNote(ctx, invoice, text),
      ),
    );
  orders
    .command('cancel')
    .description('cancel an order; its tickets become Canceled')
    .argument('<invoice>', 'the invoice number (or the order id)')
    .option('--reason <reason>', 'why')
    .addHelpText('after', examples('pos orders cancel STORE-000001 --reason "Entered twice"'))
    .action((invoice: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/orders')).ordersCancel(ctx, invoice, command.opts<ReasonOptions>()),
      ),
    );
  orders
    .command('refund')
    .description(
      "refund one of today's PAID orders, whole or by item; prints what to give back; the refunded passes become Canceled",
    )
    .argument('[invoice]', 'the invoice number (asked on a terminal)')
    .option(
      '--item <sku[:qty]...>',
      'an item to refund, quantity 1 unless given (repeatable; none: the whole order)',
      collect,
    )
    .option(
      '--by <method>',
      "give the money back by cash, card or ewallet (default: the order's own methods, cash last)",
    )
    .option('--reason <reason>', 'the refund reason (asked on a terminal)')
    .addHelpText(
      'after',
      examples(
        'pos orders refund STORE-000001 --reason "Customer unwell"',
        'pos orders refund STORE-000001 --item BOTTLE-750:1 --reason "Returned one bottle"',
        'pos orders refund STORE-000001 --item DAY-ADULT --item GRIP-M:2 --by cash --reason "Left early"',
      ),
    )
    .action((invoice: string | undefined, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/orders')).ordersRefund(ctx, invoice, command.opts<RefundCommandOptions>()),
      ),
    );
  orders
    .command('reprint')
    .description("print an order's receipt again")
    .argument('<invoice>', 'the invoice number (or the order id)')
    .addHelpText('after', examples('pos orders reprint STORE-000001'))
    .action((invoice: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/orders')).ordersReprint(ctx, invoice),
      ),
    );
  orders
    .command('resend')
    .description("email an order's receipt and passes again, to its customer email or a corrected one")
    .argument('<invoice>', 'the invoice number (or the order id)')
    .option('--to <email>', "send to this address instead of the order's customer email")
    .addHelpText(
      'after',
      examples('pos orders resend STORE-000001', 'pos orders resend STORE-000042 --to jane@example.com'),
    )
    .action((invoice: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/orders')).ordersResend(ctx, invoice, command.opts<ResendOptions>()),
      ),
    );
  orders
    .command('export')
    .description('stream the orders of a period as CSV or JSON (progress on stderr when it is a terminal)')
    .requiredOption('--from <date>', 'first venue day, YYYY-MM-DD (or today, yesterday)')
    .requiredOption('--to <date>', 'last venue day, YYYY-MM-DD (or today, yesterday)')
    .addOption(
      new Option('--format <format>', 'csv (default) or json (default with --json)').choices(['csv', 'json']),
    )
    .option('--out <file>', 'write to this file instead of stdout')
    .addHelpText(
      'after',
      examples(
        'pos orders export --from 2026-11-22 --to 2026-11-22 > today.csv',
        'pos orders export --from 2026-11-01 --to 2026-11-30 --format json --out november.json',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/ordersExport')).ordersExport(ctx, command.opts<OrdersExportOptions>()),
      ),
    );

  // --- tickets -------------------------------------------------------------------------------
  const ticket = program
    .command('ticket')
    .description('check a pass: show, redeem, register a face photo')
    .addHelpText(
      'after',
      examples(
        'pos ticket show T8KQ2M4ZP1A',
        'pos ticket redeem T8KQ2M4ZP1A',
        'pos ticket face T8KQ2M4ZP1A --file photo.jpg',
      ),
    );
  ticket
    .command('show')
    .description('a ticket with its status (Canceled, Expired, Fully Used, Active, Inactive)')
    .argument('[id]', "the pass id (asked on a terminal: 'Scan Pass')")
    .addHelpText('after', examples('pos ticket show T8KQ2M4ZP1A', 'pos ticket show T8KQ2M4ZP1A --json'))
    .action((id: string | undefined, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/ticket')).ticketShow(ctx, id)),
    );
  ticket
    .command('redeem')
    .description('redeem one use of an Active ticket')
    .argument('[id]', "the pass id (asked on a terminal: 'Scan Pass')")
    .addHelpText('after', examples('pos ticket redeem T8KQ2M4ZP1A'))
    .action((id: string | undefined, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/ticket')).ticketRedeem(ctx, id)),
    );
  ticket
    .command('face')
    .description("register the pass holder's face photo (a JPEG, at most 2 MB)")
    .argument('<id>', 'the pass id')
    .option('--file <photo.jpg>', 'the photo (not needed for a non-shareable ticket already used)')
    .addHelpText('after', examples('pos ticket face T8KQ2M4ZP1A --file photo.jpg'))
    .action((id: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/ticket')).ticketFace(ctx, id, command.opts<TicketFaceOptions>()),
      ),
    );

  // --- membership ----------------------------------------------------------------------------
  const member = program
    .command('member')
    .description('look up and renew memberships')
    .addHelpText(
      'after',
      examples(
        'pos member lookup jane@example.com',
        'pos member renew jane@example.com --months 3 --pay card',
        'pos member hold jane@example.com --days 14 --from 01-12-2026',
        'pos member unhold jane@example.com',
      ),
    );
  member
    .command('lookup')
    .description('a member with their orders and tickets')
    .argument('[email]', "the member's email (asked for on a terminal when left out)")
    .addHelpText('after', examples('pos member lookup jane@example.com'))
    .action((email: string | undefined, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/member')).memberLookup(ctx, email)),
    );
  member
    .command('renew')
    .description('renew a membership (the Renewal Checkout): the amount is price x months')
    .argument('<email>', "the member's email")
    .option('--months <n>', 'months to renew, 1 to 12')
    .option('--pay <method[:amount]>', 'cash, card or ewallet; an amount given must be the renewal amount')
    .option('--name <name>', "the member's name (default: as on file)")
    .option('--phone <digits>', "the member's phone number, country code 60 (default: as on file)")
    .option('--dob <date>', "the member's birth date, YYYY-MM-DD (default: as on file)")
    .addHelpText(
      'after',
      examples(
        'pos member renew jane@example.com --months 3 --pay card:360',
        'pos member renew jane@example.com --months 1 --pay cash',
      ),
    )
    .action((email: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/member')).memberRenew(ctx, email, command.opts<MemberRenewOptions>()),
      ),
    );

  member
    .command('hold')
    .description(
      'hold a membership while its member is away (manager, or staff with hold_memberships): no entry on the days held, the expiry moves by them',
    )
    .argument('<member>', "the member's email (their current membership) or the membership's pass ID")
    .option('--days <n>', 'days to hold, within the venue settings (7 to 90 by default)')
    .option('--from <date>', 'the first day on hold, DD-MM-YYYY or YYYY-MM-DD (default: today)')
    .option(
      '--fee-order <order>',
      "the paid order (invoice number or order ID) that carried the venue's hold fee, when it charges one",
    )
    .addHelpText(
      'after',
      examples(
        'pos member hold jane@example.com --days 14',
        'pos member hold 9FQ2C7XK --days 30 --from 01-12-2026',
        'pos member hold jane@example.com --days 14 --fee-order STORE-000042',
      ),
    )
    .action((who: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await import('./commands/memberHold')).memberHold(ctx, who, command.opts<MemberHoldOptions>()),
      ),
    );
  member
    .command('unhold')
    .description(
      "end a membership's hold today: entries from today, the expiry moves back by the days not held",
    )
    .argument('<member>', "the member's email (their current membership) or the membership's pass ID")
    .addHelpText('after', examples('pos member unhold jane@example.com'))
    .action((who: string, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/memberHold')).memberUnhold(ctx, who)),
    );
  member
    .command('holds')
    .description("a membership's holds, newest first")
    .argument('<member>', "the member's email (their current membership) or the membership's pass ID")
    .addHelpText(
      'after',
      examples('pos member holds jane@example.com', 'pos member holds jane@example.com --json'),
    )
    .action((who: string, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await import('./commands/memberHold')).memberHolds(ctx, who)),
    );

  // --- sales and service tax ---------------------------------------------------------------------
  const taxCommands = async () => import('./commands/tax');
  const tax = program
    .command('tax')
    .description("the venue's tax codes: name, rate, MyInvois tax type (manager changes them)")
    .addHelpText(
      'after',
      examples(
        'pos tax list',
        'pos tax set SST8 --name "Service tax 8%" --rate 8 --type 02',
        'pos tax remove SST6',
      ),
    );
  tax
    .command('list')
    .description("the venue's tax codes")
    .addHelpText('after', examples('pos tax list', 'pos tax list --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await taxCommands()).taxList(ctx)),
    );
  tax
    .command('set')
    .description('add a tax code or change one (sold orders keep the rate they were sold at)')
    .argument('<code>', 'the code, e.g. SST8')
    .option('--name <text>', 'what receipts call it, e.g. "Service tax 8%"')
    .option('--rate <percent>', 'the rate in percent, up to 2 decimals: 8, 6, 0.5')
    .option('--type <type>', 'MyInvois tax type: 01 sales tax, 02 service tax, 06 not applicable, E exempt')
    .addHelpText('after', examples('pos tax set SST8 --name "Service tax 8%" --rate 8 --type 02'))
    .action((code: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await taxCommands()).taxSet(ctx, code, command.opts<TaxSetOptions>()),
      ),
    );
  tax
    .command('remove')
    .description('remove a tax code no catalogue variant uses')
    .argument('<code>', 'the code')
    .addHelpText('after', examples('pos tax remove SST6'))
    .action((code: string, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await taxCommands()).taxRemove(ctx, code)),
    );

  // --- MyInvois e-invoices (manager) ---------------------------------------------------------------
  const einvoiceCommands = async () => import('./commands/einvoice');
  const einvoice = program
    .command('einvoice')
    .description("MyInvois e-invoices: the venue's identity, each month's consolidated e-invoice (manager)")
    .addHelpText(
      'after',
      examples(
        'pos einvoice settings',
        'pos einvoice submit --month 2026-11 --dry-run',
        'pos einvoice submit --month 2026-11',
        'pos einvoice list',
      ),
    );
  const einvoiceSettingsCommand = einvoice
    .command('settings')
    .description("the venue's e-invoice identity, and whether MyInvois is configured on the server")
    .addHelpText('after', examples('pos einvoice settings', 'pos einvoice settings --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await einvoiceCommands()).einvoiceSettings(ctx)),
    );
  einvoiceSettingsCommand
    .command('set')
    .description("change the venue's e-invoice identity (the supplier on every e-invoice)")
    .option('--tin <tin>', "LHDN's tax identification number, e.g. C20830570210")
    .option('--brn <brn>', 'business registration number (SSM), e.g. 202005123456')
    .option('--sst-no <text>', 'SST registration number (the same as pos settings set --sst-no)')
    .option('--msic <code>', 'MSIC 2008 code, e.g. 93118 (Fitness centres)')
    .option('--activity <text>', 'the business activity, e.g. "Fitness centre"')
    .option('--address <text>', 'the address line')
    .option('--city <text>', 'city')
    .option('--postcode <digits>', 'postcode, 5 digits')
    .option('--state <code>', 'MyInvois state code, 01 Johor ... 14 Kuala Lumpur ... 16 Putrajaya')
    .option('--country <code>', 'ISO 3166-1 alpha-3 (default MYS)')
    .option('--phone <number>', 'contact number, e.g. +60321234567')
    .option('--email <address>', 'contact email')
    .option(
      '--request-days <days>',
      "days a sale's e-invoice request page stays open (1 to 366), or month: until the month's consolidated e-invoice",
    )
    .addHelpText(
      'after',
      examples(
        'pos einvoice settings set --tin C20830570210 --brn 202005123456 --msic 93118 --activity "Fitness centre"',
        'pos einvoice settings set --address "Lot 12, Jalan Tun Razak" --city "Kuala Lumpur" --postcode 50400 --state 14 --phone +60321234567',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await einvoiceCommands()).einvoiceSettingsSet(ctx, command.opts<EinvoiceSettingsSetOptions>()),
      ),
    );
  einvoice
    .command('submit')
    .description("queue a finished month's consolidated e-invoice to MyInvois, once")
    .option('--month <YYYY-MM>', 'the month of the venue calendar, e.g. 2026-11')
    .option('--dry-run', 'print the document JSON; submit nothing')
    .addHelpText(
      'after',
      examples('pos einvoice submit --month 2026-11 --dry-run', 'pos einvoice submit --month 2026-11'),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await einvoiceCommands()).einvoiceSubmit(ctx, command.opts<EinvoiceSubmitOptions>()),
      ),
    );
  einvoice
    .command('list')
    .description('the e-invoices, newest first: number, month, status, payable, tax, MyInvois UUID')
    .option('--month <YYYY-MM>', "only the month's consolidated e-invoice")
    .addHelpText('after', examples('pos einvoice list', 'pos einvoice list --month 2026-11 --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await einvoiceCommands()).einvoiceList(ctx, command.opts<EinvoiceListOptions>()),
      ),
    );
  einvoice
    .command('status')
    .description("one e-invoice, asked of MyInvois now: its validation link, or MyInvois's errors")
    .argument('<id>', 'the e-invoice id (pos einvoice list)')
    .addHelpText('after', examples('pos einvoice status 0b7c...'))
    .action((id: string, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await einvoiceCommands()).einvoiceStatus(ctx, id)),
    );
  einvoice
    .command('retry')
    .description('try a failed e-invoice again, or rebuild a rejected or invalid one')
    .argument('<id>', 'the e-invoice id')
    .addHelpText('after', examples('pos einvoice retry 0b7c...'))
    .action((id: string, _options, command: Command) =>
      withContext(io, command, async (ctx) => (await einvoiceCommands()).einvoiceRetry(ctx, id)),
    );
  einvoice
    .command('cancel')
    .description('cancel a valid e-invoice with MyInvois, within 72 hours of its validation')
    .argument('<id>', 'the e-invoice id')
    .option('--reason <text>', 'why, as MyInvois records it')
    .addHelpText('after', examples('pos einvoice cancel 0b7c... --reason "Wrong amounts"'))
    .action((id: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await einvoiceCommands()).einvoiceCancel(ctx, id, command.opts<EinvoiceCancelOptions>()),
      ),
    );

  // --- merchandise stock (manager) -------------------------------------------------------------
  const stockCommands = async () => import('./commands/stock');
  const stock = program
    .command('stock')
    .description(
      "merchandise stock (manager): levels, deliveries, damage, corrections, counts, each variant's movements",
    )
    .addHelpText(
      'after',
      examples(
        'pos stock track GRIP-M --quantity 24 --low 5 --cost 6.50',
        'pos stock receive GRIP-M 24 --reason "Delivery 114"',
        'pos stock adjust GRIP-M --damage 1 --reason "Torn"',
        'pos stock list --low',
        'pos stock count --file counts.csv --apply',
        'pos stock import --file delivery.csv --apply',
      ),
    );
  stock
    .command('list')
    .description("the tracked variants' levels, low level, cost and value")
    .option('--low', 'only those at or below their low level, or below zero (for a nightly script)')
    .addHelpText('after', examples('pos stock list', 'pos stock list --low --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await stockCommands()).stockList(ctx, command.opts<StockListOptions>()),
      ),
    );
  stock
    .command('track')
    .description("start keeping a variant's stock (or change its low level and cost; --off stops keeping it)")
    .argument('<sku>', 'the merchandise variant')
    .option('--quantity <n>', 'the units on the shelf now (default 0; only when starting)')
    .option('--low <n>', "at or below it the tile says 'N left' and pos stock list --low lists it")
    .option('--cost <rm>', 'the cost price of one unit, for the stock value')
    .option('--off', 'stop keeping the stock (its movements stay)')
    .addHelpText(
      'after',
      examples('pos stock track GRIP-M --quantity 24 --low 5', 'pos stock track GRIP-M --off'),
    )
    .action((sku: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await stockCommands()).stockTrack(ctx, sku, command.opts<StockTrackOptions>()),
      ),
    );
  stock
    .command('receive')
    .description('a delivery: units onto the shelf')
    .argument('<sku>', 'the merchandise variant')
    .argument('<quantity>', 'units received')
    .option('--reason <text>', 'e.g. the delivery note')
    .addHelpText('after', examples('pos stock receive GRIP-M 24 --reason "Delivery 114"'))
    .action((sku: string, quantity: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await stockCommands()).stockReceive(ctx, sku, quantity, command.opts<StockReceiveOptions>()),
      ),
    );
  stock
    .command('adjust')
    .description('damage (units written off) or a correction (units in or out), with the reason')
    .argument('<sku>', 'the merchandise variant')
    .option('--damage <n>', 'units written off')
    .option('--by <n>', 'a correction: units in (+3) or out (-2)')
    .option('--reason <text>', 'why (required)')
    .addHelpText(
      'after',
      examples(
        'pos stock adjust GRIP-M --damage 1 --reason "Torn"',
        'pos stock adjust GRIP-M --by -2 --reason "Miscount"',
      ),
    )
    .action((sku: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await stockCommands()).stockAdjust(ctx, sku, command.opts<StockAdjustOptions>()),
      ),
    );
  stock
    .command('history')
    .description("a variant's stock movements, newest first")
    .argument('<sku>', 'the merchandise variant')
    .option('--limit <n>', 'at most this many (default 100)')
    .addHelpText('after', examples('pos stock history GRIP-M'))
    .action((sku: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await stockCommands()).stockHistory(ctx, sku, command.opts<StockHistoryOptions>()),
      ),
    );
  stock
    .command('count')
    .description('a stock count from a CSV of SKU,COUNTED lines: the variances, applied only with --apply')
    .option('--file <path>', 'the CSV (a header line sku,counted may come first)')
    .option('--apply', 'apply the count (default: a dry run that changes nothing)')
    .option('--reason <text>', "the count's name, e.g. Monthly count")
    .addHelpText(
      'after',
      examples('pos stock count --file counts.csv', 'pos stock count --file counts.csv --apply'),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await stockCommands()).stockCount(ctx, command.opts<StockCountOptions>()),
      ),
    );
  stock
    .command('import')
    .description(
      'deliveries from a CSV with the columns sku,quantity[,reason]: the levels after, applied only with --apply',
    )
    .option('--file <path>', 'the CSV (first line: sku,quantity or sku,quantity,reason)')
    .option('--apply', 'receive the deliveries (default: a dry run that changes nothing)')
    .option('--reason <text>', "the reason of rows without one, e.g. the supplier's delivery note")
    .addHelpText(
      'after',
      examples(
        'pos stock import --file delivery.csv',
        'pos stock import --file delivery.csv --apply --reason "PO 4471"',
      ),
    )
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await stockCommands()).stockImport(ctx, command.opts<StockImportOptions>()),
      ),
    );

  // --- working through an outage (docs/offline.md) --------------------------------------------
  const sync = program
    .command('sync')
    .description('sales and redeems made while the server was down: status, send them, conflicts')
    .addHelpText(
      'after',
      examples(
        'pos sync status',
        'pos sync now',
        'pos sync conflicts',
        'pos sync resolve <id> --note "refunded"',
      ),
    );
  const syncCommands = async () => import('./commands/sync');
  sync
    .command('status')
    .description('what this computer made offline and has not synced yet, and what the server refused')
    .addHelpText('after', examples('pos sync status', 'pos sync status --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await syncCommands()).syncStatus(ctx)),
    );
  sync
    .command('now')
    .description('send what waits, in order (exit 4 if the server stops answering)')
    .addHelpText('after', examples('pos sync now'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) => (await syncCommands()).syncNow(ctx)),
    );
  sync
    .command('conflicts')
    .description("every terminal's offline sales and redeems the server refused (manager)")
    .option('--all', 'resolved ones too')
    .addHelpText('after', examples('pos sync conflicts', 'pos sync conflicts --all --json'))
    .action((_options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await syncCommands()).syncConflicts(ctx, command.opts<SyncConflictsOptions>()),
      ),
    );
  sync
    .command('resolve')
    .description('close a conflict, saying what was done (manager)')
    .argument('<id>', 'the conflict id (pos sync conflicts)')
    .option('--note <text>', 'what was done, e.g. "charged the difference at the desk"')
    .addHelpText('after', examples('pos sync resolve 3f2a… --note "second entry charged at the desk"'))
    .action((id: string, _options, command: Command) =>
      withContext(io, command, async (ctx) =>
        (await syncCommands()).syncResolve(ctx, id, command.opts<SyncResolveOptions>()),
      ),
    );

  return program;
}
