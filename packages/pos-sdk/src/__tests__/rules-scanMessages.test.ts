import { describe, expect, it } from 'vitest';
import { productNotFound, scannedCode } from '../messages';

describe('rules/scanMessages', () => {
  it("says what the camera read: 'Read {code}'", () => {
    expect(scannedCode('9555000000024')).toBe('Read 9555000000024');
  });

  it("names a product code that matches nothing: 'No product with code {code}' (trimmed)", () => {
    expect(productNotFound(' GRIP-XL ')).toBe('No product with code GRIP-XL');
  });
});
