import { randomFillSync } from 'node:crypto';

/**
 * A new row id in the form of a UUID version 7 (RFC 9562): the first 48 bits are the time in milliseconds, the other
 * 74 bits (besides the version and the variant) random, so ids made later sort later and are as hard to guess as 74
 * random bits.
 *
 * For the rows a sale writes many of (orders, their lines and tenders, audit entries, mail, ticket uses): a random id
 * (version 4) puts each new index entry on a random page of the primary key's index, and of every index that holds
 * the order's id, so a batch of sales on SQLite wrote many pages a sale to its WAL. Ids that grow with time append
 * to the same last pages instead.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const at = offset;
  offset += 16;
  // 48 bits of milliseconds, big-endian (a number up to 2^53 is exact; the division keeps it integer arithmetic).
  const high = Math.floor(now / 0x1_0000_0000);
  const low = now >>> 0;
  const hex = HEX;
  return (
    hex[(high >>> 8) & 0xff]! +
    hex[high & 0xff]! +
    hex[low >>> 24]! +
    hex[(low >>> 16) & 0xff]! +
    '-' +
    hex[(low >>> 8) & 0xff]! +
    hex[low & 0xff]! +
    '-' +
    hex[0x70 | (pool[at + 6]! & 0x0f)]! +
    hex[pool[at + 7]!]! +
    '-' +
    hex[0x80 | (pool[at + 8]! & 0x3f)]! +
    hex[pool[at + 9]!]! +
    '-' +
    hex[pool[at + 10]!]! +
    hex[pool[at + 11]!]! +
    hex[pool[at + 12]!]! +
    hex[pool[at + 13]!]! +
    hex[pool[at + 14]!]! +
    hex[pool[at + 15]!]!
  );
}

/** Random bytes drawn 256 ids at a time (one call into the system's generator per 256 ids). */
const pool = Buffer.alloc(16 * 256);
let offset = pool.length;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
