import { parseArgs } from 'node:util';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { checkTerminalId, describePairingCode, personName } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import { revokeStaffTokens } from '../auth';
import { CONFIG_ENV_KEYS, type Config, ConfigError, describeMailDestination, loadConfig } from '../config';
import { createDb } from '../db/createDb';
import { isPostgres } from '../db/dialect';
import { whenDurable } from '../db/groupCommit';
import { migrateToLatest } from '../db/migrateToLatest';
import { DEMO_STAFF, seedDemo } from '../demo';
import { isHttpProblem } from '../http/HttpProblem';
import { closeOnSignals, createLogger, startServer } from '../server';
import { addStaff } from '../staff';
import {
  listTerminals,
  makePairingCode,
  registerTerminal,
  terminalStore,
  unregisterTerminal,
} from '../terminals';
import { promptHidden } from './promptHidden';

/** The command line's usage text. */
/** Words wrapped into lines of at most `width` characters. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

export const USAGE = `Usage: pos-server <command> [options]

Commands:
  serve                 migrate the database, then serve the API (and the cashier UI build, if present)
  migrate               bring the database schema up to date
  seed --demo           load the demo staff and catalogue into an empty database
  user add --email EMAIL --first FIRST [--last LAST] [--role staff|manager] [--password PASSWORD] [--pin PIN]
                        add a staff member (password and PIN: the flags, else POS_PASSWORD and POS_PIN,
                        else asked on a terminal);
                        the first manager of a new venue is added this way, the rest with \`pos staff add\`
  user list             list the staff members
  user grant|revoke --email EMAIL approve_discounts
                        let a staff member approve discounts with their PIN, or take it back (managers always may)
  user revoke-tokens --email EMAIL
                        sign a staff member out everywhere: every token of theirs stops working at once
  terminal add ID [--store CODE]
                        register a terminal (its X-Host-Name, e.g. TICKET02) for a store (default POS_STORE)
  terminal pair ID [--store CODE]
                        register the terminal if needed and print a one-time pairing code (10 minutes) that
                        a device enters on its /pair screen to become that terminal
  terminal list         list the registered terminals
  terminal remove ID    unregister a terminal: no sign-in on it, its tokens stop working (no open shift)
  demo                  what \`npm start\` runs: sqlite:./data/pos.db, migrate, demo seed if empty, serve
  help                  show this help

Settings come from the environment (see docs/server.md):
${wrap(CONFIG_ENV_KEYS.join(', '), 100)}`;

/** The database `demo` (and so `npm start`) uses, relative to the working directory. */
export const DEMO_DATABASE_URL = 'sqlite:./data/pos.db';

/** Exit codes: 0 done, 1 failed, 2 wrong configuration or command line. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Where the command line writes, and what it reads. */
export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Is stdin a terminal (prompts allowed)? */
  isInteractive: boolean;
}

/** A wrong command line: printed with a hint, exit code 2. */
class UsageError extends Error {}

async function withDatabase<T>(
  config: Config,
  work: (db: ReturnType<typeof createDb>) => Promise<T>,
): Promise<T> {
  const db = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const result = await work(db);
    await whenDurable(); // on disk before the command says it is done (SQLite's group commit)
    return result;
  } finally {
    await db.destroy();
  }
}

async function serve(config: Config, demo: boolean, io: CliIo): Promise<void> {
  const logger = createLogger(config.logLevel);
  const server = await startServer({ config, logger, seedDemoIfEmpty: demo });
  closeOnSignals(server, logger);
  io.out(`POS is running at ${server.url}`);
  if (!demo) io.out(describeMailDestination(config));
  if (demo) {
    if (server.seeded) io.out('Demo data loaded into a new database.');
    io.out(
      server.mail.transport.kind === 'files'
        ? `Emails (receipts, passes) are written as .eml files to ${server.mail.transport.description} (set POS_SMTP_URL to send them).`
        : `Emails are sent through ${server.mail.transport.description}.`,
    );
    io.out(
      `Demo sign-in: ${DEMO_STAFF.map((staff) => `${staff.email} / ${staff.password} (PIN ${staff.pin})`).join(', ')}`,
    );
    io.out('Press Ctrl+C to stop.');
  }
}

/** A secret from its flag, else its environment variable (scripts), else asked without echo on a terminal. */
async function secretOption(
  value: string | undefined,
  question: string,
  flag: string,
  envName: string,
  io: CliIo,
) {
  const given = value ?? io.env[envName];
  if (given !== undefined && given !== '') return given;
  if (!io.isInteractive) {
    throw new UsageError(`${flag} (or ${envName}) is required when not running on a terminal`);
  }
  return promptHidden(question);
}

