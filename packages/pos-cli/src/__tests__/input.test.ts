import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthError, FormError, NetworkError, PosError, RuleError, ValidationError } from 'pos-sdk';
import { describe, expect, it } from 'vitest';
import { cliStorage } from '../context/cliStorage';
import { configDir } from '../context/configPaths';
import { describeFailure } from '../errors/describeFailure';
import { exitCodeOf } from '../errors/exitCodeOf';
import { UsageError } from '../errors/UsageError';
import { parseDiscountOption } from '../input/parseDiscountOption';
import { parseItemOption } from '../input/parseItemOption';
import { parsePayOption, parsePayOptions } from '../input/parsePayOption';
import { parseVenuePeriod } from '../input/parseVenuePeriod';

describe('parseItemOption', () => {
  it('reads SKU and SKU:QTY', () => {
    expect(parseItemOption('DAY-ADULT')).toEqual({ sku: 'DAY-ADULT', quantity: 1 });
    expect(parseItemOption('GROUP-5:5')).toEqual({ sku: 'GROUP-5', quantity: 5 });
  });

  it("refuses a quantity that is not a positive whole number ('Quantity must be a positive whole number')", () => {
    expect(() => parseItemOption('DAY-ADULT:two')).toThrow('Quantity must be a positive whole number');
    expect(() => parseItemOption('DAY-ADULT:0')).toThrow(UsageError);
    expect(() => parseItemOption(':2')).toThrow(UsageError);
  });
});

describe('parsePayOption', () => {
  it('reads METHOD:AMOUNT for cash, card and ewallet', () => {
    expect(parsePayOption('cash:100')).toMatchObject({ type: 'CASH', amount: 10000 });
    expect(parsePayOption('card:12.5')).toMatchObject({ type: 'CREDIT CARD', amount: 1250 });
    expect(parsePayOption('ewallet:0.99')).toMatchObject({ type: 'E-WALLET', amount: 99 });
    expect(parsePayOption('E-WALLET:1')).toMatchObject({ type: 'E-WALLET' });
  });

  it('refuses unknown methods, bad amounts and a method given twice', () => {
    expect(() => parsePayOption('cheque:10')).toThrow('unknown payment method');
    expect(() => parsePayOption('cash:1.234')).toThrow(UsageError);
    expect(() => parsePayOption('cash:0')).toThrow(UsageError);
    expect(() => parsePayOption('cash')).toThrow(UsageError);
    expect(() => parsePayOptions(['cash:1', 'cash:2'])).toThrow('twice');
  });
});

describe('parseDiscountOption', () => {
  it('reads SKU:amount:VALUE and SKU:percentage:VALUE', () => {
    expect(parseDiscountOption('DAY-ADULT:percentage:10')).toEqual({
      sku: 'DAY-ADULT',
      type: 'percentage',
      value: '10',
    });
    expect(parseDiscountOption('GRIP-M:amount:5')).toEqual({ sku: 'GRIP-M', type: 'amount', value: '5' });
    expect(() => parseDiscountOption('GRIP-M:half:5')).toThrow(UsageError);
  });
});

