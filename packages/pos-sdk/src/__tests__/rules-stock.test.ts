import { describe, expect, it } from 'vitest';
import {
  checkStock,
  onlyLeft,
  onlyLeftOf,
  RULE_CODES,
  STOCK_MESSAGES,
  stockBadge,
  stockValue,
} from '../rules';

describe('rules/stock', () => {
  it("says 'Only N left of {item}' and 'Only N left', never a negative N", () => {
    expect(onlyLeftOf(2, 'Water Bottle')).toBe('Only 2 left of Water Bottle');
    expect(onlyLeftOf(-3, 'Water Bottle')).toBe('Only 0 left of Water Bottle');
    expect(onlyLeft(1)).toBe('Only 1 left');
    expect(onlyLeft(-1)).toBe('Only 0 left');
  });

  it("a tile says 'Out of stock' at zero or below (disabled under refuse), 'N left' at or below its low level", () => {
    expect(stockBadge(null, 'allow')).toBeNull();
    expect(stockBadge(undefined, 'refuse')).toBeNull();
    expect(stockBadge({ quantity: 0, low_level: null }, 'allow')).toEqual({
      text: 'Out of stock',
      disabled: false,
    });
    expect(stockBadge({ quantity: -2, low_level: 3 }, 'refuse')).toEqual({
      text: 'Out of stock',
      disabled: true,
    });
    expect(stockBadge({ quantity: 3, low_level: 3 }, 'refuse')).toEqual({ text: '3 left', disabled: false });
    expect(stockBadge({ quantity: 4, low_level: 3 }, 'allow')).toBeNull();
    expect(stockBadge({ quantity: 1, low_level: null }, 'allow')).toBeNull();
    expect(STOCK_MESSAGES.outOfStock).toBe('Out of stock');
  });

  it('sells what the level covers; beyond it, refuses under refuse and warns under allow', () => {
    const stock = { quantity: 2, low_level: 1 };
    expect(checkStock(stock, 2, 'refuse', 'Water Bottle')).toEqual({ ok: true, value: { warning: null } });
    // An untracked variant sells whatever the policy.
    expect(checkStock(undefined, 50, 'refuse', 'Water Bottle')).toEqual({
      ok: true,
      value: { warning: null },
    });
    expect(checkStock(null, 50, 'refuse', 'Water Bottle')).toEqual({ ok: true, value: { warning: null } });
    expect(checkStock(stock, 3, 'refuse', 'Water Bottle')).toEqual({
      ok: false,
      code: RULE_CODES.out_of_stock,
      message: 'Only 2 left of Water Bottle',
    });
    expect(checkStock(stock, 3, 'allow', 'Water Bottle')).toEqual({
      ok: true,
      value: { warning: 'Only 2 left' },
    });
    expect(checkStock(null, 99, 'refuse', 'Grip Socks')).toEqual({ ok: true, value: { warning: null } });
  });
});

describe('stockValue', () => {
  it('is units on hand times their cost, in sen; levels below zero hold nothing; levels without a cost are counted apart', () => {
    expect(
      stockValue([
        { quantity: 12, cost: 6.5 },
        { quantity: 3, cost: null },
        { quantity: -2, cost: 10 },
        { quantity: 0, cost: 4 },
        { quantity: 7, cost: 0.1 },
      ]),
    ).toEqual({ value: 12 * 650 + 7 * 10, withoutCost: 1 });
    expect(stockValue([])).toEqual({ value: 0, withoutCost: 0 });
    // Nothing on hand is nothing to value, cost or none.
    expect(stockValue([{ quantity: 0, cost: null }])).toEqual({ value: 0, withoutCost: 0 });
  });
});
