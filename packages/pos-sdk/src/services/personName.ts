import type { PersonName } from '../contract';

/** A staff member's display name: 'Ana Cashier' (the discount note, printed documents). */
export function personName(name: PersonName): string {
  return `${name.first} ${name.last}`.trim();
}
