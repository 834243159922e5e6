import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifySecret } from '../auth/secretHash';
import { type CliIo, runCli } from '../cli/runCli';
import { createDb } from '../db/createDb';

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

  it('prints the usage for help', async () => {
    expect(await runCli(['help'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/serve[\s\S]*migrate[\s\S]*seed --demo[\s\S]*user add/);
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
    expect(out).toEqual(['Demo data loaded.', 'The database is not empty: nothing seeded.']);
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
    expect(out).toEqual(['Added Siti Aminah <siti@venue.my>']);
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
    expect(out[1]).toBe('siti@venue.my\tSiti Aminah');
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

  it('needs --password and --pin when not on a terminal', async () => {
    expect(await runCli(['user', 'add', '--email', 'a@venue.my', '--first', 'A'], io)).toBe(2);
    expect(err[0]).toMatch(/--password is required/);
  });
});
