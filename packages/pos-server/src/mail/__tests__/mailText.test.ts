import { describe, expect, it } from 'vitest';
import { passesSubject, receiptSubject, refundSubject, renewalSubject } from '../mailText';

describe('mailText', () => {
  it('names each email by what it carries, the invoice and the store', () => {
    expect(receiptSubject('INV-42', 'Gym KL')).toBe('Receipt INV-42 from Gym KL');
    expect(passesSubject('INV-42', 'Gym KL')).toBe('Your passes from Gym KL (INV-42)');
    expect(renewalSubject('Gym KL')).toBe('Membership renewed at Gym KL');
    expect(refundSubject('INV-42', 'Gym KL')).toBe('Refund of INV-42 at Gym KL');
  });
});
