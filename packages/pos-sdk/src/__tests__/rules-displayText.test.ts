import { describe, expect, it } from 'vitest';
import {
  deriveTicketStatus,
  entriesPerDayText,
  itemTitle,
  passUses,
  personName,
  usesAllowed,
} from '../rules';

describe('display texts written once', () => {
  it("names a person 'First Last', from either shape, without stray spaces", () => {
    expect(personName({ first: 'Ana', last: 'Cashier' })).toBe('Ana Cashier');
    expect(personName({ first_name: 'Mei', last_name: 'Ling' })).toBe('Mei Ling');
    expect(personName({ first: ' Ana ', last: '' })).toBe('Ana');
    expect(personName({ first: 'Ana ', last: ' Cashier' })).toBe('Ana Cashier');
    expect(personName({ first_name: '', last_name: 'Rahman' })).toBe('Rahman');
  });

  it("titles an item 'Name - Group' unless the name already says the group", () => {
    expect(itemTitle({ name: 'Day Pass', group: 'Adult' })).toBe('Day Pass - Adult');
    expect(itemTitle({ name: 'Grip Socks', group: ' M ' })).toBe('Grip Socks - M');
    expect(itemTitle({ name: 'Adult Day Pass', group: 'Adult' })).toBe('Adult Day Pass');
    expect(itemTitle({ name: 'Grip Socks', group: 'S' })).toBe('Grip Socks - S');
    expect(itemTitle({ name: '---', group: 'S' })).toBe('--- - S');
    expect(itemTitle({ name: 'Shoes (Size 42)', group: '42' })).toBe('Shoes (Size 42)');
    expect(itemTitle({ name: 'Water Bottle', group: '' })).toBe('Water Bottle');
    expect(itemTitle({ name: 'Water Bottle', group: null })).toBe('Water Bottle');
    expect(itemTitle({ name: 'Water Bottle' })).toBe('Water Bottle');
  });

  it('counts usage_limit 0 as one use allowed a venue day, as the ticket status does (spec section 4)', () => {
    expect(usesAllowed(10)).toBe(10);
    expect(usesAllowed(1)).toBe(1);
    expect(usesAllowed(0)).toBe(1);
    expect(passUses(0, 1)).toBe('0 / 1');
    expect(passUses(3, 10)).toBe('3 / 10');
    const at = '2026-11-22T02:00:00.000Z';
    const ticket = { date: '2026-11-22T00:00:00.000Z', used: [{ at }], pass: { usage_limit: 0 } };
    expect(deriveTicketStatus(ticket, at, 'Asia/Kuala_Lumpur')).toBe('Fully Used');
    expect(deriveTicketStatus({ ...ticket, used: [] }, at, 'Asia/Kuala_Lumpur')).toBe('Active');
  });

  it("shows a membership's uses alone: its limit is per venue day (passEntriesToday)", () => {
    expect(passUses(0, 0)).toBe('0');
    expect(passUses(12, 0)).toBe('12');
    expect(entriesPerDayText(1)).toBe('1 entry a day');
    expect(entriesPerDayText(2)).toBe('2 entries a day');
  });
});
