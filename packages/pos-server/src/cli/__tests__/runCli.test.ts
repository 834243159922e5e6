import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { TERMINAL_ID_RULE_TEXT } from 'pos-sdk/rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseUrlOf } from '../../__tests__/support/serverOnTestDatabase';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  withSchemaChangeLock,
} from '../../__tests__/support/testApp';
import { verifySecret } from '../../auth/secretHash';
import { issueStaffToken } from '../../auth/staffTokens';
import { CONFIG_ENV_KEYS } from '../../config';
import { createDb } from '../../db/createDb';
import { type CliIo, runCli } from '../runCli';

describe('runCli', () => {
  let dir: string;
  let out: string[];
  let err: string[];
  let io: CliIo;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pos-cli-test-'));
    out = [];
    err = [];
    io = {
      env: { POS_DATABASE_URL: `sqlite:${join(dir, 'pos.db')}` },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      isInteractive: false,
    };
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 2 with one clear line for an invalid configuration', async () => {
    const code = await runCli(['serve'], { ...io, env: { PORT: 'eighty' } });
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^Invalid configuration: PORT /);
  });

  it('exits 2 for an unknown command, with a hint', async () => {
    expect(await runCli(['launch'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/Unknown command "launch"[\s\S]*pos-server help/);
  });

  it('prints the usage for help, with every environment variable the server reads (and docs/server.md has each)', async () => {
    expect(await runCli(['help'], io)).toBe(0);
    const help = out.join('\n');
    expect(help).toMatch(/serve[\s\S]*migrate[\s\S]*seed --demo[\s\S]*user add/);
    const docs = readFileSync(new URL('../../../../../docs/server.md', import.meta.url), 'utf8');
    expect(CONFIG_ENV_KEYS).toContain('POS_DATA_DIR');
    for (const key of CONFIG_ENV_KEYS) {
      expect(help, key).toMatch(new RegExp(`\\b${key}\\b`));
      expect(docs, key).toContain(`\`${key}\``);
    }
  });

  it('says which port is taken and how to choose another, when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const code = await runCli(['serve'], {
        ...io,
        env: { ...io.env, PORT: String(port), HOST: '127.0.0.1', POS_LOG_LEVEL: 'silent' },
      });
      expect(code).toBe(1);
      expect(err.join('\n')).toContain(`port ${port} is already in use`);
      expect(err.join('\n')).toContain('PORT=');
    } finally {
      blocker.close();
    }
  });

  it('migrates, then reports the database up to date', async () => {
    expect(await runCli(['migrate'], io)).toBe(0);
    expect(out[0]).toMatch(/^Applied: 0001_staff_and_auth/);
    expect(await runCli(['migrate'], io)).toBe(0);
    expect(out[1]).toBe('The database is up to date.');
  });

  it('seeds the demo data once with seed --demo', async () => {
    expect(await runCli(['seed'], io)).toBe(2);
    expect(await runCli(['seed', '--demo'], io)).toBe(0);
    expect(await runCli(['seed', '--demo'], io)).toBe(0);
    expect(out).toEqual([
      'Demo data loaded.',
      'The database is not empty (it has staff or a catalogue): nothing seeded. The demo data goes only into a new database; a venue adds its own with the pos command (docs/cli.md, "A new venue").',
    ]);
  });

  it('adds a staff member with user add, password and PIN hashed', async () => {
    const code = await runCli(
      [
        'user',
        'add',
        '--email',
        'Siti@Venue.my',
        '--name',
        'Siti Aminah',
        '--password',
        'secret-pass',
        '--pin',
        '4821',
      ],
      io,
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toEqual(['Added Siti Aminah <siti@venue.my> (staff)']);
    const db = createDb(io.env.POS_DATABASE_URL ?? '');
    try {
      const staff = await db.selectFrom('staff').selectAll().executeTakeFirstOrThrow();
      expect(staff).toMatchObject({ email: 'siti@venue.my', first_name: 'Siti', last_name: 'Aminah' });
      expect(await verifySecret('secret-pass', staff.password_hash)).toBe(true);
      expect(await verifySecret('4821', staff.pin_hash)).toBe(true);
    } finally {
      await db.destroy();
    }
    expect(await runCli(['user', 'list'], io)).toBe(0);
    expect(out[1]).toBe('siti@venue.my\tSiti Aminah\tstaff');
  });

  it('refuses a duplicate email, a short password and a PIN that is not digits', async () => {
    const add = (email: string, password: string, pin: string) =>
      runCli(['user', 'add', '--email', email, '--first', 'A', '--password', password, '--pin', pin], io);
    expect(await add('a@venue.my', 'long-enough', '1234')).toBe(0);
    expect(await add('a@venue.my', 'long-enough', '1234')).toBe(1);
    expect(await add('b@venue.my', 'short', '1234')).toBe(1);
    expect(await add('c@venue.my', 'long-enough', '12ab')).toBe(1);
    expect(err).toEqual([
      'pos-server: A staff member with email a@venue.my already exists',
      'pos-server: Invalid password: must be at least 8 characters',
      'pos-server: Invalid pin: must be 4 to 12 digits',
    ]);
  });

  it('adds the first manager of a new venue with --role manager, and refuses another role', async () => {
    const add = (role: string) =>
      runCli(
        [
          'user',
          'add',
          '--email',
          `${role}@venue.my`,
          '--first',
          'A',
          '--password',
          'long-enough',
          '--pin',
          '1234',
          '--role',
          role,
        ],
        io,
      );
    expect(await add('manager')).toBe(0);
    expect(out).toEqual(['Added A <manager@venue.my> (manager)']);
    expect(await add('owner')).toBe(2);
    expect(err[0]).toMatch(/--role must be staff or manager/);
  });

  it('needs --password and --pin (or POS_PASSWORD and POS_PIN) when not on a terminal', async () => {
    expect(await runCli(['user', 'add', '--email', 'a@venue.my', '--first', 'A'], io)).toBe(2);
    expect(err[0]).toMatch(/--password \(or POS_PASSWORD\) is required/);
    const scripted = { ...io, env: { ...io.env, POS_PASSWORD: 'long-enough', POS_PIN: '4321' } };
    expect(await runCli(['user', 'add', '--email', 'a@venue.my', '--first', 'A'], scripted)).toBe(0);
    expect(out).toEqual(['Added A <a@venue.my>(staff)'.replace('>(', '> (')]);
  });

  it("refuses an address the SDK's email rule refuses, with the spec's 'Invalid email format'", async () => {
    const add = (email: string) =>
      runCli(
        ['user', 'add', '--email', email, '--first', 'A', '--password', 'long-enough', '--pin', '1234'],
        io,
      );
    expect(await add('a@-x.com')).toBe(1);
    expect(err).toEqual(['pos-server: Invalid email format']);
    expect(await add('a!b@example.com')).toBe(0);
  });

  it('registers, lists and unregisters terminals', async () => {
    expect(await runCli(['terminal', 'list'], io)).toBe(0);
    expect(out).toEqual(['No terminal is registered. Register one with: pos-server terminal add ID']);
    out.length = 0;
    expect(await runCli(['terminal', 'add', 'TICKET02'], io)).toBe(0);
    expect(await runCli(['terminal', 'add', 'TICKET02'], io)).toBe(0);
    expect(out).toEqual([
      'Registered terminal TICKET02 for store STORE: pair a device with it (pos-server terminal pair TICKET02), or sign in on it with X-Host-Name TICKET02.',
      'Terminal TICKET02 is registered already.',
    ]);
    out.length = 0;
    expect(await runCli(['terminal', 'list'], io)).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^TICKET02\tSTORE\tregistered \S+ by pos-server$/)]);
    out.length = 0;
    expect(await runCli(['terminal', 'remove', 'TICKET02'], io)).toBe(0);
    expect(out).toEqual([
      'Unregistered terminal TICKET02: no one can sign in on it, and its tokens no longer work.',
    ]);
    expect(await runCli(['terminal', 'remove', 'TICKET02'], io)).toBe(1);
    expect(err).toEqual(['pos-server: No registered terminal TICKET02']);
    err.length = 0;
    expect(await runCli(['terminal', 'add', 'bad id'], io)).toBe(2);
    expect(err).toEqual([`${TERMINAL_ID_RULE_TEXT}\nRun "pos-server help" for usage.`]);
    expect(await runCli(['terminal', 'add'], io)).toBe(2);
    expect(await runCli(['terminal', 'rename', 'X'], io)).toBe(2);
  });

  it('revokes every token of a staff member with user revoke-tokens', async () => {
    expect(await runCli(['seed', '--demo'], io)).toBe(0);
    const db = createDb(io.env.POS_DATABASE_URL ?? '');
    try {
      const staff = await db
        .selectFrom('staff')
        .select('id')
        .where('email', '=', 'manager@demo.pos')
        .executeTakeFirstOrThrow();
      const now = new Date();
      for (let i = 0; i < 2; i++) {
        await issueStaffToken(db, {
          staffId: staff.id,
          kind: 'user',
          ttlMs: 60_000,
          now,
          terminalId: 'TICKET01',
        });
      }
    } finally {
      await db.destroy();
    }
    expect(await runCli(['user', 'revoke-tokens', '--email', 'Manager@demo.pos'], io)).toBe(0);
    expect(out.at(-1)).toBe('Revoked 2 token(s) of manager@demo.pos: signed out everywhere.');
    expect(await runCli(['user', 'revoke-tokens', '--email', 'nobody@demo.pos'], io)).toBe(1);
    expect(await runCli(['user', 'revoke-tokens'], io)).toBe(2);
  });

  it("grants and revokes approve_discounts with user grant|revoke, on the server's machine", async () => {
    expect(await runCli(['seed', '--demo'], io)).toBe(0);
    out.length = 0;
    expect(await runCli(['user', 'grant', '--email', 'Cashier@demo.pos', 'approve_discounts'], io)).toBe(0);
    expect(out).toEqual(['Ana Cashier <cashier@demo.pos> may now approve discounts.']);
    expect(await runCli(['user', 'list'], io)).toBe(0);
    expect(out).toContain('cashier@demo.pos\tAna Cashier\tstaff\tapproves discounts');
    expect(await runCli(['user', 'revoke', '--email', 'cashier@demo.pos', 'approve_discounts'], io)).toBe(0);
    expect(out.at(-1)).toBe('Ana Cashier <cashier@demo.pos> may no longer approve discounts.');
    const db = createDb(io.env.POS_DATABASE_URL ?? '');
    try {
      const row = await db
        .selectFrom('staff')
        .select('approve_discounts')
        .where('email', '=', 'cashier@demo.pos')
        .executeTakeFirstOrThrow();
      expect(row.approve_discounts).toBe(0);
      const audited = await db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'staff.updated')
        .execute();
      expect(audited).toHaveLength(2);
    } finally {
      await db.destroy();
    }
    expect(await runCli(['user', 'grant', '--email', 'cashier@demo.pos', 'refunds'], io)).toBe(2);
    expect(err.at(-1)).toContain('pos-server user grant --email EMAIL approve_discounts');
    expect(await runCli(['user', 'grant', '--email', 'nobody@demo.pos', 'approve_discounts'], io)).toBe(1);
    expect(err.at(-1)).toBe('pos-server: No staff member with email nobody@demo.pos');
  });
});