describe('parseVenuePeriod', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('spans whole venue days in the venue time zone', () => {
    const period = parseVenuePeriod({ from: '2026-11-01', to: '2026-11-02' }, 'Asia/Kuala_Lumpur', now);
    expect(period.from.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(period.to.toISOString()).toBe('2026-11-02T15:59:59.999Z');
  });

  it('defaults --to to today and --from to the day of --to', () => {
    expect(parseVenuePeriod({ from: '2026-11-20' }, 'Asia/Kuala_Lumpur', now).to.toISOString()).toBe(
      '2026-11-22T15:59:59.999Z',
    );
    expect(parseVenuePeriod({ to: '2026-11-20' }, 'Asia/Kuala_Lumpur', now).from.toISOString()).toBe(
      '2026-11-19T16:00:00.000Z',
    );
  });

  it("reads today and yesterday as the venue's days, not the machine's (a nightly export on a UTC machine)", () => {
    // 23:30 in Kuala Lumpur on 22-11 is 15:30 UTC: the machine's `date +%F` would say the same day here, but at
    // 00:30 venue time (16:30 UTC on 22-11) the UTC day is still the 22nd while the venue's is the 23rd.
    const afterMidnight = new Date('2026-11-22T16:30:00Z');
    const today = parseVenuePeriod({ from: 'today', to: 'today' }, 'Asia/Kuala_Lumpur', afterMidnight);
    expect(today.from.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(today.to.toISOString()).toBe('2026-11-23T15:59:59.999Z');
    const yesterday = parseVenuePeriod(
      { from: 'Yesterday', to: 'yesterday' },
      'Asia/Kuala_Lumpur',
      afterMidnight,
    );
    expect(yesterday.from.toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });

  it('works in zones far from UTC', () => {
    const period = parseVenuePeriod({ from: '2026-11-01', to: '2026-11-01' }, 'Pacific/Kiritimati', now);
    expect(period.from.toISOString()).toBe('2026-10-31T10:00:00.000Z');
  });

  it('refuses malformed dates and a period ending before it starts', () => {
    expect(() => parseVenuePeriod({ from: '2026-02-30' }, 'Asia/Kuala_Lumpur', now)).toThrow(
      '--from must be a date',
    );
    expect(() => parseVenuePeriod({ from: '22-11-2026' }, 'Asia/Kuala_Lumpur', now)).toThrow(UsageError);
    expect(() =>
      parseVenuePeriod({ from: '2026-11-05', to: '2026-11-01' }, 'Asia/Kuala_Lumpur', now),
    ).toThrow('is after');
  });
});

describe('exitCodeOf', () => {
  it('maps usage and invalid input to 2, a session problem to 3, no server to 4, other failures to 1', () => {
    expect(exitCodeOf(new UsageError('missing --pay'))).toBe(2);
    expect(exitCodeOf(new ValidationError('bad', { details: [] }))).toBe(2);
    expect(exitCodeOf(new RuleError('Invalid email format', { rule: 'email_invalid' }))).toBe(2);
    expect(exitCodeOf(new AuthError())).toBe(3);
    expect(exitCodeOf(new NetworkError())).toBe(4);
    expect(exitCodeOf(new NetworkError({ timedOut: true }))).toBe(4);
    expect(exitCodeOf(new PosError('not_permitted', 'Only a manager can do this'))).toBe(1);
    expect(exitCodeOf(new RuleError('Payment is short by RM 39.00', { rule: 'payment_short' }))).toBe(1);
    expect(exitCodeOf(new RuleError('Incorrect PIN'))).toBe(1);
    expect(exitCodeOf(new PosError('conflict', 'Not refundable'))).toBe(1);
    expect(exitCodeOf(new PosError('not_found', 'No such order'))).toBe(1);
    expect(exitCodeOf(new PosError('invalid_credentials', 'Invalid email or password'))).toBe(1);
    expect(exitCodeOf(new Error('bug'))).toBe(1);
  });
});

describe('describeFailure', () => {
  it("puts a warning's title in front: 'Insufficient Amount: Payment is short by RM 39.00'", () => {
    const error = new RuleError('Payment is short by RM 39.00', { title: 'Insufficient Amount' });
    expect(describeFailure(error)).toBe('Insufficient Amount: Payment is short by RM 39.00');
  });

  it('names every field of a form refused on the terminal, on one line', () => {
    const error = new FormError([
      { path: 'cash', message: 'Please enter 0 if empty' },
      { path: 'card', message: 'Value can be 0 or positive number up to 2 decimals' },
    ]);
    expect(describeFailure(error)).toBe(
      'cash: Please enter 0 if empty; card: Value can be 0 or positive number up to 2 decimals',
    );
    expect(describeFailure(new Error('two\nlines'))).toBe('two lines');
  });

  it("keeps the server's message of a 400, whatever fields it names", () => {
    const error = new ValidationError('Invalid email format', {
      details: [{ path: 'email', message: 'Invalid email format' }],
    });
    expect(describeFailure(error)).toBe('Invalid email format');
  });
});

describe('configDir', () => {
  it('is $POS_CONFIG_DIR, else $XDG_CONFIG_HOME/pos, else ~/.config/pos', () => {
    expect(configDir({ POS_CONFIG_DIR: '/tmp/a', XDG_CONFIG_HOME: '/tmp/x' })).toBe('/tmp/a');
    expect(configDir({ XDG_CONFIG_HOME: '/tmp/x' })).toBe('/tmp/x/pos');
    expect(configDir({})).toMatch(/\.config\/pos$/);
  });
});

describe('cliStorage', () => {
  it('keeps the session in a 0600 file and the cart in memory only', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'pos-cli-storage-')), 'nested', 'session.json');
    const storage = cliStorage(file);
    storage.set('pos.session', '{"token":"t"}');
    storage.set('pos.cart', '{"items":[]}');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ 'pos.session': '{"token":"t"}' });
    expect(storage.get('pos.cart')).toBe('{"items":[]}');
    expect(cliStorage(file).get('pos.cart')).toBeNull();
    expect(cliStorage(file).get('pos.session')).toBe('{"token":"t"}');
  });
});
