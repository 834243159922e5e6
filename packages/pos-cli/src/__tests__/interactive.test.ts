import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { ReceiptSchema, RenewMembershipResponseSchema, ShiftReportSchema } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main';
import { memoryIo } from './support/memoryIo';
import { answer, choose, refuseThenAnswer, type Step, scriptedPrompts } from './support/scriptedPrompts';
import { startTestServer, type TestServer } from './support/server';

/**
 * `pos` on a terminal: `main` runs in-process with real @inquirer/prompts questions (rendered by
 * @inquirer/testing, answered key by key) against a real server.
 */
describe('pos on a terminal (interactive prompts)', () => {
  let server: TestServer;
  let env: Record<string, string>;

  /** Runs `pos args` answering the questions with `steps`; every step must be used. */
  async function posAsking(args: string[], steps: Step[]) {
    const prompts = scriptedPrompts(steps);
    const io = memoryIo(env, prompts);
    const code = await main(args, io);
    return {
      code,
      stdout: io.stdout.text,
      stderr: io.stderr.text,
      remaining: prompts.remaining(),
      asked: prompts.asked,
    };
  }

  beforeAll(async () => {
    server = await startTestServer();
    env = { POS_CONFIG_DIR: await mkdtemp(join(server.dir, 'config-')), POS_SERVER: server.url };
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('asks for the missing email and password, with the login form messages', async () => {
    const run = await posAsking(
      ['login'],
      [
        refuseThenAnswer('Email', 'manager', 'The input is not valid E-mail!', 'manager@demo.pos'),
        refuseThenAnswer('Password', '', 'Please input your Password!', 'demo1234'),
      ],
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.remaining).toBe(0);
    expect(run.stdout).toContain('Signed in as Max Manager <manager@demo.pos>');
  });

  it("asks the 'New Shift' float when a new shift has none: 'Please enter 0 if empty'", async () => {
    const run = await posAsking(
      ['shift', 'start'],
      [refuseThenAnswer('New Shift', '', 'Please enter 0 if empty', '150')],
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('FLOAT');
    expect(run.stdout).toContain('RM 150.00');
  });

  it('runs an interactive sale: cart rules, Short until paid, the customer email rule, then the receipt', async () => {
    const run = await posAsking(
      ['sell', '--json'],
      [
        choose('Add an item', 'Day Pass - Adult'),
        refuseThenAnswer('Quantity', 'two', 'Quantity must be a positive whole number', '2'),
        choose('Add an item', 'Group Day Pass - Adult'),
        answer('Quantity', '2'), // refused by the cart: at least 5
        choose('Add an item', 'Payment'),
        choose('Payment', 'CASH'),
        answer('CASH amount', '50'),
        choose('Payment', 'Checkout'), // short by RM 48.00
        choose('Payment', 'CREDIT CARD'),
        answer('CREDIT CARD amount', ''), // the default: what is still due
        choose('Payment', 'Checkout'),
        refuseThenAnswer('Customer Email', 'jane-at-example', 'Invalid email format', ''),
        {
          ask: 'Confirm NOT entering customer email?',
          run: (keys) => {
            keys.type('n');
            keys.press('enter');
          },
        },
        choose('Payment', 'Checkout'),
        answer('Customer Email', 'jane@example.com'),
      ],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.remaining).toBe(0);
    expect(run.stderr).toContain('Quantity for Group Day Pass has to be at least 5');
    expect(run.stderr).toContain('Insufficient Amount: Payment is short by RM 48.00');
    const receipt = ReceiptSchema.parse(JSON.parse(run.stdout));
    expect(receipt.order.total_amount).toBe(98);
    expect(receipt.order.order_details.customer.email).toBe('jane@example.com');
    expect(receipt.order.payment.methods).toEqual([
      { type: 'CASH', amount: 50 },
      { type: 'CREDIT CARD', amount: 48 },
    ]);
  });

  it('asks the refund reason for a refund', async () => {
    const list = memoryIo(env);
    expect(await main(['orders', 'list', '--json'], list)).toBe(0);
    const [order] = (JSON.parse(list.stdout.text) as { orders: { invoice: { _id: string } }[] }).orders;
    const run = await posAsking(
      ['orders', 'refund'],
      [
        answer('Invoice ID', order?.invoice._id ?? ''),
        refuseThenAnswer('Refund Reason', ' ', 'Please enter the refund reason', 'Wrong pass'),
      ],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('REFUNDED');
  });

  it('asks the Renewal Checkout fields that are missing: months 1 to 12 and the payment type', async () => {
    const sale = memoryIo(env);
    const sold = await main(
      [
        'sell',
        '--item',
        'MEMBER-1M',
        '--pay',
        'cash:120',
        '--email',
        'mia@example.com',
        '--name',
        'Mia Member',
        '--phone',
        '123456789',
        '--dob',
        '1990-05-01',
      ],
      sale,
    );
    expect(sold, sale.stderr.text).toBe(0);
    const run = await posAsking(
      ['member', 'renew', 'mia@example.com', '--name', ' ', '--json'],
      [
        refuseThenAnswer('Name', ' ', 'Name is required!', 'Mia M. Member'),
        choose('Months', '3'),
        choose('Payment type (RM 360.00)', 'E-WALLET'),
      ],
    );
    expect(run.code, run.stderr).toBe(0);
    const renewed = RenewMembershipResponseSchema.parse(JSON.parse(run.stdout));
    expect(renewed.order.total_amount).toBe(360);
    expect(renewed.order.payment.methods).toEqual([{ type: 'E-WALLET', amount: 360 }]);
  });

  it("asks each missing End Shift amount: 'Please enter 0 if empty'", async () => {
    const run = await posAsking(
      ['shift', 'end', '--cash', '150', '--json'],
      [refuseThenAnswer('Card', '', 'Please enter 0 if empty', '48'), answer('E-wallet', '0')],
    );
    expect(run.code, run.stderr).toBe(0);
    const report = ShiftReportSchema.parse(JSON.parse(run.stdout));
    expect(report.counted).toEqual({ cash: 150, card: 48, ewallet: 0 });
  });

  it('interrupting a question (Ctrl+C) ends the command with exit 130 and no stack', async () => {
    const run = await posAsking(
      ['orders', 'refund'],
      [{ ask: 'Invoice ID', run: (keys) => keys.press({ name: 'c', ctrl: true }) }],
    );
    expect(run.code).toBe(130);
    expect(run.stderr).toBe('error: Canceled\n');
  });
});
