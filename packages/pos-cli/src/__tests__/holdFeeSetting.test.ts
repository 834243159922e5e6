import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { HOLD_MESSAGES } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/** `pos settings set --hold-fee-sku …`, from the built binary against a real server. */
describe('pos settings: the membership hold fee', () => {
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
  });

  it('sets a merchandise SKU as the fee, refuses another SKU (exit 2), and clears it with ""', async () => {
    expect((await manager('settings', 'get')).stdout).toMatch(/Hold fee SKU\s+│\s+│/);
    const set = await manager('settings', 'set', '--hold-fee-sku', 'BOTTLE-750');
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toMatch(/Hold fee SKU\s+│ BOTTLE-750/);
    const bad = await manager('settings', 'set', '--hold-fee-sku', 'DAY-ADULT');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(HOLD_MESSAGES.feeSkuUnknown('DAY-ADULT'));
    const cleared = await manager('settings', 'set', '--hold-fee-sku', '');
    expect(cleared.code).toBe(0);
    expect(JSON.parse((await manager('settings', 'get', '--json')).stdout)).toMatchObject({
      hold_fee_sku: '',
    });
  });
});
