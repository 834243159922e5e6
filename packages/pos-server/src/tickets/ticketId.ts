import { randomBytes } from 'node:crypto';

/** Crockford base32: digits and upper-case letters without I, L, O and U (nothing to misread at a gate). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** What a ticket id looks like: `T` and 10 Crockford base32 characters, e.g. `T7K3M9Q2XD4`. */
export const TICKET_ID_PATTERN = /^T[0-9A-HJKMNP-TV-Z]{10}$/;

/**
 * A new human-friendly ticket id: `T` and 10 random Crockford base32 characters (50 random bits), short enough
 * to type at a gate. Uniqueness is enforced by the tickets table's primary key (a clash is one in 10^15).
 *
 * @example newTicketId() // 'T7K3M9Q2XD4'
 */
export function newTicketId(): string {
  const bytes = randomBytes(LENGTH);
  let id = 'T';
  // Each byte's low 5 bits pick a character: 256 is a multiple of 32, so every character is equally likely.
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return id;
}

/**
 * A ticket id as typed or scanned, normalised (trimmed, upper case); undefined when it cannot be a ticket id.
 * Used where the id reaches anything but a parameterised query (e.g. a photo's name).
 */
export function readTicketId(text: string): string | undefined {
  const id = text.trim().toUpperCase();
  return TICKET_ID_PATTERN.test(id) ? id : undefined;
}
