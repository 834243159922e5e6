import { formatCurrency, type Sen } from '../money';
import { DEFAULT_TIMEZONE } from '../rules/venueDay';
import { centerText, fieldLine } from './lineLayout';
import type { DocumentHeader } from './PrintDocument';

/** The time zone a document's dates are shown in. */
export function documentTimeZone(header: DocumentHeader): string {
  return header.timeZone ?? DEFAULT_TIMEZONE;
}

/** The top of every document: venue name, its address, registration number and phone, then the title, centred. */
export function renderHeading(header: DocumentHeader, title: string, width: number): string[] {
  const lines: string[] = [];
  if (header.venueName !== undefined && header.venueName.trim() !== '') {
    lines.push(...centerText(header.venueName, width));
  }
  const given = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : text.trim();
  const address = given(header.venue?.address);
  const registrationNo = given(header.venue?.registrationNo);
  const phone = given(header.venue?.phone);
  if (address !== undefined) lines.push(...centerText(address, width));
  if (registrationNo !== undefined) lines.push(...centerText(`Reg. No. ${registrationNo}`, width));
  if (phone !== undefined) lines.push(...centerText(`Tel ${phone}`, width));
  lines.push(...centerText(title, width));
  return lines;
}

/** An amount with the document's currency symbol (venue settings), `RM 49.00` by default. */
export function documentMoney(header: DocumentHeader, amount: Sen): string {
  return formatCurrency(amount, header.currency ?? 'RM');
}

/** The last lines of a receipt: a blank line, then the venue's receipt footer, else 'Thank you!', centred. */
export function renderFooter(header: DocumentHeader, width: number): string[] {
  const footer = header.footer?.trim();
  return ['', ...centerText(footer === undefined || footer === '' ? 'Thank you!' : footer, width)];
}

/**
 * `Terminal:` and `Cashier:` lines: the record's (the order's seller and terminal, the shift's cashier and terminal),
 * else the header's (who prints, where). A manager reprinting Ana's order or printing her shift's report from
 * another terminal prints Ana and her terminal: the report is the account of her drawer.
 */
export function renderWhoLines(
  header: DocumentHeader,
  record: { readonly terminal?: string | undefined; readonly staff?: string | undefined },
  width: number,
): string[] {
  const lines: string[] = [];
  const named = (text: string | undefined) => (text === undefined || text === '' ? undefined : text);
  const terminal = named(record.terminal) ?? header.terminal;
  const staff = named(record.staff) ?? header.staff;
  if (terminal !== undefined && terminal !== '') lines.push(...fieldLine('Terminal', terminal, width));
  if (staff !== undefined && staff !== '') lines.push(...fieldLine('Cashier', staff, width));
  return lines;
}
