import { buildEinvoiceDocument } from './buildEinvoiceDocument';
import {
  type ConsolidatedReceipt,
  consolidatedInput,
  consolidatedLines,
  consolidatedNumber,
  receiptRuns,
} from './consolidatedInput';
import type { EinvoiceInput, EinvoiceSupplier } from './einvoiceInput';

/**
 * MyInvois's largest document: 300 KB (https://sdk.myinvois.hasil.gov.my/einvoicingapi/02-submit-documents/,
 * "Maximum document size in KB: 300KB"), counted on the signed JSON as submitted.
 */
export const MAX_DOCUMENT_BYTES = 300 * 1024;

/**
 * Room kept in each document for what signing adds (`UBLExtensions` with the certificate, the digests and the signed
 * properties, and `cac:Signature`): about 4 KB with a 2048-bit key and a 1 KB certificate; 32 KB leaves
 * room for a long certificate chain's one certificate and a 4096-bit key.
 */
export const SIGNATURE_ALLOWANCE_BYTES = 32 * 1024;

/** One consolidated document of a month: its number, the receipts it holds and what it is built from. */
export interface ConsolidatedPart {
  /** 1, 2, ... in receipt order. */
  part: number;
  /** STORE-CE-2026-11 when the month is one document; STORE-CE-2026-11-1, -2, ... when it is split. */
  number: string;
  receipts: ConsolidatedReceipt[];
  input: EinvoiceInput;
}

/** The bytes of a document's JSON, unsigned. */
const documentBytes = (input: EinvoiceInput) =>
  Buffer.byteLength(JSON.stringify(buildEinvoiceDocument(input)), 'utf8');

/**
 * A store-month's consolidated e-invoice as one document, or split into several when one would exceed MyInvois's
 * size (`maxBytes`, less {@link SIGNATURE_ALLOWANCE_BYTES} for the signature): the runs of consecutive receipt
 * numbers are packed in order, whole (a run's lines never straddle two documents), into as few documents as fit,
 * numbered in sequence (`STORE-CE-2026-11-1`, `-2`, ...). Together they hold every receipt once; each one's totals
 * are its lines' sums. A month whose receipts refunds brought to nothing has no part.
 */
export function splitConsolidated(options: {
  store: string;
  month: string;
  issuedAt: Date;
  supplier: EinvoiceSupplier;
  receipts: readonly ConsolidatedReceipt[];
  maxBytes?: number;
}): ConsolidatedPart[] {
  const limit = (options.maxBytes ?? MAX_DOCUMENT_BYTES) - SIGNATURE_ALLOWANCE_BYTES;
  const whole = consolidatedInput(options);
  if (whole.lines.length === 0) return [];
  const wholeBytes = documentBytes(whole);
  if (wholeBytes <= limit) {
    return [{ part: 1, number: whole.number, receipts: [...options.receipts], input: whole }];
  }
  // Each run's share of the document: its lines' JSON; the rest (supplier, buyer, totals) is in every part.
  const runs = receiptRuns(options.receipts).map((run) => ({ run, lines: consolidatedLines(run) }));
  const lineBytes = (input: EinvoiceInput) => {
    const document = buildEinvoiceDocument(input).Invoice[0] as { InvoiceLine: unknown[] };
    return document.InvoiceLine.map((line) => Buffer.byteLength(JSON.stringify(line), 'utf8') + 1);
  };
  const allLineBytes = lineBytes(whole);
  const base = wholeBytes - allLineBytes.reduce((sum, bytes) => sum + bytes, 0);
  let budget = limit - base;
  for (;;) {
    const groups: ConsolidatedReceipt[][] = [];
    let current: ConsolidatedReceipt[] = [];
    let used = 0;
    let line = 0;
    for (const { run, lines } of runs) {
      const bytes = allLineBytes.slice(line, line + lines.length).reduce((sum, one) => sum + one, 0);
      line += lines.length;
      if (current.length > 0 && used + bytes > budget) {
        groups.push(current);
        current = [];
        used = 0;
      }
      current.push(...run);
      used += bytes;
    }
    if (current.length > 0) groups.push(current);
    const parts = groups.map((receipts, index) => {
      const number = `${consolidatedNumber(options.store, options.month)}-${index + 1}`;
      return {
        part: index + 1,
        number,
        receipts,
        input: { ...consolidatedInput({ ...options, receipts }), number },
      };
    });
    // The estimate is checked on the documents themselves; a part still too large packs all again, tighter.
    if (parts.every((part) => documentBytes(part.input) <= limit) || budget < 1024) return parts;
    budget = Math.floor(budget * 0.9);
  }
}
