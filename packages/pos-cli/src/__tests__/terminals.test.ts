import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { DevicePairingSchema, TerminalListSchema, TerminalPairingCodeSchema } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { TERMINAL_ID_RULE_TEXT } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/**
 * Each computer is its own terminal, and `pos` takes its store and terminal from sign-in: on a venue whose server
 * has POS_STORE=KL01, a manager signs in and sells from KL01's catalogue with no --store, makes a pairing code for
 * TICKET02, and another computer that enters it signs in as TICKET02 (the built binary against a real server that
 * also pairs a device that sends no code with TICKET01, as the demo does).
 */
describe('pos terminal and pos pair on a venue with POS_STORE=KL01', () => {
  let server: TestServer;
  let managerDir: string;
  const as =
    (configDir: string) =>
    (...args: string[]): Promise<PosRun> =>
      runPos(args, { configDir, server: server.url });
  const manager = (...args: string[]) => as(managerDir)(...args);
  const newComputer = async () => as(await mkdtemp(join(server.dir, 'computer-')));
  /** The code in the human answer of `pos terminal pair`. */
  const codeIn = (run: PosRun): string => {
    const code = /: ([A-Z0-9]{4}-[A-Z0-9]{4})\n/.exec(run.stdout)?.[1];
    expect(code, run.stdout + run.stderr).toBeDefined();
    return code ?? '';
  };

  beforeAll(async () => {
    server = await startTestServer({ POS_STORE: 'KL01', POS_AUTO_PAIR: 'TICKET01' });
    managerDir = await mkdtemp(join(server.dir, 'manager-'));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("signs in with no --store and remembers the terminal's store: pos catalog then works without --store", async () => {
    const login = await manager('login', '--email', 'manager@demo.pos', '--password', 'demo1234');
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toBe(
      `Signed in as Max Manager <manager@demo.pos> on TICKET01 (store KL01) at ${server.url}\n`,
    );

    const catalog = await manager('catalog');
    expect(catalog.stderr).toBe('');
    expect(catalog.code).toBe(0);
    expect(catalog.stdout).toContain('DAY-ADULT');
    expect((await manager('whoami')).stdout).toContain(`Terminal TICKET01 (store KL01) at ${server.url}`);
  });

  it('keeps --store as an override: an unknown store is still refused in words', async () => {
    const run = await manager('catalog', '--store', 'NOPE');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Unknown store NOPE');
  });

  it("pairs another computer as TICKET02 with a manager's code, and its pos login signs in on TICKET02", async () => {
    const made = await manager('terminal', 'pair', 'TICKET02');
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const code = codeIn(made);
    expect(made.stdout).toBe(
      `Registered terminal TICKET02 for store KL01.\nPairing code for TICKET02 (store KL01): ${code}\n` +
        "Enter it on the device's pairing screen (/pair) within 10 minutes; it works once.\n",
    );

    const till = await newComputer();
    const paired = await till('pair', code.toLowerCase());
    expect(paired.stderr).toBe('');
    expect(paired.code).toBe(0);
    expect(paired.stdout).toBe(
      `This computer is terminal TICKET02 of store KL01 at ${server.url}\nSign in on it: pos login\n`,
    );

    const login = await till('login', '--email', 'cashier@demo.pos', '--password', 'demo1234');
    expect(login.stderr).toBe('');
    expect(login.stdout).toBe(
      `Signed in as Ana Cashier <cashier@demo.pos> on TICKET02 (store KL01) at ${server.url}\n`,
    );
    expect((await till('whoami')).stdout).toContain(`Terminal TICKET02 (store KL01) at ${server.url}`);
    // Signing out ends the session, not the pairing: the next login is on TICKET02 again.
    expect((await till('logout')).stdout).toBe('Signed out\n');
    const relogin = await till('login', '--email', 'cashier@demo.pos', '--password', 'demo1234');
    expect(relogin.stdout).toContain('on TICKET02 (store KL01)');
    expect((await till('catalog')).code).toBe(0);
    // The shift is the terminal's own: TICKET02's, not TICKET01's.
    expect((await till('shift', 'start', '--float', '50')).code).toBe(0);
    expect((await manager('shift', 'start', '--float', '20')).code).toBe(0);
    const sale = await till('sell', '--item', 'DAY-ADULT', '--pay', 'cash:100', '--yes');
    expect(sale.stderr).toBe('');
    expect(sale.stdout).toContain('Invoice No: KL01-');

    const list = TerminalListSchema.parse(JSON.parse((await manager('terminal', 'list', '--json')).stdout));
    expect(list.map((entry) => [entry._id, entry.store, entry.registered_by])).toEqual([
      ['TICKET01', 'KL01', null],
      ['TICKET02', 'KL01', 'manager@demo.pos'],
    ]);
    const table = await manager('terminal', 'list');
    expect(table).toMatchObject({ code: 0, stderr: '' });
    expect(table.stdout).toMatch(/TICKET02 +│ KL01 +│ .+│ manager@demo\.pos/);

    // A used code is refused in words, and the computer that sent it stays what it was.
    const again = await (await newComputer())('pair', code);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`error: ${SERVER_MESSAGES.pairingCodeUsed}\n`);
  });

  it("prints the contract's answer with --json, and a newer code for the same terminal", async () => {
    const made = await manager('terminal', 'pair', 'TICKET02', '--json');
    expect(made.code).toBe(0);
    expect(TerminalPairingCodeSchema.parse(JSON.parse(made.stdout))).toMatchObject({
      terminal: 'TICKET02',
      store: 'KL01',
      registered: false,
    });
    const till = await newComputer();
    const paired = await till(
      'pair',
      TerminalPairingCodeSchema.parse(JSON.parse(made.stdout)).code,
      '--json',
    );
    expect(DevicePairingSchema.parse(JSON.parse(paired.stdout))).toEqual({
      terminal: 'TICKET02',
      store: 'KL01',
    });
  });

  it('refuses a terminal of another store, a terminal id that reads as an option and a mistyped code (exit 2)', async () => {
    const otherStore = await manager('terminal', 'pair', 'TICKET02', '--store', 'PJ01');
    expect(otherStore.code).toBe(1);
    expect(otherStore.stderr).toBe(`error: ${SERVER_MESSAGES.terminalOfOtherStore('TICKET02', 'KL01')}\n`);

    const dash = await manager('terminal', 'pair', '--', '-cmd');
    expect(dash.code).toBe(2);
    expect(dash.stderr).toBe(`error: ${TERMINAL_ID_RULE_TEXT}\n`);
    const host = await manager('whoami', '--host', '-cmd');
    expect(host.code).toBe(2);
    expect(host.stderr).toBe(`error: --host "-cmd": ${TERMINAL_ID_RULE_TEXT}\n`);
    const env = await runPos(['whoami'], {
      configDir: managerDir,
      server: server.url,
      env: { POS_HOST_ID: 'TICKET 2' },
    });
    expect(env.code).toBe(2);
    expect(env.stderr).toBe(`error: POS_HOST_ID "TICKET 2": ${TERMINAL_ID_RULE_TEXT}\n`);

    const typo = await (await newComputer())('pair', 'K7QF-3MX');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('A pairing code is 8 letters and digits, e.g. K7QF-3MXR');
    const unknown = await (await newComputer())('pair', 'K7QF-3MXR');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(`error: ${SERVER_MESSAGES.pairingCodeUnknown}\n`);
  });

  it("pairs with no code on a server that pairs devices by itself (POS_AUTO_PAIR, as the demo's)", async () => {
    const till = await newComputer();
    const paired = await till('pair');
    expect(paired.stderr).toBe('');
    expect(paired.stdout).toBe(
      `This computer is terminal TICKET01 of store KL01 at ${server.url}\nSign in on it: pos login\n`,
    );
  });

  it('signs in on a terminal named with --terminal, and a removed terminal is paired again', async () => {
    expect((await manager('terminal', 'pair', 'TICKET03')).code).toBe(0);
    const till = await newComputer();
    const login = await till(
      ...['login', '--terminal', 'TICKET03', '--email', 'cashier@demo.pos', '--password', 'demo1234'],
    );
    expect(login.stderr).toBe('');
    expect(login.stdout).toContain('on TICKET03 (store KL01)');

    const removed = await manager('terminal', 'remove', 'TICKET03');
    expect(removed.stderr).toBe('');
    expect(removed.stdout).toBe(
      'Unregistered terminal TICKET03: its device is signed out and must be paired again (pos terminal pair TICKET03)\n',
    );
    expect((await till('whoami')).code).toBe(3);
    const refused = await till('login', '--email', 'cashier@demo.pos', '--password', 'demo1234');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toBe(`error: ${SERVER_MESSAGES.unregisteredTerminal('TICKET03')}\n`);
    const missing = await manager('terminal', 'remove', 'TICKET03');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`error: ${SERVER_MESSAGES.noRegisteredTerminal('TICKET03')}\n`);

    const code = codeIn(await manager('terminal', 'pair', 'TICKET03'));
    expect((await till('pair', code)).code).toBe(0);
    const back = await till('login', '--email', 'cashier@demo.pos', '--password', 'demo1234');
    expect(back.stderr).toBe('');
    expect(back.stdout).toContain('on TICKET03 (store KL01)');
  });
});
