import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { EinvoiceSettingsSchema } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/** `pos einvoice …` from the built binary against a real server without MyInvois configured. */
describe('pos einvoice', () => {
  let server: TestServer;
  let managerDir: string;
  let cashierDir: string;
  const manager = (...args: string[]): Promise<PosRun> =>
    runPos(args, { configDir: managerDir, server: server.url });
  const cashier = (...args: string[]): Promise<PosRun> =>
    runPos(args, { configDir: cashierDir, server: server.url });

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

  it("keeps the venue's identity and says MyInvois is off, never a secret", async () => {
    const before = await manager('einvoice', 'settings');
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/MyInvois\s+│ off \(POS_EINVOICE_ENV not set on the server\)/);
    expect(before.stdout).toMatch(/Still needed for e-invoices: tin, brn, msic_code/);
    const set = await manager(
      'einvoice',
      'settings',
      'set',
      '--tin',
      'c20830570210',
      '--brn',
      '202005123456',
      '--msic',
      '93118',
      '--activity',
      'Fitness centre',
      '--address',
      'Lot 12, Jalan Tun Razak',
      '--city',
      'Kuala Lumpur',
      '--postcode',
      '50400',
      '--state',
      '14',
      '--phone',
      '+60321234567',
    );
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toMatch(/TIN\s+│ C20830570210/);
    expect(set.stdout).toMatch(/MSIC\s+│ 93118 Fitness centres/);
    const json = EinvoiceSettingsSchema.parse(
      JSON.parse((await manager('einvoice', 'settings', '--json')).stdout),
    );
    expect(json).toMatchObject({
      environment: null,
      credentials_configured: false,
      signing_key_configured: false,
    });
    const wrong = await manager('einvoice', 'settings', 'set', '--msic', '93110');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('msic_code must be an MSIC code of the table');
    expect((await manager('einvoice', 'settings', 'set')).code).toBe(2);
    const days = await manager('einvoice', 'settings', 'set', '--request-days', '14');
    expect(days.stdout).toMatch(/Request page open\s+│ 14 days after the sale/);
    const month = await manager('einvoice', 'settings', 'set', '--request-days', 'month');
    expect(month.stdout).toMatch(/Request page open\s+│ until the month's consolidated e-invoice/);
    const zero = await manager('einvoice', 'settings', 'set', '--request-days', '0');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--request-days must be a number of days from 1 to 366, or month');
    expect((await cashier('einvoice', 'settings')).code).not.toBe(0);
  });

  it('refuses what cannot be done, in words: no MyInvois, a bad month, a month without receipts, no reason', async () => {
    const notConfigured = await manager('einvoice', 'submit', '--month', '2026-10');
    expect(notConfigured.code).toBe(1);
    expect(notConfigured.stderr).toContain('E-invoicing is not configured on this server');
    const badMonth = await manager('einvoice', 'submit', '--month', '2026-13');
    expect(badMonth.code).toBe(2);
    expect(badMonth.stderr).toContain('--month must be a month such as 2026-11');
    expect((await manager('einvoice', 'submit')).code).toBe(2);
    const empty = await manager('einvoice', 'submit', '--month', '2020-01', '--dry-run');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('No receipts to consolidate in 2020-01');
    expect((await manager('einvoice', 'list')).stdout).toBe(
      'No e-invoices yet (pos einvoice submit --month YYYY-MM)\n',
    );
    expect((await manager('einvoice', 'status', 'no-such-id')).code).toBe(1);
    expect((await manager('einvoice', 'cancel', 'no-such-id')).code).toBe(2);
  });

  it('a server whose e-invoicing settings are half done refuses to start, saying what is missing', async () => {
    await expect(
      startTestServer({ POS_EINVOICE_ENV: 'sandbox', POS_EINVOICE_CLIENT_ID: 'gym-erp' }),
    ).rejects.toThrow(
      /POS_EINVOICE_ENV=sandbox needs POS_EINVOICE_CLIENT_SECRET, POS_EINVOICE_KEY_FILE, POS_EINVOICE_CERT_FILE/,
    );
  }, 60_000);
});
