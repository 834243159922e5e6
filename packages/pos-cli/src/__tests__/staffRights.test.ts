import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { StaffListSchema, StaffMemberSchema } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/**
 * Who may approve a discount, from the `pos` command: a manager grants and revokes a staff member's
 * `approve_discounts` right (the built binary against a real server on a temporary database).
 */
describe('pos staff grant|revoke EMAIL approve_discounts', () => {
  let server: TestServer;
  let managerDir: string;
  let cashierDir: string;
  const as =
    (configDir: string) =>
    (...args: string[]): Promise<PosRun> =>
      runPos(args, { configDir, server: server.url });
  const manager = (...args: string[]) => as(managerDir)(...args);
  const cashier = (...args: string[]) => as(cashierDir)(...args);
  /** Ana sells a day pass at half price, approved by herself with her own PIN. */
  const selfApprovedSale = () =>
    cashier(
      ...['sell', '--item', 'DAY-ADULT', '--discount', 'DAY-ADULT:percentage:50'],
      ...['--approver', 'cashier@demo.pos', '--pin', '1111', '--pay', 'cash:24.50', '--yes'],
    );
  const ana = async () =>
    StaffListSchema.parse(JSON.parse((await manager('staff', 'list', '--json')).stdout)).find(
      (member) => member.email === 'cashier@demo.pos',
    );

  beforeAll(async () => {
    server = await startTestServer();
    managerDir = await mkdtemp(join(server.dir, 'manager-'));
    cashierDir = await mkdtemp(join(server.dir, 'cashier-'));
    expect((await manager('login', '--email', 'manager@demo.pos', '--password', 'demo1234')).code).toBe(0);
    expect((await cashier('login', '--email', 'cashier@demo.pos', '--password', 'demo1234')).code).toBe(0);
    expect((await cashier('shift', 'start', '--float', '50')).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('refuses a cashier approving her own discount before a manager grants it: she is not an approver (exit 2)', async () => {
    const run = await selfApprovedSale();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'error: --approver "cashier@demo.pos" may not approve discounts: choose one of Max Manager (a manager lets a staff member approve with: pos staff grant EMAIL approve_discounts)',
    );
    expect((await ana())?.approve_discounts).toBe(false);
    expect((await manager('staff', 'list')).stdout).toMatch(
      /APPROVES DISCOUNTS[\s\S]*cashier@demo\.pos.+\bno\b/,
    );
  });

  it('grants the right: the cashier then approves a discount with her PIN, and staff list says so', async () => {
    const granted = await manager('staff', 'grant', 'cashier@demo.pos', 'approve_discounts');
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toBe('Ana Cashier <cashier@demo.pos> may now approve discounts\n');
    expect((await ana())?.approve_discounts).toBe(true);
    expect((await manager('staff', 'list')).stdout).toMatch(/cashier@demo\.pos.+\byes\b/);

    const sale = await selfApprovedSale();
    expect(sale.stderr).toBe('');
    expect(sale.code).toBe(0);
  });

  it('revokes the right: the next self-approved discount is refused again; --json prints the member', async () => {
    const revoked = await manager('staff', 'revoke', 'cashier@demo.pos', 'approve_discounts', '--json');
    expect(revoked.code).toBe(0);
    expect(StaffMemberSchema.parse(JSON.parse(revoked.stdout))).toMatchObject({
      email: 'cashier@demo.pos',
      approve_discounts: false,
    });
    expect((await selfApprovedSale()).code).toBe(2);
    expect((await cashier('whoami')).code).toBe(0);
  });

  it('knows one right (exit 2 for another), says a manager needs none, and only a manager grants (exit 1)', async () => {
    const unknown = await manager('staff', 'grant', 'cashier@demo.pos', 'refunds');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown right "refunds": the right is approve_discounts');
    const toManager = await manager('staff', 'grant', 'manager@demo.pos', 'approve_discounts');
    expect(toManager.stdout).toBe(
      'Max Manager <manager@demo.pos> is a manager: managers approve discounts whatever their rights\n',
    );
    const bySelf = await cashier('staff', 'grant', 'cashier@demo.pos', 'approve_discounts');
    expect(bySelf.code).toBe(1);
    expect(bySelf.stderr).toBe('error: Only a manager can do this: ask a manager to sign in\n');
    expect((await ana())?.approve_discounts).toBe(false);
  });
});