async function user(config: Config, args: string[], io: CliIo): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') {
    await withDatabase(config, async (db) => {
      const rows = await db
        .selectFrom('staff')
        .select(['email', 'first_name', 'last_name', 'role', 'approve_discounts', 'active'])
        .orderBy('email')
        .execute();
      for (const row of rows) {
        const approves = row.role !== 'manager' && row.approve_discounts === 1 ? '\tapproves discounts' : '';
        io.out(
          `${row.email}\t${personName(row)}\t${row.role}${approves}${row.active === 1 ? '' : '\t(inactive)'}`,
        );
      }
    });
    return;
  }
  if (action === 'revoke-tokens') {
    const { values } = parseArgs({ args: rest, options: { email: { type: 'string' } }, strict: true });
    const email = values.email?.trim().toLowerCase();
    if (email === undefined || email === '') throw new UsageError('--email is required');
    const revoked = await withDatabase(config, async (db) => {
      const staff = await db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
      if (staff === undefined) throw new Error(`No staff member with email ${email}`);
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        // The member's row first, as a password reset does: a sign-in issuing a token at this moment (which
        // share-locks the row) is waited for, and its token revoked (see issueIdTokenForPassword).
        const row = trx.selectFrom('staff').select('id').where('id', '=', staff.id);
        await (isPostgres(trx) ? row.forNoKeyUpdate() : row).execute();
        const count = await revokeStaffTokens(trx, staff.id, now);
        await recordAudit(trx, {
          action: 'staff.tokens_revoked',
          staffId: null,
          terminalId: null,
          at: now,
          subject: { type: 'staff', id: staff.id },
          details: { by: 'pos-server', count },
        });
        return count;
      });
    });
    io.out(`Revoked ${revoked} token(s) of ${email}: signed out everywhere.`);
    return;
  }
  if (action === 'grant' || action === 'revoke') {
    await setRight(config, action === 'grant', rest, io);
    return;
  }
  if (action !== 'add') {
    throw new UsageError('Use "user add", "user list", "user grant", "user revoke" or "user revoke-tokens"');
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      pin: { type: 'string' },
      role: { type: 'string' },
    },
    strict: true,
  });
  const role = values.role?.trim().toLowerCase() ?? 'staff';
  if (role !== 'staff' && role !== 'manager') throw new UsageError('--role must be staff or manager');
  const [nameFirst = '', ...nameRest] = (values.name ?? '').trim().split(/\s+/);
  const firstName = values.first ?? nameFirst;
  const lastName = values.last ?? nameRest.join(' ');
  const email = values.email;
  if (email === undefined) throw new UsageError('--email is required');
  if (firstName === '') throw new UsageError('--first (or --name "First Last") is required');
  const password = await secretOption(values.password, 'Password: ', '--password', 'POS_PASSWORD', io);
  const pin = await secretOption(values.pin, 'PIN (digits): ', '--pin', 'POS_PIN', io);
  await withDatabase(config, (db) =>
    addStaff(db, { email, firstName, lastName, password, pin, role }, new Date()),
  );
  io.out(
    `Added ${personName({ first: firstName, last: lastName })} <${email.trim().toLowerCase()}> (${role})`,
  );
}

/**
 * The arguments of `terminal add|pair|remove ID [--store CODE]`: `--store` (not for remove) and one terminal id, checked
 * by the one rule of terminal ids. An id may not start with "-", so `terminal add -cmd` (or `-- -cmd`) is refused
 * with the rule's words rather than read as an option.
 */
function terminalArguments(
  action: string,
  args: readonly string[],
): { id: string; store: string | undefined } {
  const ids: string[] = [];
  let store: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (action !== 'remove' && arg === '--store') {
      store = args[i + 1];
      i += 1;
      if (store === undefined || store === '')
        throw new UsageError('--store needs a store code, e.g. --store KL01');
    } else if (action !== 'remove' && arg.startsWith('--store=')) {
      store = arg.slice('--store='.length);
    } else if (arg !== '--') {
      ids.push(arg);
    }
  }
  if (ids.length !== 1) throw new UsageError(`Give one terminal id: pos-server terminal ${action} TICKET02`);
  const checked = checkTerminalId(ids[0] ?? '');
  if (!checked.ok) throw new UsageError(checked.message);
  return { id: checked.value, store };
}

