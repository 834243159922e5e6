import { describe, expect, it } from 'vitest';
import { kioskRefusal } from '../rules';

const TZ = 'Asia/Kuala_Lumpur';
const NOW = new Date('2026-12-28T02:00:00.000Z'); // 10:00 on 28 December in Kuala Lumpur
const pass = { name: 'Monthly Membership', category: 'Membership', usage_limit: 0 };

describe('kioskRefusal', () => {
  it("an expired pass says since when, in the venue's date", () => {
    const ticket = { date: '2026-11-21T16:00:00.000Z', expiry: '2026-12-21T16:00:00.000Z', used: [], pass };
    expect(kioskRefusal('Ticket is Expired', ticket, NOW, TZ)).toBe('Expired on 22-12-2026');
  });

  it("any other refusal is the gate's own message", () => {
    const fullyUsed = {
      date: '2026-12-27T16:00:00.000Z',
      expiry: '2026-12-28T16:00:00.000Z',
      used: [{ at: '2026-12-28T01:00:00.000Z' }],
      pass: { name: 'Day Pass', category: 'Day Pass', usage_limit: 1 },
    };
    expect(kioskRefusal('Ticket is Fully Used', fullyUsed, NOW, TZ)).toBe('Ticket is Fully Used');
    expect(kioskRefusal('Membership on hold until 14-01-2027', null, NOW, TZ)).toBe(
      'Membership on hold until 14-01-2027',
    );
    const noExpiry = { date: '2026-11-21T16:00:00.000Z', expiry: null, used: [], pass };
    expect(kioskRefusal('Ticket is Canceled', noExpiry, NOW, TZ)).toBe('Ticket is Canceled');
  });
});
