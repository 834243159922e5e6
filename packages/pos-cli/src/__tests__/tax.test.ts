import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { TaxCodeListSchema } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateInBasisPoints } from '../commands/tax';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

describe('rateInBasisPoints', () => {
  it('reads a percentage with up to 2 decimals exactly', () => {
    expect(rateInBasisPoints('8')).toBe(800);
    expect(rateInBasisPoints('0.5')).toBe(50);
    expect(rateInBasisPoints('10.25')).toBe(1025);
    expect(rateInBasisPoints(' 6 ')).toBe(600);
    for (const text of ['8%', '-1', '1.234', 'eight', '101']) expect(() => rateInBasisPoints(text)).toThrow();
  });
});

/** `pos tax …`, `pos catalog … --tax-code` and the tax settings, from the built binary against a real server. */
describe('pos tax', () => {
  let server: TestServer;
  let managerDir: string;
  const manager = (...args: string[]): Promise<PosRun> =>
    runPos(args, { configDir: managerDir, server: server.url });

  beforeAll(async () => {
    server = await startTestServer();
    managerDir = await mkdtemp(join(server.dir, 'manager-'));
    expect((await manager('login', '--email', 'manager@demo.pos', '--password', 'demo1234')).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('lists none on a new venue, adds codes, names one on a variant, refuses to remove it in use', async () => {
    expect((await manager('tax', 'list')).stdout).toBe(
      'No tax codes: everything sells untaxed (pos tax set CODE --name … --rate … --type …)\n',
    );
    const set = await manager(
      'tax',
      'set',
      'SST8',
      '--name',
      'Service tax 8%',
      '--rate',
      '8',
      '--type',
      '02',
    );
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toMatch(/SST8\s+│ Service tax 8%\s+│ 8 %\s+│ 02/);
    await manager('tax', 'set', 'SST6', '--name', 'F&B 6%', '--rate', '6', '--type', '02');
    expect(TaxCodeListSchema.parse(JSON.parse((await manager('tax', 'list', '--json')).stdout))).toHaveLength(
      2,
    );
    const badType = await manager('tax', 'set', 'X', '--name', 'x', '--rate', '1', '--type', '03');
    expect(badType.code).toBe(2);
    expect((await manager('catalog', 'edit', 'GRIP-M', '--tax-code', 'SST8')).code).toBe(0);
    const unknown = await manager('catalog', 'edit', 'GRIP-S', '--tax-code', 'VAT');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: No tax code VAT: add it first with pos tax set\n');
    const inUse = await manager('tax', 'remove', 'SST8');
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toContain('Tax code SST8 is used by GRIP-M');
    expect((await manager('catalog', 'edit', 'GRIP-M', '--no-tax-code')).code).toBe(0);
    expect((await manager('tax', 'remove', 'SST8')).code).toBe(0);
  });

  it('sets whether prices include tax and the SST registration number', async () => {
    const set = await manager(
      'settings',
      'set',
      '--prices-include-tax',
      'no',
      '--sst-no',
      'W10-1808-32000123',
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/Prices include tax\s+│ no/);
    expect(set.stdout).toContain('W10-1808-32000123');
    expect((await manager('settings', 'set', '--prices-include-tax', 'maybe')).code).toBe(2);
  });
});
