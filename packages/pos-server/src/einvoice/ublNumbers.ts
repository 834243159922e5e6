import { formatAmount, type Sen } from 'pos-sdk/money';

/**
 * An amount of sen as the decimal number MyInvois's JSON wants (`4950` -> `49.5`), made without arithmetic on the
 * amount: `formatAmount` writes the ringgit and sen from the integer ("49.50") and the number is that text read back.
 * A decimal of at most 2 places and 15 digits reads back to the double that `JSON.stringify` prints as exactly that
 * decimal, so the wire carries what the till computed in sen.
 *
 * @example ublAmount(sen(4950)) // 49.5
 */
export function ublAmount(amount: Sen): number {
  return Number(formatAmount(amount));
}

/**
 * A tax rate in basis points as the percent MyInvois's `Percent` wants (`600` -> `6`, `650` -> `6.5`), written from
 * the integer like {@link ublAmount}.
 *
 * @throws RangeError when the rate is not a whole number of basis points from 0 to 10000.
 * @example ublPercent(800) // 8
 */
export function ublPercent(rateBp: number): number {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) {
    throw new RangeError(`A tax rate is a whole number of basis points from 0 to 10000, got ${rateBp}`);
  }
  const hundredths = rateBp % 100;
  // rateBp - hundredths is a multiple of 100: the division is exact.
  const whole = (rateBp - hundredths) / 100;
  return Number(`${whole}.${String(hundredths).padStart(2, '0')}`);
}

/** The date and time MyInvois wants for `IssueDate` and `IssueTime`: the instant in UTC ("2024-07-23", "00:30:00Z"). */
export function ublDateTime(at: Date): { date: string; time: string } {
  const iso = at.toISOString(); // 2024-07-23T00:30:00.000Z, always UTC
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 19)}Z` };
}
