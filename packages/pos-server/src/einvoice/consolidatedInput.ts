import { addSen, type Sen, sen, sumSen, ZERO } from 'pos-sdk/money';
import { formatTaxRate } from 'pos-sdk/rules';
import { CONSOLIDATED_CLASSIFICATION } from './codes/classificationCodes';
import type { EinvoiceInput, EinvoiceLine, EinvoiceSupplier } from './einvoiceInput';

/** A receipt's tax types whose tax the document reports: the MyInvois types the venue's tax codes map to. */
export type ReceiptTaxType = '01' | '02' | '06' | 'E';

/** One receipt (an invoiced order) of the month, netted of the refunds made before submission. */
export interface ConsolidatedReceipt {
  /** Its order, when read from the database (what the document records it holds). */
  orderId?: string;
  /** The store's invoice number, e.g. 42. */
  number: number;
  /** Its receipt number, e.g. STORE-000042. */
  receipt: string;
  /** Its amounts per tax type and rate: excluding tax, and the tax. */
  parts: readonly ReceiptPart[];
}

/** What a receipt sold at one tax type and rate, after its refunds. */
export interface ReceiptPart {
  taxType: ReceiptTaxType;
  taxRateBp: number;
  /** The tax code's name as sold (for the exemption reason of an E part); null when untaxed. */
  taxName: string | null;
  excludingTax: Sen;
  tax: Sen;
}

/** The runs of consecutive receipt numbers, in order. */
export function receiptRuns(receipts: readonly ConsolidatedReceipt[]): ConsolidatedReceipt[][] {
  const sorted = [...receipts].sort((a, b) => a.number - b.number);
  const runs: ConsolidatedReceipt[][] = [];
  for (const receipt of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run !== undefined && last !== undefined && receipt.number === last.number + 1) run.push(receipt);
    else runs.push([receipt]);
  }
  return runs;
}

/**
 * The lines of a consolidated e-invoice: one per run of consecutive receipt numbers and per tax type and rate within
 * it, as LHDN's consolidated e-invoice allows ("each receipt as a line item, or ... a continuous receipt reference
 * number range as a line item", e-Invoice Specific Guideline, 2.3 Consolidated e-Invoice). Each line is quantity 1
 * of classification 004, its amount the run's takings at that rate excluding tax, its tax the tax sold; the split by
 * rate keeps the document's tax per type equal to the receipts'. Parts that refunds brought to nothing are left out.
 */
export function consolidatedLines(receipts: readonly ConsolidatedReceipt[]): EinvoiceLine[] {
  const lines: EinvoiceLine[] = [];
  for (const run of receiptRuns(receipts)) {
    const first = run[0];
    const last = run.at(-1);
    if (first === undefined || last === undefined) continue;
    const range = first === last ? `Receipt ${first.receipt}` : `Receipts ${first.receipt} - ${last.receipt}`;
    const groups = new Map<string, ReceiptPart>();
    for (const part of run.flatMap((receipt) => receipt.parts)) {
      const key = `${part.taxType}:${part.taxRateBp}`;
      const group = groups.get(key);
      groups.set(
        key,
        group === undefined
          ? { ...part }
          : {
              ...group,
              taxName: group.taxName ?? part.taxName,
              excludingTax: addSen(group.excludingTax, part.excludingTax),
              tax: addSen(group.tax, part.tax),
            },
      );
    }
    const parts = [...groups.values()]
      .filter((part) => part.excludingTax !== 0 || part.tax !== 0)
      .sort((a, b) => (a.taxType === b.taxType ? a.taxRateBp - b.taxRateBp : a.taxType < b.taxType ? -1 : 1));
    for (const part of parts) {
      const rate =
        part.taxType === '06'
          ? 'no tax'
          : part.taxType === 'E'
            ? 'exempt'
            : `tax ${part.taxType} ${formatTaxRate(part.taxRateBp)}`;
      lines.push({
        description: parts.length === 1 ? range : `${range} (${rate})`,
        quantity: 1,
        unitPrice: part.excludingTax,
        discount: ZERO,
        amount: part.excludingTax,
        taxType: part.taxType,
        taxRateBp: part.taxRateBp,
        tax: part.tax,
        ...(part.taxType === 'E' ? { exemptionReason: `Exempt: ${part.taxName ?? 'tax exemption'}` } : {}),
        classification: CONSOLIDATED_CLASSIFICATION,
      });
    }
  }
  return lines;
}

/** The venue's number of a month's consolidated e-invoice, e.g. STORE-CE-2026-11. */
export function consolidatedNumber(store: string, month: string): string {
  return `${store}-CE-${month}`;
}

/**
 * The consolidated e-invoice (type 01, buyer the general public) of a store's month: its receipts' lines, totals
 * that are the lines' sums, issued at `issuedAt`.
 */
export function consolidatedInput(options: {
  store: string;
  month: string;
  issuedAt: Date;
  supplier: EinvoiceSupplier;
  receipts: readonly ConsolidatedReceipt[];
}): EinvoiceInput {
  const lines = consolidatedLines(options.receipts);
  const excludingTax = sumSen(lines.map((line) => line.amount));
  const tax = sumSen(lines.map((line) => line.tax));
  const includingTax = addSen(excludingTax, tax);
  return {
    type: '01',
    number: consolidatedNumber(options.store, options.month),
    issuedAt: options.issuedAt,
    supplier: options.supplier,
    buyer: { kind: 'generalPublic' },
    lines,
    totals: { excludingTax, discount: ZERO, tax, includingTax, rounding: sen(0), payable: includingTax },
  };
}
