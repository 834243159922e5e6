import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AuditListResponseSchema,
  CatalogImportResponseSchema,
  CatalogListSchema,
  StaffListSchema,
  StaffMemberSchema,
  VenueSettingsSchema,
} from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

const HEADER =
  'type,sku,product,category,group,size,price,min_qty,usage_limit,duration_value,duration_unit,barcode,active';

/**
 * The back office from the `pos` command, as a manager's script runs it: the built binary, no terminal, against a
 * real server on a temporary database.
 */
describe('pos back office (catalog, staff, settings, audit)', () => {
  let server: TestServer;
  let managerDir: string;
  let cashierDir: string;
  const as =
    (configDir: string) =>
    (args: string[], stdin?: string): Promise<PosRun> =>
      runPos(args, { configDir, server: server.url, ...(stdin === undefined ? {} : { stdin }) });
  const manager = (...args: string[]) => as(managerDir)(args);
  const cashier = (...args: string[]) => as(cashierDir)(args);
  const json = async (...args: string[]): Promise<unknown> => {
    const run = await manager(...args, '--json');
    expect(run.stderr, `pos ${args.join(' ')}`).toBe('');
    expect(run.code, `pos ${args.join(' ')}`).toBe(0);
    return JSON.parse(run.stdout) as unknown;
  };

  beforeAll(async () => {
    server = await startTestServer();
    managerDir = await mkdtemp(join(server.dir, 'manager-'));
    cashierDir = await mkdtemp(join(server.dir, 'cashier-'));
    expect((await manager('login', '--email', 'manager@demo.pos', '--password', 'demo1234')).code).toBe(0);
    expect((await cashier('login', '--email', 'cashier@demo.pos', '--password', 'demo1234')).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('tells a staff member that only a manager can, exit 1, and keeps them signed in', async () => {
    for (const args of [
      ['catalog', 'list'],
      ['catalog', 'edit', 'DAY-ADULT', '--price', '1'],
      ['staff', 'list'],
      ['settings', 'set', '--name', 'X'],
      ['audit'],
    ]) {
      const run = await cashier(...args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toBe('error: Only a manager can do this: ask a manager to sign in\n');
    }
    expect((await cashier('whoami')).code).toBe(0);
    expect((await cashier('settings', 'get')).code).toBe(0);
  });

  it('imports a catalogue file: --dry-run first, then for real; a bad row refuses the file with its line (exit 1)', async () => {
    const file = join(managerDir, 'venue.csv');
    await writeFile(
      file,
      `${HEADER}\nPASS,CLIMB-1,Climb Entry,Day Pass,Adult,,38.00,1,1,1,Day,,true\nMERCHANDISE,CHALK-S,Chalk,,,S,12.00,,,,,9555000000024,true\n`,
    );
    const dry = await manager('catalog', 'import', file, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(
      'Dry run: nothing was changed.\n  line 2: add CLIMB-1\n  line 3: add CHALK-S\n2 to add, 0 to update, 0 unchanged\n',
    );
    const applied = CatalogImportResponseSchema.parse(await json('catalog', 'import', file));
    expect(applied).toMatchObject({ applied: true, summary: { add: 2, update: 0, unchanged: 0 } });

    await writeFile(
      file,
      `${HEADER}\nPASS,CLIMB-1,Climb Entry,Day Pass,Adult,,40,1,1,1,Day,,true\nPASS,X,X,X,X,,1,1,1,1,Fortnight,,true\n`,
    );
    const bad = await manager('catalog', 'import', file);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      'error: The file was not imported, nothing was changed: line 3: duration.unit must be one of Day, Week, Month, Year\n',
    );
    const list = CatalogListSchema.parse(await json('catalog', 'list'));
    expect(list.items.find((item) => item.sku === 'CLIMB-1')).toMatchObject({ price: 38 });

    const fromStdin = await as(managerDir)(
      ['catalog', 'import', '-', '--format', 'json', '--dry-run'],
      JSON.stringify([{ type: 'MERCHANDISE', sku: 'TAPE-1', product: 'Tape', size: 'S', price: 8 }]),
    );
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stdout).toContain('line 1: add TAPE-1');
    const missing = await manager('catalog', 'import', join(managerDir, 'nope.csv'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.csv: ENOENT/);
  });

  it('adds a membership with --entries-per-day, lists its entries a day, edits them, and refuses 0 or 100', async () => {
    const membership = [
      'catalog',
      'add',
      '--sku',
      'CLIMB-M',
      '--product',
      'Climbing Membership',
      '--category',
      'Membership',
      '--group',
      'Adult',
      '--price',
      '150',
      '--usage-limit',
      '0',
      '--duration',
      '1 Month',
    ];
    expect(await json(...membership, '--entries-per-day', '2')).toMatchObject({
      sku: 'CLIMB-M',
      usage_limit: 0,
      entries_per_day: 2,
    });
    const listed = await manager('catalog', 'list');
    expect(listed.stdout).toMatch(/CLIMB-M .*min 1, 2 entries a day, 1 Month/);
    expect(listed.stdout).toMatch(/MEMBER-1M .*min 1, 1 entry a day, 1 Month/);
    expect(listed.stdout).toMatch(/PUNCH-10 .*min 1, 10 use\(s\), 6 Month/);
    expect(await json('catalog', 'edit', 'CLIMB-M', '--entries-per-day', '1')).toMatchObject({
      entries_per_day: 1,
    });
    for (const [value, message] of [
      ['0', '--entries-per-day must be at least 1'],
      ['100', '--entries-per-day must be at most 99'],
      ['two', '--entries-per-day must be a whole number'],
    ] as const) {
      const edit = await manager('catalog', 'edit', 'CLIMB-M', '--entries-per-day', value);
      expect(edit.code, value).toBe(2);
      expect(edit.stderr).toContain(message);
      const add = await manager(
        ...membership.map((arg) => (arg === 'CLIMB-M' ? 'CLIMB-M2' : arg)),
        '--entries-per-day',
        value,
      );
      expect(add.code, value).toBe(2);
      expect(add.stderr).toContain(message);
    }
  });

  it('adds, edits, retires and restores items, and lists retired ones with their status', async () => {
    const add = await manager(
      'catalog',
      'add',
      '--sku',
      'CLIMB-10',
      '--product',
      '10 Climb Pass',
      '--category',
      'Multi Pass',
      '--group',
      'Adult',
      '--price',
      '300',
      '--usage-limit',
      '10',
      '--duration',
      '6 Months',
    );
    expect(add.stderr).toBe('');
    expect(add.stdout).toBe('Added CLIMB-10: 10 Climb Pass, RM 300.00\n');
    const merch = await json(
      'catalog',
      'add',
      '--type',
      'merchandise',
      '--sku',
      'TAPE-1',
      '--product',
      'Tape',
      '--size',
      'S',
      '--price',
      '8.50',
    );
    expect(merch).toMatchObject({ type: 'MERCHANDISE', sku: 'TAPE-1', price: 8.5, barcode: null });
    expect((await manager('catalog', 'add', '--sku', 'Z', '--product', 'Z', '--price', 'ten')).code).toBe(2);
    expect(
      (
        await manager(
          'catalog',
          'add',
          '--sku',
          'CLIMB-10',
          '--product',
          'Z',
          '--group',
          'A',
          '--price',
          '1',
          '--usage-limit',
          '1',
          '--duration',
          '1 Day',
        )
      ).code,
    ).toBe(1);

    const edit = await manager('catalog', 'edit', 'CLIMB-10', '--price', '280');
    expect(edit.stdout).toBe('Updated CLIMB-10: 10 Climb Pass, RM 280.00\n');
    expect(await json('catalog', 'edit', 'TAPE-1', '--barcode', '9555000000031')).toMatchObject({
      barcode: '9555000000031',
    });
    expect(await json('catalog', 'edit', 'TAPE-1', '--no-barcode')).toMatchObject({ barcode: null });
    // SKUs ignore case: the edit of climb-10 changes CLIMB-10 and says so; an add of climb-10 is refused.
    const lower = await manager('catalog', 'edit', 'climb-10', '--price', '285');
    expect(lower.stdout).toBe('Updated CLIMB-10: 10 Climb Pass, RM 285.00\n');
    expect(await json('catalog', 'edit', 'climb-10', '--price', '280')).toMatchObject({
      sku: 'CLIMB-10',
      price: 280,
    });
    expect((await manager('catalog', 'edit', 'TAPE-1')).code).toBe(2);
    const unknown = await manager('catalog', 'edit', 'NOPE', '--price', '1');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: No catalogue item with SKU NOPE\n');

    expect((await manager('catalog', 'retire', 'GRIP-S')).stdout).toBe(
      'Retired GRIP-S: off the sales screen\n',
    );
    expect(
      (await manager('catalog', 'retire', '--product', 'Water Bottle', '--type', 'merchandise')).code,
    ).toBe(0);
    const listed = await manager('catalog', 'list');
    expect(listed.stdout).toMatch(/GRIP-S\s*│.*│\s*retired\s*│/);
    expect(listed.stdout).toMatch(/BOTTLE-750\s*│.*│\s*retired \(product\)\s*│/);
    const tiles = await cashier('catalog');
    expect(tiles.stdout).not.toContain('GRIP-S');
    expect(tiles.stdout).not.toContain('BOTTLE-750');
    expect(tiles.stdout).toMatch(/CLIMB-10\s*│\s*10 Climb Pass\s*│\s*Adult\s*│\s*RM 280\.00/);
    expect((await manager('catalog', 'restore', 'GRIP-S')).stdout).toBe(
      'Restored GRIP-S: back on the sales screen\n',
    );
    expect(
      (await manager('catalog', 'restore', '--product', 'Water Bottle', '--type', 'merchandise')).code,
    ).toBe(0);
    expect((await manager('catalog', 'retire')).code).toBe(2);
  });

  it('exports the catalogue to a file or stdout, in CSV or JSON', async () => {
    const out = join(managerDir, 'export.csv');
    const run = await manager('catalog', 'export', '--out', out);
    expect(run.code).toBe(0);
    const csv = await readFile(out, 'utf8');
    expect(csv.split('\n')[0]).toBe(`${HEADER},entries_per_day,tax_code`);
    expect(csv).toContain('MERCHANDISE,CHALK-S,Chalk,,,S,12.00,,,,,9555000000024,true');
    const jsonOut = await manager('catalog', 'export', '--format', 'json');
    expect(CatalogListSchema.shape.items.parse(JSON.parse(jsonOut.stdout)).length).toBeGreaterThan(10);
    expect((await manager('catalog', 'export', '--format', 'xml')).code).toBe(2);
  });

  it('manages staff: add with --password-stdin, list, edit, reset, disable (their session ends) and enable', async () => {
    const noStdin = await manager('staff', 'add', '--email', 'siti@venue.my', '--first', 'Siti');
    expect(noStdin.code).toBe(2);
    expect(noStdin.stderr).toMatch(/missing --password-stdin \(not a terminal/);
    const added = await as(managerDir)(
      [
        'staff',
        'add',
        '--email',
        'siti@venue.my',
        '--first',
        'Siti',
        '--last',
        'Aminah',
        '--password-stdin',
        '--json',
      ],
      'a-long-password\n4821\n',
    );
    expect(added.code).toBe(0);
    expect(StaffMemberSchema.parse(JSON.parse(added.stdout))).toMatchObject({
      email: 'siti@venue.my',
      role: 'staff',
    });
    const short = await as(managerDir)(
      ['staff', 'add', '--email', 'x@venue.my', '--first', 'X', '--password-stdin'],
      'short\n1234\n',
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/password/i);

    const list = StaffListSchema.parse(await json('staff', 'list'));
    expect(list.map((member) => member.email)).toEqual(
      expect.arrayContaining(['siti@venue.my', 'manager@demo.pos']),
    );
    expect((await manager('staff', 'edit', 'siti@venue.my', '--role', 'manager')).stdout).toBe(
      'Updated: Siti Aminah <siti@venue.my> (manager)\n',
    );
    expect((await manager('staff', 'edit', 'siti@venue.my', '--role', 'boss')).code).toBe(2);
    const reset = await as(managerDir)(
      ['staff', 'reset-password', 'siti@venue.my', '--password-stdin'],
      'new-long-password\n',
    );
    expect(reset.stdout).toBe('Password reset: Siti Aminah <siti@venue.my> (manager)\n');
    const pin = await as(managerDir)(['staff', 'reset-pin', 'siti@venue.my', '--pin-stdin'], '9042\n');
    expect(pin.stdout).toBe('PIN reset: Siti Aminah <siti@venue.my> (manager)\n');

    const sitiDir = await mkdtemp(join(server.dir, 'siti-'));
    const siti = as(sitiDir);
    expect((await siti(['login', '--email', 'siti@venue.my', '--password', 'new-long-password'])).code).toBe(
      0,
    );
    expect((await manager('staff', 'disable', 'siti@venue.my')).stdout).toBe(
      'Disabled: Siti Aminah <siti@venue.my> (manager, disabled)\n',
    );
    const after = await siti(['whoami']);
    expect(after.code).toBe(3);
    const self = await manager('staff', 'disable', 'manager@demo.pos');
    expect(self.code).toBe(1);
    expect(self.stderr).toBe('error: You cannot disable your own account\n');
    expect((await manager('staff', 'enable', 'siti@venue.my')).code).toBe(0);
    expect((await manager('staff', 'disable', 'nobody@venue.my')).stderr).toBe(
      'error: No staff member with email nobody@venue.my\n',
    );
  });

  it('gets and sets the venue settings; receipts carry them; no time zone change during a shift', async () => {
    const set = await manager(
      'settings',
      'set',
      '--name',
      'Demo Climbing Gym',
      '--address',
      '12 Jalan Ampang',
      '--registration-no',
      '202601234567',
      '--receipt-footer',
      'See you on the wall!',
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/Venue name\s*│\s*Demo Climbing Gym/);
    const settings = VenueSettingsSchema.parse(
      JSON.parse((await cashier('settings', 'get', '--json')).stdout),
    );
    expect(settings).toMatchObject({ name: 'Demo Climbing Gym', registration_no: '202601234567' });
    expect((await manager('settings', 'set')).code).toBe(2);
    // A change made after the cashier last loaded the settings is on the cashier's next printed receipt.
    expect((await manager('settings', 'set', '--phone', '+60 3-2141 0000')).code).toBe(0);
    expect((await manager('settings', 'set', '--time-zone', 'Mars/Base')).code).toBe(2);

    expect((await cashier('shift', 'start', '--float', '50')).code).toBe(0);
    const sale = await cashier('sell', '--item', 'DAY-ADULT', '--pay', 'cash:49', '--yes');
    expect(sale.code).toBe(0);
    expect(sale.stdout).toContain('Demo Climbing Gym');
    expect(sale.stdout).toContain('Reg. No. 202601234567');
    expect(sale.stdout).toContain('See you on the wall!');
    expect(sale.stdout).toContain('+60 3-2141 0000');
    const zone = await manager('settings', 'set', '--time-zone', 'Asia/Singapore');
    expect(zone.code).toBe(1);
    expect(zone.stderr).toBe(
      'error: The time zone cannot change while a shift is open: end every open shift first\n',
    );
  });

  it('lists the audit log a page at a time, filtered, and every page with --all', async () => {
    const page = AuditListResponseSchema.parse(await json('audit', '--action', 'catalog', '--limit', '2'));
    expect(page.entries).toHaveLength(2);
    expect(page.next_cursor).not.toBeNull();
    const all = AuditListResponseSchema.parse(
      await json('audit', '--action', 'catalog', '--all', '--limit', '3'),
    );
    expect(all.entries.length).toBeGreaterThan(5);
    expect(all.entries.every((entry) => entry.action.startsWith('catalog.'))).toBe(true);
    const human = await manager('audit', '--staff', 'cashier@demo.pos');
    expect(human.stdout).toMatch(
      /Ana Cashier\s*│\s*TICKET01\s*│\s*order\.paid\s*│\s*order \S+\s*│\s*RM 49\.00/,
    );
    const next = await manager('audit', '--limit', '1');
    expect(next.stdout).toMatch(/More: pos audit --cursor \d+/);
    expect((await manager('audit', '--limit', '0')).code).toBe(2);
  });
});
