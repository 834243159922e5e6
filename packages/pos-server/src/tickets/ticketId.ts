import { randomBytes } from 'node:crypto';

/** Crockford base32: digits and upper-case letters without I, L, O and U (nothing to misread at a gate). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** What a ticket id looks like: `T` and 10 Crockford base32 characters, e.g. `T7K3M9Q2XD4`. */
export const TICKET_ID_PATTERN = /^T[0-9A-HJKMNP-TV-Z]{10}$/;

/**
 * How ticket ids reserved for offline sales begin (`offline/reserveTicketIds`): online ids never start with `TZ`,
 * so an id reserved for a terminal can never be issued by an online sale.
 */
export const OFFLINE_TICKET_ID_PREFIX = 'TZ';

/** `count` random Crockford base32 characters, each equally likely among the first `symbols` of the alphabet. */
function randomCharacters(count: number, symbols = ALPHABET.length): string {
  let text = '';
  while (text.length < count) {
    for (const byte of randomBytes(count)) {
      // Rejection sampling keeps every symbol equally likely when `symbols` does not divide 256.
      const limit = 256 - (256 % symbols);
      if (byte < limit && text.length < count) text += ALPHABET[byte % symbols];
    }
  }
  return text;
}

/**
 * A new human-friendly ticket id: `T` and 10 random Crockford base32 characters (about 50 random bits), short
 * enough to type at a gate, never starting with `TZ` (those are reserved for offline sales). Uniqueness is enforced
 * by the tickets table's primary key (a clash is one in 10^15).
 *
 * @example newTicketId() // 'T7K3M9Q2XD4'
 */
export function newTicketId(): string {
  // The first character is any but the last of the alphabet, `Z`.
  return `T${randomCharacters(1, ALPHABET.length - 1)}${randomCharacters(LENGTH - 1)}`;
}

/** A ticket id for a terminal's offline sales: `TZ` and 9 random characters (45 bits), unique in its table. */
export function newOfflineTicketId(): string {
  return `${OFFLINE_TICKET_ID_PREFIX}${randomCharacters(LENGTH - 1)}`;
}

/**
 * A ticket id as typed or scanned, normalised (trimmed, upper case); undefined when it cannot be a ticket id.
 * Used where the id reaches anything but a parameterised query (e.g. a photo's name).
 */
export function readTicketId(text: string): string | undefined {
  const id = text.trim().toUpperCase();
  return TICKET_ID_PATTERN.test(id) ? id : undefined;
}
