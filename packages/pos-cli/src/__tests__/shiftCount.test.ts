import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/** `pos settings set --variance-alert … --blind-count …`, from the built binary against a real server. */
describe('pos settings: how a shift is counted', () => {
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

  it('shows the defaults (RM 5.00, not blind), sets both, and refuses what is no amount or no answer', async () => {
    const before = await manager('settings', 'get');
    expect(before.stdout).toMatch(/Variance alert, RM\s+│ 5\.00\s/);
    expect(before.stdout).toMatch(/Blind count\s+│ no/);
    const set = await manager('settings', 'set', '--variance-alert', '12.50', '--blind-count', 'yes');
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toMatch(/Variance alert, RM\s+│ 12\.50\s/);
    expect(set.stdout).toMatch(/Blind count\s+│ yes/);
    const json = JSON.parse((await manager('settings', 'get', '--json')).stdout);
    expect(json).toMatchObject({ variance_alert: 12.5, blind_count: true });

    const badAmount = await manager('settings', 'set', '--variance-alert', '-1');
    expect(badAmount.code).toBe(2);
    expect(badAmount.stderr).toContain('--variance-alert must be an amount in ringgit, e.g. 5 or 12.50');
    const badAnswer = await manager('settings', 'set', '--blind-count', 'maybe');
    expect(badAnswer.code).toBe(2);
    expect(badAnswer.stderr).toContain('--blind-count must be yes or no');
  });
});