/**
 * `pos-server terminal pair|add` on the server's machine, on both engines: a manager who cannot sign in anywhere yet
 * makes the pairing code a device enters on /pair, and a terminal id that reads as an option is refused in the rule's
 * words rather than taken for one.
 */
describeOnEngines('pos-server terminal pair and add', (engine) => {
  let t: TestApp;
  let out: string[];
  let err: string[];
  let io: CliIo;
  /** The command line on the test app's database (on PostgreSQL under the schema-change lock: it migrates first). */
  const cli = (args: string[]): Promise<number> =>
    engine === 'postgres' ? withSchemaChangeLock(() => runCli(args, io)) : runCli(args, io);
  const pair = (code: string) => t.inject({ method: 'POST', url: '/v1/pair', payload: { code } });

  beforeEach(async () => {
    t = await createTestApp({ engine });
    out = [];
    err = [];
    io = {
      env: { POS_DATABASE_URL: databaseUrlOf(t), POS_DATA_DIR: t.config.dataDir ?? '' },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      isInteractive: false,
    };
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => {
    await t.close();
  });

  it('prints a one-time code for terminal pair ID (registering the terminal) that pairs one device', async () => {
    expect(await cli(['terminal', 'pair', 'TICKET02'])).toBe(0);
    expect(err).toEqual([]);
    const code = /: ([A-Z0-9]{4}-[A-Z0-9]{4})$/.exec(out[1] ?? '')?.[1] ?? '';
    expect(out).toEqual([
      'Registered terminal TICKET02 for store STORE.',
      `Pairing code for TICKET02 (store STORE): ${code}`,
      "Enter it on the device's pairing screen (/pair) within 10 minutes; it works once.",
    ]);

    const paired = await pair(code);
    expect(paired.statusCode).toBe(200);
    expect(paired.json()).toEqual({ terminal: 'TICKET02', store: 'STORE' });
    const again = await pair(code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SERVER_MESSAGES.pairingCodeUsed);

    // A terminal registered already gets a code for its own store, and --store naming that store is no change.
    out.length = 0;
    expect(await cli(['terminal', 'pair', 'TICKET01', '--store', 'STORE'])).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(/^Pairing code for TICKET01 \(store STORE\): [A-Z0-9]{4}-[A-Z0-9]{4}$/),
      "Enter it on the device's pairing screen (/pair) within 10 minutes; it works once.",
    ]);
  });

  it('refuses --store of another store for a registered terminal, and a store that does not exist', async () => {
    expect(await cli(['terminal', 'pair', 'TICKET01', '--store', 'KL01'])).toBe(1);
    expect(err).toEqual([`pos-server: ${SERVER_MESSAGES.terminalOfOtherStore('TICKET01', 'STORE')}`]);
    expect(await cli(['terminal', 'pair', 'TICKET05', '--store=NOPE'])).toBe(1);
    expect(err.at(-1)).toBe(`pos-server: ${SERVER_MESSAGES.unknownStore('NOPE')}`);
    expect(await cli(['terminal', 'pair', 'TICKET05', '--store'])).toBe(2);
    expect(err.at(-1)).toContain('--store needs a store code, e.g. --store KL01');
    expect(out).toEqual([]);
    const terminals = await t.db.selectFrom('terminals').select('id').execute();
    expect(terminals.map((row) => row.id)).toEqual(['TICKET01']);
  });

  it.each([
    ['terminal add -cmd', ['terminal', 'add', '-cmd']],
    ['terminal add -- -cmd', ['terminal', 'add', '--', '-cmd']],
    ['terminal pair -- -cmd', ['terminal', 'pair', '--', '-cmd']],
    ['terminal remove -- -cmd', ['terminal', 'remove', '--', '-cmd']],
  ])('refuses %s with the rule of terminal ids (exit 2), registering nothing', async (_name, args) => {
    expect(await cli(args)).toBe(2);
    expect(err).toEqual([`${TERMINAL_ID_RULE_TEXT}\nRun "pos-server help" for usage.`]);
    const terminals = await t.db.selectFrom('terminals').select('id').execute();
    expect(terminals.map((row) => row.id)).toEqual(['TICKET01']);
  });
});
