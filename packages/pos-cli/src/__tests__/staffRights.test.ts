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

  it('knows two rights (exit 2 for another), says a manager needs none, and only a manager grants (exit 1)', async () => {
    const unknown = await manager('staff', 'grant', 'cashier@demo.pos', 'refunds');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'unknown right "refunds": the rights are approve_discounts and hold_memberships',
    );
    const toManager = await manager('staff', 'grant', 'manager@demo.pos', 'approve_discounts');
    expect(toManager.stdout).toBe(
      'Max Manager <manager@demo.pos> is a manager: managers approve discounts whatever their rights\n',
    );
    const bySelf = await cashier('staff', 'grant', 'cashier@demo.pos', 'approve_discounts');
    expect(bySelf.code).toBe(1);
    expect(bySelf.stderr).toBe('error: Only a manager can do this: ask a manager to sign in\n');
    expect((await ana())?.approve_discounts).toBe(false);
  });

  describe('pos member hold|unhold|holds', () => {
    const memberEmail = 'hold.cli@example.com';
    let passId = '';

    beforeAll(async () => {
      const sold = await cashier(
        ...['sell', '--item', 'MEMBER-1M', '--pay', 'cash:120', '--email', memberEmail],
        ...['--name', 'Hui Min', '--phone', '123456789', '--dob', '1990-05-17', '--json'],
      );
      expect(sold.stderr).toBe('');
      passId = JSON.parse(sold.stdout).tickets[0]._id;
    }, 30_000);

    it('refuses staff without the right (exit 1) and a bad --days before any change (exit 2)', async () => {
      const refused = await cashier('member', 'hold', memberEmail, '--days', '14');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        'error: Only a manager, or staff with the right to hold memberships, can hold or end a hold\n',
      );
      const short = await manager('member', 'hold', memberEmail, '--days', '3');
      expect(short.code).toBe(2);
      expect(short.stderr).toContain('--days: A hold lasts from 7 to 90 days');
      const missing = await manager('member', 'hold', memberEmail);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('missing --days');
    });

    it("a manager holds by the member's email, the gate refuses, unhold ends it, holds lists it", async () => {
      const held = await manager('member', 'hold', memberEmail, '--days', '14');
      expect(held.stderr).toBe('');
      expect(held.code).toBe(0);
      expect(held.stdout).toContain('Membership put on hold');
      expect(held.stdout).toMatch(/On hold\s+│ \d{2}-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}/);
      const gate = await cashier('ticket', 'redeem', passId);
      expect(gate.code).toBe(1);
      expect(gate.stderr).toMatch(/Membership on hold until \d{2}-\d{2}-\d{4}/);
      const ended = await manager('member', 'unhold', passId, '--json');
      expect(ended.code).toBe(0);
      expect(JSON.parse(ended.stdout)).toMatchObject({ message: 'Membership hold ended' });
      const holds = await cashier('member', 'holds', memberEmail, '--json');
      expect(holds.code).toBe(0);
      expect(JSON.parse(holds.stdout)).toMatchObject([{ days: 14, days_held: 0 }]);
      expect((await cashier('member', 'holds', memberEmail)).stdout).toMatch(/FROM\s+│ TO\s+│ DAYS │ HELD/);
    });

    it('a staff member granted hold_memberships holds too', async () => {
      expect((await manager('staff', 'grant', 'cashier@demo.pos', 'hold_memberships')).stdout).toBe(
        'Ana Cashier <cashier@demo.pos> may now hold memberships\n',
      );
      try {
        const held = await cashier('member', 'hold', passId, '--days', '7', '--json');
        expect(held.stderr).toBe('');
        expect(held.code).toBe(0);
        expect((await cashier('member', 'unhold', memberEmail)).code).toBe(0);
      } finally {
        await manager('staff', 'revoke', 'cashier@demo.pos', 'hold_memberships');
      }
    });

    it('when the venue charges a hold fee, staff hold with --fee-order: the paid sale that carried it, once', async () => {
      expect((await manager('settings', 'set', '--hold-fee-sku', 'BOTTLE-750')).code).toBe(0);
      await manager('staff', 'grant', 'cashier@demo.pos', 'hold_memberships');
      try {
        const unpaid = await cashier('member', 'hold', passId, '--days', '7');
        expect(unpaid.code).toBe(1);
        expect(unpaid.stderr).toContain('This venue charges a hold fee');
        const sell = async (sku: string) => {
          const sold = await cashier('sell', '--item', sku, '--pay', 'cash:50', '--yes', '--json');
          expect(sold.stderr).toBe('');
          const { order } = JSON.parse(sold.stdout) as { order: { _id: string; invoice: { _id: string } } };
          return { _id: order._id, invoice: order.invoice._id };
        };
        const other = await sell('GRIP-M');
        const wrong = await cashier('member', 'hold', passId, '--days', '7', '--fee-order', other.invoice);
        expect(wrong.code).toBe(1);
        expect(wrong.stderr).toBe(`error: Order ${other._id} does not carry the hold fee (BOTTLE-750)\n`);
        const fee = await sell('BOTTLE-750');
        const held = await cashier(
          'member',
          'hold',
          passId,
          '--days',
          '7',
          '--fee-order',
          fee.invoice,
          '--json',
        );
        expect(held.stderr).toBe('');
        expect(held.code).toBe(0);
        expect((await cashier('member', 'unhold', memberEmail)).code).toBe(0);
        const again = await cashier('member', 'hold', passId, '--days', '7', '--fee-order', fee._id);
        expect(again.code).toBe(1);
        expect(again.stderr).toBe(`error: Order ${fee._id} already paid for another hold\n`);
        const holds = JSON.parse((await cashier('member', 'holds', passId, '--json')).stdout);
        expect(holds[0]).toMatchObject({ fee_order: { _id: fee._id, invoice: fee.invoice } });
      } finally {
        await manager('staff', 'revoke', 'cashier@demo.pos', 'hold_memberships');
        await manager('settings', 'set', '--hold-fee-sku', '');
      }
    });
  });
});
