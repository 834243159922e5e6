import { formatAmount, fromRinggit, isNegative, sumSen } from '../money';
import { formatVenueDateTime } from '../rules/venueDay';
import { alignEnds, fieldLine, separator } from './lineLayout';
import type { FloatDocument } from './PrintDocument';
import { documentMoney, documentTimeZone, renderHeading, renderWhoLines } from './renderHeading';

/**
 * The float slip (spec section 4: setting a float prints a float receipt): the entry just set
 * (FLOAT IN, or FLOAT OUT when negative), every float entry of the shift and the running total.
 */
export function renderFloatSlip(document: FloatDocument, width: number): string[] {
  const { header, shift, entry } = document;
  const timeZone = documentTimeZone(header);
  const amount = fromRinggit(entry.cash);
  const total = sumSen(shift.float.map((each) => fromRinggit(each.cash)));

  const lines = renderHeading(header, 'FLOAT', width);
  lines.push(separator(width));
  lines.push(...fieldLine('Date', formatVenueDateTime(entry.at, timeZone), width));
  lines.push(...renderWhoLines(header, shift, width));
  lines.push(...fieldLine('Opened', formatVenueDateTime(shift.opened_at, timeZone), width));
  lines.push(separator(width));
  lines.push(
    ...alignEnds(isNegative(amount) ? 'FLOAT OUT' : 'FLOAT IN', documentMoney(header, amount), width),
  );
  lines.push(separator(width));
  lines.push('Float entries');
  for (const each of shift.float) {
    const at = formatVenueDateTime(each.at, timeZone);
    lines.push(...alignEnds(at, formatAmount(fromRinggit(each.cash)), width, '  '));
  }
  lines.push(...alignEnds('FLOAT TOTAL', documentMoney(header, total), width));
  lines.push(separator(width));
  lines.push(...fieldLine('Printed', formatVenueDateTime(header.printedAt, timeZone), width));
  return lines;
}