/** `user grant|revoke --email EMAIL approve_discounts`: on the server's machine, as a manager's `pos staff grant`. */
async function setRight(config: Config, granted: boolean, args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { email: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const email = values.email?.trim().toLowerCase();
  const verb = granted ? 'grant' : 'revoke';
  if (
    email === undefined ||
    email === '' ||
    positionals.length !== 1 ||
    positionals[0] !== 'approve_discounts'
  ) {
    throw new UsageError(`Use: pos-server user ${verb} --email EMAIL approve_discounts`);
  }
  const member = await withDatabase(config, (db) =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff')
        .select(['id', 'first_name', 'last_name', 'role'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (row === undefined) throw new Error(`No staff member with email ${email}`);
      const now = new Date();
      await trx
        .updateTable('staff')
        .set({ approve_discounts: granted ? 1 : 0 })
        .where('id', '=', row.id)
        .execute();
      await recordAudit(trx, {
        action: 'staff.updated',
        staffId: null,
        terminalId: null,
        at: now,
        subject: { type: 'staff', id: row.id },
        details: { by: 'pos-server', email, changes: { approve_discounts: granted ? 1 : 0 } },
      });
      return row;
    }),
  );
  const who = `${personName(member)} <${email}>`;
  if (member.role === 'manager') {
    io.out(`${who} is a manager: managers approve discounts whatever their rights.`);
  } else {
    io.out(granted ? `${who} may now approve discounts.` : `${who} may no longer approve discounts.`);
  }
}

async function terminal(config: Config, args: string[], io: CliIo): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') {
    const terminals = await withDatabase(config, listTerminals);
    if (terminals.length === 0)
      io.out('No terminal is registered. Register one with: pos-server terminal add ID');
    for (const entry of terminals) {
      io.out(
        `${entry.id}\t${entry.store}\tregistered ${entry.registeredAt}${entry.registeredBy ? ` by ${entry.registeredBy}` : ''}`,
      );
    }
    return;
  }
  if (action !== 'add' && action !== 'remove' && action !== 'pair') {
    throw new UsageError(
      'Use "terminal add ID", "terminal pair ID", "terminal list" or "terminal remove ID"',
    );
  }
  const { id, store } = terminalArguments(action, rest);
  await withDatabase(config, async (db) => {
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      if (action === 'pair') {
        const made = await makePairingCode(trx, {
          terminal: id,
          store,
          defaultStore: config.store,
          by: 'pos-server',
          now,
        });
        await recordAudit(trx, {
          action: 'terminal.pairing_code',
          staffId: null,
          terminalId: null,
          at: now,
          details: { by: 'pos-server', terminal: id, store: made.store, registered: made.registered },
        });
        for (const line of describePairingCode(made).split('\n')) io.out(line);
        return;
      }
      if (action === 'add') {
        const registeredStore = await terminalStore(trx, id);
        if (registeredStore !== undefined && store !== undefined && store !== registeredStore) {
          throw new Error(SERVER_MESSAGES.terminalOfOtherStore(id, registeredStore));
        }
      }
      const changed =
        action === 'add'
          ? await registerTerminal(trx, { id, store: store ?? config.store, by: 'pos-server', now })
          : await unregisterTerminal(trx, id, now);
      if (changed) {
        await recordAudit(trx, {
          action: action === 'add' ? 'terminal.registered' : 'terminal.unregistered',
          staffId: null,
          terminalId: id,
          at: now,
          details: { by: 'pos-server' },
        });
      }
      if (action === 'add') {
        io.out(
          changed
            ? `Registered terminal ${id} for store ${store ?? config.store}: pair a device with it (pos-server terminal pair ${id}), or sign in on it with X-Host-Name ${id}.`
            : `Terminal ${id} is registered already.`,
        );
      } else if (changed) {
        io.out(`Unregistered terminal ${id}: no one can sign in on it, and its tokens no longer work.`);
      } else {
        throw new Error(SERVER_MESSAGES.noRegisteredTerminal(id));
      }
    });
  });
}

async function run(argv: readonly string[], io: CliIo): Promise<void> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return;
  }
  const env = { ...io.env };
  if (command === 'demo') {
    env.POS_DATABASE_URL = DEMO_DATABASE_URL;
    // The demo's files stay beside its database (./data), never in a venue's POS_DATA_DIR, nor a venue's there.
    delete env.POS_DATA_DIR;
    env.POS_LOG_LEVEL ??= 'warn';
    // The demo's one till pairs by itself, so `npm start` stays one command.
    env.POS_AUTO_PAIR ??= 'TICKET01';
  }
  const config = loadConfig(env);
  switch (command) {
    case 'serve':
      return serve(config, false, io);
    case 'demo':
      return serve(config, true, io);
    case 'migrate': {
      const db = createDb(config.databaseUrl);
      try {
        const names = await migrateToLatest(db);
        io.out(names.length === 0 ? 'The database is up to date.' : `Applied: ${names.join(', ')}`);
      } finally {
        await db.destroy();
      }
      return;
    }
    case 'seed': {
      if (!args.includes('--demo')) throw new UsageError('Only "seed --demo" exists');
      const seeded = await withDatabase(config, (db) =>
        seedDemo(db, { store: config.store, now: new Date() }),
      );
      io.out(
        seeded
          ? 'Demo data loaded.'
          : 'The database is not empty (it has staff or a catalogue): nothing seeded. The demo data goes only into a new database; a venue adds its own with the pos command (docs/cli.md, "A new venue").',
      );
      return;
    }
    case 'user':
      return user(config, args, io);
    case 'terminal':
      return terminal(config, args, io);
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

const isParseArgsError = (error: unknown) =>
  error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');

/**
 * Runs one `pos-server` command. `serve` and `demo` resolve once listening (the process keeps running until
 * SIGINT/SIGTERM); the others when done.
 *
 * @returns the exit code: 0, 1 on failure, 2 for a wrong configuration (one clear line) or command line.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await run(argv, io);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return EXIT.usage;
    }
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.err(`${(error as Error).message}\nRun "pos-server help" for usage.`);
      return EXIT.usage;
    }
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE') {
      const { port } = error as NodeJS.ErrnoException & { port?: number };
      io.err(
        `pos-server: port ${port ?? ''} is already in use (another pos-server?). Stop it, or choose another port: PORT=8081 pos-server serve`,
      );
      return EXIT.failed;
    }
    io.err(`pos-server: ${isHttpProblem(error) || error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}
