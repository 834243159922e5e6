import { addSen, multiplySen, type Sen, sen, subtractSen, sumSen, ZERO } from 'pos-sdk/money';
import { MEMBERSHIP_CATEGORY } from 'pos-sdk/rules';
import type { PaymentModeCode } from './codes/paymentModes';
import type { TaxTypeCode } from './codes/taxTypes';
import type { EinvoiceBuyer, EinvoiceInput, EinvoiceLine, EinvoiceSupplier } from './einvoiceInput';

/** One line of an order as stored (migration 0029 keeps each line's tax as sold; 0020 what refunds gave back). */
export interface SoldLine {
  type: 'PASS' | 'MERCHANDISE';
  name: string;
  variantGroup: string | null;
  category: string | null;
  quantity: number;
  refundedQuantity: number;
  unitPrice: Sen;
  /** unit price × quantity − discount. */
  total: Sen;
  /** What refunds gave back of the line, its tax added on top included. */
  refunded: Sen;
  /** MyInvois tax type of the line's tax code; null when untaxed. */
  taxType: string | null;
  taxName: string | null;
  taxRateBp: number;
  /** The line's tax (in `total` with tax-inclusive prices, on top of it otherwise). */
  tax: Sen;
  refundedTax: Sen;
}

/** The classification of a line: 013 a gym membership, 038 entry to sports facilities, 022 anything else. */
function classificationOf(line: SoldLine): string {
  if (line.type === 'PASS') return line.category === MEMBERSHIP_CATEGORY ? '013' : '038';
  return '022';
}

/**
 * An order's lines as e-invoice lines, net of the refunds made before it: each line's amount excluding tax is what
 * the buyer paid for it less its tax (with tax added on top: its total), its tax the tax sold less what refunds gave
 * back; a line refunded in full is left out. The quantity is what was kept; the unit price is the catalogue's with
 * tax added on top (its discount the difference), and with tax-inclusive prices the amount divided by the quantity,
 * rounded up to the sen (the few sen over shown as a discount), so quantity × unit price − discount is the amount
 * exactly, as MyInvois checks.
 */
export function individualLines(lines: readonly SoldLine[], pricesIncludeTax: boolean): EinvoiceLine[] {
  const result: EinvoiceLine[] = [];
  for (const line of lines) {
    const paid = pricesIncludeTax ? line.total : addSen(line.total, line.tax);
    const tax = subtractSen(line.tax, line.refundedTax);
    const amount = subtractSen(subtractSen(paid, line.refunded), tax);
    const kept = line.quantity - line.refundedQuantity;
    if (amount <= 0 && tax <= 0) continue;
    const quantity = kept > 0 ? kept : 1;
    // Rounded up to the sen with integer arithmetic only: the remainder adds a sen.
    const remainder = amount % quantity;
    let unitPrice = sen((amount - remainder) / quantity + (remainder > 0 ? 1 : 0));
    if (!pricesIncludeTax && multiplySen(line.unitPrice, quantity) >= amount) unitPrice = line.unitPrice;
    const discount = subtractSen(multiplySen(unitPrice, quantity), amount);
    const taxType = (line.taxType ?? '06') as TaxTypeCode;
    result.push({
      description: line.variantGroup ? `${line.name} - ${line.variantGroup}` : line.name,
      quantity,
      unitPrice,
      discount,
      amount,
      taxType,
      taxRateBp: line.taxType === null || taxType === '06' || taxType === 'E' ? 0 : line.taxRateBp,
      tax,
      ...(taxType === 'E' ? { exemptionReason: `Exempt: ${line.taxName ?? 'tax exemption'}` } : {}),
      classification: classificationOf(line),
    });
  }
  return result;
}

/** The MyInvois payment mode of an order's tenders: its one method's code; none when paid by several. */
export function paymentModeOf(methods: readonly string[]): PaymentModeCode | undefined {
  const distinct = [...new Set(methods)];
  if (distinct.length !== 1) return undefined;
  switch (distinct[0]) {
    case 'CASH':
      return '01';
    case 'CREDIT CARD':
      return '04';
    case 'E-WALLET':
      return '06';
    default:
      return '08';
  }
}

/**
 * The individual e-invoice (type 01) of one sale: its receipt number as the document's number, the buyer who asked
 * (or the general public), the sale's lines ({@link individualLines}) and totals that are their sums.
 */
export function individualInput(options: {
  number: string;
  issuedAt: Date;
  supplier: EinvoiceSupplier;
  buyer: EinvoiceBuyer;
  lines: readonly SoldLine[];
  pricesIncludeTax: boolean;
  paymentMode?: PaymentModeCode;
}): EinvoiceInput {
  const lines = individualLines(options.lines, options.pricesIncludeTax);
  const excludingTax = sumSen(lines.map((line) => line.amount));
  const tax = sumSen(lines.map((line) => line.tax));
  const includingTax = addSen(excludingTax, tax);
  return {
    type: '01',
    number: options.number,
    issuedAt: options.issuedAt,
    supplier: options.supplier,
    buyer: options.buyer,
    lines,
    totals: {
      excludingTax,
      discount: sumSen(lines.map((line) => line.discount)),
      tax,
      includingTax,
      rounding: ZERO,
      payable: includingTax,
    },
    ...(options.paymentMode === undefined ? {} : { paymentMode: options.paymentMode }),
  };
}
