import { describe, expect, it } from 'vitest';
import { discountNote } from '../rules/discountNote';

describe('rules discountNote', () => {
  it("words a percentage discount with its approver: '10% discount (Max Manager)'", () => {
    expect(
      discountNote({ type: 'percentage', value: 10, approver: 'staff-2', approver_name: 'Max Manager' }),
    ).toBe('10% discount (Max Manager)');
  });

  it("words an amount discount in ringgit: 'RM 5.00 discount (Max Manager)'", () => {
    expect(discountNote({ type: 'amount', value: 5, approver_name: 'Max Manager' })).toBe(
      'RM 5.00 discount (Max Manager)',
    );
    expect(discountNote({ type: 'amount', value: 12.5, approver: 'staff-2' })).toBe(
      'RM 12.50 discount (staff-2)',
    );
  });

  it('leaves the approver out when neither a name nor an id is known', () => {
    expect(discountNote({ type: 'percentage', value: 7.5 })).toBe('7.5% discount');
  });
});
