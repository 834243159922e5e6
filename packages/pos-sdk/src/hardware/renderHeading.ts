import { DEFAULT_TIMEZONE } from '../rules/venueDay';
import { centerText, fieldLine } from './lineLayout';
import type { DocumentHeader } from './PrintDocument';

/** The time zone a document's dates are shown in. */
export function documentTimeZone(header: DocumentHeader): string {
  return header.timeZone ?? DEFAULT_TIMEZONE;
}

/** The top of every document: venue name and title, centred. */
export function renderHeading(header: DocumentHeader, title: string, width: number): string[] {
  const lines: string[] = [];
  if (header.venueName !== undefined && header.venueName.trim() !== '') {
    lines.push(...centerText(header.venueName, width));
  }
  lines.push(...centerText(title, width));
  return lines;
}

/** `Terminal:` and `Cashier:` lines, the header's values winning over the record's. */
export function renderWhoLines(
  header: DocumentHeader,
  record: { readonly terminal?: string | undefined; readonly staff?: string | undefined },
  width: number,
): string[] {
  const lines: string[] = [];
  const terminal = header.terminal ?? record.terminal;
  const staff = header.staff ?? record.staff;
  if (terminal !== undefined && terminal !== '') lines.push(...fieldLine('Terminal', terminal, width));
  if (staff !== undefined && staff !== '') lines.push(...fieldLine('Cashier', staff, width));
  return lines;
}
