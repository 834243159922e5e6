import { addSen, formatAmount, fromRinggit, type Sen, sen, subtractSen, sumSen } from '../money';
import type { RuleCartItem } from './cartItem';
import { lineAmount } from './lineAmount';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** MyInvois tax types a venue's code maps to: 01 sales tax, 02 service tax, 06 not applicable, E exempt. */
export const TAX_TYPES = ['01', '02', '06', 'E'] as const;
/** One of {@link TAX_TYPES}. */
export type TaxType = (typeof TAX_TYPES)[number];

/** A venue's tax code: its name, its rate in basis points (800 = 8 %) and its MyInvois tax type. */
export interface RuleTaxCode {
  readonly code: string;
  readonly name: string;
  readonly rate_bp: number;
  readonly type: TaxType;
}

/**
 * How the venue's prices read: `inclusive` (the price the customer pays holds the tax: the tax is the part of each line
 * that it is) or `exclusive` (each line's tax comes on top: the amount to pay is the subtotal plus the tax).
 */
export type PriceMode = 'inclusive' | 'exclusive';

/** The largest rate a code may have: 100 % (10,000 basis points). */
export const MAX_TAX_RATE_BP = 10_000;

/** `numerator / divisor` rounded half up (away from zero) to a whole number, exactly (BigInt). */
function divideHalfUp(numerator: bigint, divisor: bigint): bigint {
  // Stryker disable next-line EqualityOperator: a zero numerator rounds to zero either way.
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return negative ? -rounded : rounded;
}

/**
 * The tax of one line, in sen: of its amount after its discount, at `rateBp` basis points, rounded half up to the sen
 * (the product's one rounding rule for tax). Exclusive: `amount × rate`; inclusive: the part of `amount` that is tax,
 * `amount × rate / (1 + rate)`. A line without a code (rate 0) has no tax.
 *
 * @example lineTax(sen(4900), 800, 'exclusive') // 392 sen: RM 3.92 on top of RM 49.00
 * @example lineTax(sen(4900), 800, 'inclusive') // 363 sen: RM 49.00 holds RM 45.37 and RM 3.63 of tax
 * @example lineTax(sen(1), 600, 'exclusive') // 0 sen: 0.06 sen rounds down
 * @example lineTax(sen(9), 600, 'exclusive') // 1 sen: 0.54 sen rounds up
 */
export function lineTax(amount: Sen, rateBp: number, mode: PriceMode): Sen {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > MAX_TAX_RATE_BP) {
    throw new RangeError(`A tax rate is 0 to ${MAX_TAX_RATE_BP} basis points, not ${rateBp}`);
  }
  // Stryker disable next-line ConditionalExpression: a shortcut; the general path gives 0 at rate 0 too.
  if (rateBp === 0) return sen(0);
  const numerator = BigInt(amount) * BigInt(rateBp);
  const divisor = mode === 'exclusive' ? 10_000n : 10_000n + BigInt(rateBp);
  return sen(Number(divideHalfUp(numerator, divisor)));
}

/** One line as the tax rules read it: its amount after its discount, and its tax code (none: untaxed). */
export interface TaxLineInput {
  readonly amount: Sen;
  readonly code?: string | null | undefined;
}

/** A line's tax: its code and rate as sold (null: untaxed), and its tax in sen. */
export interface TaxedLine {
  readonly code: string | null;
  readonly rate_bp: number;
  readonly tax: Sen;
}

/** The tax of an order: per line, per code (the taxable base and the tax), and in total. */
export interface OrderTax {
  readonly lines: readonly TaxedLine[];
  readonly byCode: readonly {
    readonly code: string;
    readonly name: string;
    readonly type: TaxType;
    readonly rate_bp: number;
    readonly base: Sen;
    readonly tax: Sen;
  }[];
  /** The order's tax: the sum of its lines' tax. */
  readonly total: Sen;
  /** What the customer pays: the subtotal (inclusive), or the subtotal and the tax (exclusive). */
  readonly amountToPay: Sen;
}

/**
 * The tax of a cart or an order: each line's (`lineTax` of its amount, at its code's rate), per code, and the order's
 * total as the sum of its lines (never a tax of the sum). A line whose code the venue does not have is untaxed;
 * `base` is the amount the tax is on (without the tax: the line amounts less their tax when inclusive).
 */
export function orderTax(
  lines: readonly TaxLineInput[],
  codes: readonly RuleTaxCode[],
  mode: PriceMode,
): OrderTax {
  const byCode = new Map(codes.map((code) => [code.code, code]));
  const taxed = lines.map((line): TaxedLine => {
    // Stryker disable next-line ConditionalExpression: the map has no null or undefined key; it narrows the type.
    const code = line.code == null ? undefined : byCode.get(line.code);
    if (code === undefined) return { code: null, rate_bp: 0, tax: sen(0) };
    return { code: code.code, rate_bp: code.rate_bp, tax: lineTax(line.amount, code.rate_bp, mode) };
  });
  const sums = new Map<string, { base: Sen; tax: Sen }>();
  for (const [index, line] of taxed.entries()) {
    // Stryker disable next-line ConditionalExpression: a null code's sums are never read (only the venue's codes are).
    if (line.code === null) continue;
    // Stryker disable next-line OptionalChaining: `index` is a position of `lines`; the fallback is for the type.
    const amount = lines[index]?.amount ?? sen(0);
    const base = mode === 'inclusive' ? subtractSen(amount, line.tax) : amount;
    const seen = sums.get(line.code) ?? { base: sen(0), tax: sen(0) };
    sums.set(line.code, { base: addSen(seen.base, base), tax: addSen(seen.tax, line.tax) });
  }
  const total = sumSen(taxed.map((line) => line.tax));
  const subtotal = sumSen(lines.map((line) => line.amount));
  return {
    lines: taxed,
    byCode: codes
      .filter((code) => sums.has(code.code))
      .map((code) => ({
        code: code.code,
        name: code.name,
        type: code.type,
        rate_bp: code.rate_bp,
        // Stryker disable next-line OptionalChaining: filtered to the codes that have sums just above.
        base: sums.get(code.code)?.base ?? sen(0),
        // Stryker disable next-line OptionalChaining: filtered to the codes that have sums just above.
        tax: sums.get(code.code)?.tax ?? sen(0),
      })),
    total,
    amountToPay: mode === 'exclusive' ? addSen(subtotal, total) : subtotal,
  };
}

