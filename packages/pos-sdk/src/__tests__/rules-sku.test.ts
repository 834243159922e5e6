import { describe, expect, it } from 'vitest';
import { findSkuRow, sameSku, skuKey } from '../rules';

describe('rules sku', () => {
  it("keys a SKU as SQL's upper() does (the server compares upper(sku) with it): trimmed, upper case", () => {
    expect(skuKey(' grip-m ')).toBe('GRIP-M');
    expect(skuKey('Tee-1.b_2')).toBe('TEE-1.B_2');
  });

  it('compares SKUs without regard to case or surrounding spaces', () => {
    expect(sameSku(' grip-m ', 'GRIP-M')).toBe(true);
    expect(sameSku('GRIP-M', 'grip-m  ')).toBe(true);
    expect(sameSku('GRIP-M', 'GRIP-L')).toBe(false);
    expect(sameSku('GRIP-M', 'GRIP-MM')).toBe(false);
  });

  it('finds the row spelt exactly as given first, else the one that differs only in case', () => {
    const rows = [
      { sku: 'TEE-1', price: 1234.5 },
      { sku: 'tee-1', price: 5 },
      { sku: 'GRIP-M', price: 15 },
    ];
    expect(findSkuRow(rows, 'tee-1')?.price).toBe(5);
    expect(findSkuRow(rows, ' tee-1 ')?.price).toBe(5);
    expect(findSkuRow(rows, 'TEE-1')?.price).toBe(1234.5);
    expect(findSkuRow(rows, 'Tee-1')?.price).toBe(1234.5);
    expect(findSkuRow(rows, ' grip-m')?.sku).toBe('GRIP-M');
    expect(findSkuRow(rows, 'GRIP-L')).toBeUndefined();
    expect(findSkuRow([], 'GRIP-M')).toBeUndefined();
  });
});
