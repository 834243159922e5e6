import { createHash } from 'node:crypto';
import type { EinvoiceDocument, FieldIssue } from 'pos-sdk/contract';
import { EINVOICE_ID_TYPES } from 'pos-sdk/rules';
import { STATE_CODES } from './codes/stateCodes';
import type { RequestClosed } from './individualEinvoice';

/** The page's only style sheet, inline: its hash is the one style the page's CSP allows. */
const STYLE = [
  'body{margin:0;background:#f4f4f5;font:16px/1.45 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b}',
  'main{max-width:560px;margin:0 auto;padding:16px}',
  'h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:0 0 16px;color:#52525b;font-weight:600}',
  '.card{background:#fff;border-radius:8px;padding:16px;margin:0 0 16px}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}dt{color:#52525b}dd{margin:0;font-weight:600}',
  'label{display:block;font-weight:600;margin:12px 0 4px}',
  'input,select{box-sizing:border-box;width:100%;padding:10px;font:inherit;border:1px solid #a1a1aa;border-radius:6px;background:#fff}',
  '.hint{color:#52525b;font-size:14px;margin:2px 0 0}',
  '.error{color:#b91c1c;font-size:14px;margin:4px 0 0}',
  '.problems{border-left:4px solid #b91c1c}',
  'button{margin:20px 0 0;padding:12px 20px;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:6px}',
  'img{display:block;margin:12px auto;width:200px;height:200px}',
  'a{color:#1d4ed8;word-break:break-all}',
].join('');

/**
 * The request page's Content-Security-Policy: nothing from anywhere but the page's own style (by its hash), its QR
 * image (a `data:` PNG) and the form posting back to the server; no script at all, no framing.
 */
export const REQUEST_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  'img-src data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text made safe for HTML, in an element or an attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** The sale a page is about: the venue's name, its receipt number, when and how much (formatted). */
export interface RequestSale {
  venueName: string;
  receipt: string;
  date: string;
  total: string;
}

function page(title: string, sale: RequestSale | undefined, blocks: readonly string[]): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>`,
    sale === undefined ? '' : `<h1>${escapeHtml(sale.venueName)}</h1>`,
    `<h2>${escapeHtml(title)}</h2>`,
    sale === undefined
      ? ''
      : `<div class="card"><dl><dt>Receipt</dt><dd>${escapeHtml(sale.receipt)}</dd><dt>Date</dt><dd>${escapeHtml(sale.date)}</dd><dt>Total</dt><dd>${escapeHtml(sale.total)}</dd></dl></div>`,
    ...blocks,
    '</main></body></html>',
  ].join('');
}

const paragraph = (text: string) => `<div class="card"><p>${escapeHtml(text)}</p></div>`;

/** A page that only says something: a link that is not valid, too many tries, e-invoicing not offered. */
export function messagePage(title: string, text: string, sale?: RequestSale): string {
  return page(title, sale, [paragraph(text)]);
}

/** Why the request window is closed, in words. */
export function closedText(closed: RequestClosed): string {
  switch (closed.reason) {
    case 'cancelled':
      return 'This sale was cancelled: there is no e-invoice for it.';
    case 'refunded':
      return 'This sale was refunded in full: there is no e-invoice for it.';
    case 'consolidated':
      return `The receipts of ${closed.month} have been reported to LHDN in the venue's consolidated e-invoice: an e-invoice in your name can no longer be issued here. Please ask the venue.`;
    case 'expired':
      return `An e-invoice can be asked for within ${closed.days} days of the sale: this request page is closed. Please ask the venue.`;
  }
}

/** Where an e-invoice stands, in a buyer's words. */
export function statusText(status: EinvoiceDocument['status']): string {
  switch (status) {
    case 'queued':
    case 'submitting':
      return 'Being submitted to LHDN (MyInvois).';
    case 'submitted':
      return "Submitted to LHDN, waiting for LHDN's validation.";
    case 'valid':
      return 'Validated by LHDN.';
    case 'invalid':
    case 'rejected':
      return 'Refused by LHDN: the venue will correct it.';
    case 'failed':
      return 'Not submitted yet: the venue will try again.';
    case 'cancelled':
      return 'Cancelled.';
  }
}

