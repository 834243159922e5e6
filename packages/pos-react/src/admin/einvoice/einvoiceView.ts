import type { EinvoiceDocument, EinvoiceIdentity, EinvoiceStatus } from 'pos-sdk/contract';
import { fromRinggit, type Sen, sen } from 'pos-sdk/money';
import { inEinvoiceCancelWindow } from 'pos-sdk/rules';
import type { BadgeTone } from '../../components/Badge';

/** Each state of an e-invoice in words, with its badge's tone (the words always beside the colour). */
export const EINVOICE_STATUS: Readonly<Record<EinvoiceStatus, { label: string; tone: BadgeTone }>> = {
  queued: { label: 'Queued', tone: 'grey' },
  submitting: { label: 'Submitting', tone: 'blue' },
  submitted: { label: 'Submitted, being validated', tone: 'blue' },
  valid: { label: 'Valid', tone: 'green' },
  invalid: { label: 'Invalid', tone: 'red' },
  rejected: { label: 'Rejected', tone: 'red' },
  cancelled: { label: 'Cancelled', tone: 'slate' },
  failed: { label: 'Failed', tone: 'amber' },
};

/** MyInvois's document types the server issues, in words. */
export const EINVOICE_TYPES: Readonly<Record<EinvoiceDocument['type'], string>> = {
  '01': '01 Invoice',
  '02': '02 Credit note',
  '04': '04 Refund note',
};

/** The identity's fields as the form labels them (and as "missing" names them); `name` is the venue's name. */
export const IDENTITY_LABELS: Readonly<Record<keyof EinvoiceIdentity | 'name', string>> = {
  name: 'Venue name (Settings)',
  tin: 'TIN',
  brn: 'Business registration no (BRN)',
  sst_registration_no: 'SST registration no',
  msic_code: 'MSIC code',
  activity: 'Business activity',
  address_line: 'Address',
  city: 'City',
  postcode: 'Postcode',
  state_code: 'State',
  country: 'Country',
  phone: 'Phone',
  email: 'Email',
};

/** Whether MyInvois still allows cancelling the document at `now`: valid, and within the rule's 72 hours. */
export function cancellable(document: EinvoiceDocument, now: Date): boolean {
  if (document.status !== 'valid' || document.validated_at === null) return false;
  return inEinvoiceCancelWindow(document.validated_at, now);
}

/** Whether Retry applies: a document given up after its tries, refused at submission, or found invalid. */
export const retriable = (document: EinvoiceDocument): boolean =>
  document.status === 'failed' || document.status === 'rejected' || document.status === 'invalid';

/** Whether the document is still on its way to MyInvois or being validated there. */
export const inProgress = (document: EinvoiceDocument): boolean =>
  document.status === 'queued' || document.status === 'submitting' || document.status === 'submitted';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * LHDN's errors of an invalid or rejected document, one line each: a failed validation step ("Step03-Issuance Date
 * Time Validator: CV302 The issue date ..."), a refusal at submission, and each inner error under them (with the
 * field it names). Whatever shape MyInvois answered, nothing is dropped silently: an unknown one shows as JSON.
 */
export function einvoiceErrorLines(errors: unknown): string[] {
  if (errors === null || errors === undefined) return [];
  const lines: string[] = [];
  const describe = (error: Json, prefix: string): void => {
    const code = text(error.errorCode) || text(error.code);
    const words = text(error.error) || text(error.message) || text(error.errorMS);
    const field = text(error.propertyPath) || text(error.target);
    const line = [prefix, field ? `${field}:` : '', code, words].filter((part) => part !== '').join(' ');
    if (code !== '' || words !== '') lines.push(line);
    const inner = error.innerError ?? error.details;
    if (Array.isArray(inner)) for (const one of inner) if (isObject(one)) describe(one, '–');
  };
  for (const item of Array.isArray(errors) ? errors : [errors]) {
    if (!isObject(item)) {
      lines.push(String(item));
      continue;
    }
    const step = text(item.name);
    if (step !== '' && isObject(item.error)) describe(item.error, `${step}:`);
    else if (step !== '') lines.push(step);
    else {
      const before = lines.length;
      describe(item, '');
      if (lines.length === before) lines.push(JSON.stringify(item));
    }
  }
  return lines;
}

/** One line of a month's preview: its description and amounts in sen. */
export interface PreviewLine {
  readonly description: string;
  readonly excludingTax: Sen;
  readonly tax: Sen;
}

/** What a dry run's document says: its number, lines and totals, in sen. */
export interface PreviewSummary {
  readonly number: string;
  readonly lines: readonly PreviewLine[];
  readonly excludingTax: Sen;
  readonly tax: Sen;
  readonly payable: Sen;
}

/** The first value of a UBL JSON path (`["LegalMonetaryTotal", "PayableAmount"]`), or undefined. */
function ublValue(node: unknown, path: readonly string[]): unknown {
  let at: unknown = node;
  for (const name of path) {
    const list = isObject(at) ? at[name] : undefined;
    at = Array.isArray(list) ? list[0] : undefined;
  }
  return isObject(at) ? at._ : undefined;
}

/** A UBL amount (ringgit, 2 decimals as written) in sen. */
const senOf = (value: unknown): Sen => (typeof value === 'number' ? fromRinggit(value) : sen(0));

/** The summary of a dry run's UBL document (`einvoiceSubmit` with `dry_run`), or null when it is not one. */
export function previewSummary(preview: unknown): PreviewSummary | null {
  const invoice = isObject(preview) && Array.isArray(preview.Invoice) ? preview.Invoice[0] : undefined;
  if (!isObject(invoice)) return null;
  const lines = (Array.isArray(invoice.InvoiceLine) ? invoice.InvoiceLine : []).map(
    (line: unknown): PreviewLine => ({
      description: String(ublValue(line, ['Item', 'Description']) ?? ''),
      excludingTax: senOf(ublValue(line, ['LineExtensionAmount'])),
      tax: senOf(ublValue(line, ['TaxTotal', 'TaxAmount'])),
    }),
  );
  return {
    number: String(ublValue(preview, ['Invoice', 'ID']) ?? ''),
    lines,
    excludingTax: senOf(ublValue(invoice, ['LegalMonetaryTotal', 'TaxExclusiveAmount'])),
    tax: senOf(ublValue(invoice, ['TaxTotal', 'TaxAmount'])),
    payable: senOf(ublValue(invoice, ['LegalMonetaryTotal', 'PayableAmount'])),
  };
}
