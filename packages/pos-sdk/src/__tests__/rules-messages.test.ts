import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  addedToCart,
  MESSAGES,
  paidWith,
  paymentShortBy,
  quantityAtLeast,
  reprintingInvoice,
  ticketIs,
} from '../messages';
import { sen } from '../money';

/** The spec's message list: /work/shared/spec/messages.txt, relative to this file. */
/** The spec's message list, as copied into the repository (kept equal to `../shared` by shared-copies.test). */
const MESSAGES_FILE = fileURLToPath(new URL('./__fixtures__/shared/messages.txt', import.meta.url));

/** Sample values for the placeholders, used both to fill the spec's lines and to call the functions. */
const SAMPLE = { name: 'Group Day Pass', min_qty: '5', x: '12.00', qty: '2', id: 'INV-0001', method: 'CASH' };

/** Every text messages.ts can produce with the sample values. */
function producedTexts(): Set<string> {
  return new Set<string>([
    ...Object.values(MESSAGES),
    addedToCart(2, SAMPLE.name),
    paymentShortBy(sen(1200)),
    quantityAtLeast(SAMPLE.name, 5),
    reprintingInvoice(SAMPLE.id),
    paidWith(SAMPLE.method),
  ]);
}

/** Replaces {placeholder}s with the sample values; fails on an unknown placeholder. */
function fill(line: string): string {
  return line.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = SAMPLE[key as keyof typeof SAMPLE];
    if (value === undefined) throw new Error(`messages.txt has an unknown placeholder {${key}} in "${line}"`);
    return value;
  });
}

describe('messages', () => {
  it('produces every line of the spec messages.txt word for word', () => {
    if (!existsSync(MESSAGES_FILE)) {
      throw new Error(`The spec's message list is missing: expected it at ${MESSAGES_FILE}`);
    }
    const lines = readFileSync(MESSAGES_FILE, 'utf8')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(30);
    const produced = producedTexts();
    const missing = lines.map(fill).filter((line) => !produced.has(line));
    expect(missing, 'lines of messages.txt that messages.ts does not produce').toEqual([]);
  });

  it("'Added {qty} x {name} to cart'", () => {
    expect(addedToCart(3, 'Day Pass')).toBe('Added 3 x Day Pass to cart');
  });

  it("'Payment is short by RM {x}' with x as 12.00", () => {
    expect(paymentShortBy(sen(1200))).toBe('Payment is short by RM 12.00');
    expect(paymentShortBy(sen(5))).toBe('Payment is short by RM 0.05');
  });

  it("'Quantity for {name} has to be at least {min_qty}'", () => {
    expect(quantityAtLeast('Group Day Pass', 5)).toBe('Quantity for Group Day Pass has to be at least 5');
  });

  it("'Reprinting invoice {id}' and 'Paid with {method}'", () => {
    expect(reprintingInvoice('INV-42')).toBe('Reprinting invoice INV-42');
    expect(paidWith('CREDIT CARD')).toBe('Paid with CREDIT CARD');
  });

  it("explains a ticket that is not Active with 'Ticket is {status}'", () => {
    expect(ticketIs('Expired')).toBe('Ticket is Expired');
  });

  it('has no empty or duplicated texts', () => {
    const values = Object.values(MESSAGES);
    expect(values.every((text) => text.trim() !== '')).toBe(true);
    expect(new Set(values).size).toBe(values.length);
  });
});