/** The page of a sale that has its e-invoice: its number, state and, once valid, LHDN's validation link and QR. */
export function issuedPage(
  sale: RequestSale,
  document: EinvoiceDocument,
  options: { qrDataUrl?: string; emailedTo?: string },
): string {
  const link = document.validation_link;
  return page('Your e-invoice', sale, [
    `<div class="card"><dl><dt>E-invoice</dt><dd>${escapeHtml(document.number)}</dd><dt>State</dt><dd>${escapeHtml(statusText(document.status))}</dd></dl>`,
    options.emailedTo === undefined
      ? ''
      : `<p class="hint">${escapeHtml(`Once LHDN has validated it, the e-invoice is emailed to ${options.emailedTo}.`)}</p>`,
    link === null
      ? ''
      : `${options.qrDataUrl === undefined ? '' : `<img src="${escapeHtml(options.qrDataUrl)}" alt="QR code of the validation link">`}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '</div>',
  ]);
}

/** The form's fields, in order, with their labels and hints. */
const FIELDS: readonly { name: string; label: string; hint?: string; type?: string; auto?: string }[] = [
  { name: 'name', label: 'Name', hint: 'Your name, or your business’s registered name', auto: 'name' },
  {
    name: 'tin',
    label: 'Tax identification number (TIN)',
    hint: 'e.g. IG12345678901 for a person, C20830570210 for a company',
  },
  { name: 'id_type', label: 'Identification' },
  { name: 'id_value', label: 'Identification number', hint: 'MyKad: its 12 digits' },
  { name: 'sst_no', label: 'SST registration number (if registered)' },
  { name: 'address_line', label: 'Address', auto: 'street-address' },
  { name: 'city', label: 'City', auto: 'address-level2' },
  { name: 'postcode', label: 'Postcode', auto: 'postal-code' },
  { name: 'state_code', label: 'State' },
  { name: 'country', label: 'Country (3-letter code)', hint: 'MYS for Malaysia' },
  { name: 'phone', label: 'Phone', type: 'tel', auto: 'tel' },
  { name: 'email', label: 'Email', hint: 'The e-invoice is sent here', type: 'email', auto: 'email' },
];

const ID_LABELS: Record<string, string> = {
  NRIC: 'MyKad (NRIC)',
  PASSPORT: 'Passport',
  BRN: 'Business registration number (BRN)',
  ARMY: 'Army number',
};

function options(values: readonly [string, string][], chosen: string): string {
  return values
    .map(
      ([value, label]) =>
        `<option value="${escapeHtml(value)}"${value === chosen ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    )
    .join('');
}

/**
 * The request form: the sale, then the buyer's fields (as typed, each with its problem in words), posting back to
 * the page's own address. Plain HTML, no script.
 */
export function requestFormPage(
  sale: RequestSale,
  values: Readonly<Record<string, string>>,
  issues: readonly FieldIssue[] = [],
): string {
  const problemOf = (name: string) => issues.filter((issue) => issue.path === name);
  const fields = FIELDS.map((field) => {
    const value = values[field.name] ?? (field.name === 'country' ? 'MYS' : '');
    const problems = problemOf(field.name);
    const describedBy = [
      ...(field.hint === undefined ? [] : [`${field.name}-hint`]),
      ...(problems.length > 0 ? [`${field.name}-error`] : []),
    ].join(' ');
    const common = `id="${field.name}" name="${field.name}"${describedBy === '' ? '' : ` aria-describedby="${describedBy}"`}${problems.length > 0 ? ' aria-invalid="true"' : ''}`;
    let control: string;
    if (field.name === 'id_type') {
      control = `<select ${common}>${options(
        [
          ['', 'Choose…'],
          ...EINVOICE_ID_TYPES.map((type): [string, string] => [type, ID_LABELS[type] ?? type]),
        ],
        value,
      )}</select>`;
    } else if (field.name === 'state_code') {
      control = `<select ${common}>${options(
        [
          ['', 'Choose…'],
          ...STATE_CODES.entries.map((entry): [string, string] => [entry.code, entry.description]),
        ],
        value,
      )}</select>`;
    } else {
      control = `<input ${common} type="${field.type ?? 'text'}" value="${escapeHtml(value)}"${field.auto === undefined ? '' : ` autocomplete="${field.auto}"`}>`;
    }
    return [
      `<label for="${field.name}">${escapeHtml(field.label)}</label>`,
      control,
      field.hint === undefined ? '' : `<p class="hint" id="${field.name}-hint">${escapeHtml(field.hint)}</p>`,
      problems.length === 0
        ? ''
        : `<p class="error" id="${field.name}-error">${problems.map((problem) => escapeHtml(problem.message)).join(' ')}</p>`,
    ].join('');
  }).join('');
  const summary =
    issues.length === 0
      ? ''
      : `<div class="card problems" role="alert"><p><strong>Please correct the form:</strong></p><ul>${issues
          .map((issue) => `<li>${escapeHtml(issue.message)}</li>`)
          .join('')}</ul></div>`;
  return page('Ask for an e-invoice', sale, [
    summary,
    '<div class="card"><p>LHDN (MyInvois) e-invoice in your name for this sale. Fill in your details as registered with LHDN.</p>',
    `<form method="post">${fields}<button type="submit">Ask for the e-invoice</button></form></div>`,
  ]);
}