/**
 * The tax a refund of part of a line gives back: the line's tax not given back yet (`taxLeft`) × the money refunded /
 * the money of the line not given back yet (`moneyLeft`), half up; the refund that takes all the money left gives back
 * all the tax left. However a line is refunded (at once, unit by unit, in uneven parts), its refunds give back exactly
 * the tax it carried, never more.
 *
 * @example refundedTax(sen(1176), sen(14_700), sen(4900)) // 392: one of three units of RM 49.00 at 8 %
 * @example refundedTax(sen(784), sen(9800), sen(9800)) // 784: the rest of the line, the rest of its tax
 */
export function refundedTax(taxLeft: Sen, moneyLeft: Sen, refundedSen: Sen): Sen {
  if (refundedSen >= moneyLeft) return taxLeft;
  return sen(Number(divideHalfUp(BigInt(taxLeft) * BigInt(refundedSen), BigInt(moneyLeft))));
}

/** '8 %', '6 %', '0.5 %': a rate in basis points as the product shows it. */
export function formatTaxRate(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const hundredths = rateBp % 100;
  if (hundredths === 0) return `${whole} %`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')} %`;
}

/**
 * The tax of a cart (or of an order's lines): `orderTax` of each line's amount after its discount (`lineAmount`) and its
 * `tax_code`. The server and the terminals compute a sale's tax with it, online and offline, so both agree to the sen.
 *
 * @example cartTax([{ sku: 'TEE', name: 'Tee', type: 'MERCHANDISE', quantity: 2, price: sen(4900), tax_code: 'SST8' }],
 *   [{ code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' }], 'exclusive').total // 784 sen
 */
export function cartTax(
  items: readonly RuleCartItem[],
  codes: readonly RuleTaxCode[],
  mode: PriceMode,
): OrderTax {
  return orderTax(
    items.map((item) => ({ amount: lineAmount(item), code: item.tax_code })),
    codes,
    mode,
  );
}

/** The price mode of a venue setting `prices_include_tax` (absent: included). */
export function priceModeOf(pricesIncludeTax: boolean | undefined): PriceMode {
  return pricesIncludeTax === false ? 'exclusive' : 'inclusive';
}

/** One tax row of a receipt or an invoice: its words and the tax in sen. */
export interface TaxRow {
  /** 'SST8 8 % on 49.00' (tax added on top), 'Incl. SST8 8 % on 45.37' (prices that hold it). */
  readonly label: string;
  readonly tax: Sen;
}

/**
 * The tax rows of an order, one per code as sold (`order_details.cart.taxes`): the code, its rate and the base it is
 * on, and the tax; 'Incl.' first when the prices held the tax. None for an order without tax, so its receipt is as it
 * always was.
 *
 * @example orderTaxRows({ taxes: [{ code: 'SST8', rate_bp: 800, base: 49, tax: 3.92 }], prices_include_tax: false })
 *   // [{ label: 'SST8 8 % on 49.00', tax: 392 }]
 */
export function orderTaxRows(cart: {
  readonly taxes?: readonly {
    readonly code: string;
    readonly rate_bp: number;
    readonly base: number;
    readonly tax: number;
  }[];
  readonly prices_include_tax?: boolean;
}): TaxRow[] {
  const prefix = cart.prices_include_tax === false ? '' : 'Incl. ';
  return (cart.taxes ?? []).map((code) => ({
    label: `${prefix}${code.code} ${formatTaxRate(code.rate_bp)} on ${formatAmount(fromRinggit(code.base))}`,
    tax: fromRinggit(code.tax),
  }));
}

/** The words of a refused tax rate (`parseTaxRate`). */
export const TAX_RATE_MESSAGES = {
  format: 'Enter the rate in percent with up to 2 decimals, e.g. 8 or 0.5',
  tooHigh: 'A rate is at most 100 %',
} as const;

/**
 * A rate typed in percent with up to 2 decimals, as basis points, exactly (no floating point): '8' is 800, '0.5' is
 * 50, '6.25' is 625. Refuses other text and rates above 100 % in words ({@link TAX_RATE_MESSAGES}).
 */
export function parseTaxRate(text: string): RuleResult<number> {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) return refuse(RULE_CODES.invalid_amount, TAX_RATE_MESSAGES.format);
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (basisPoints > MAX_TAX_RATE_BP) return refuse(RULE_CODES.invalid_amount, TAX_RATE_MESSAGES.tooHigh);
  return ok(basisPoints);
}
