import type { TaxCode } from 'pos-sdk/contract';
import { formatTaxRate, parseTaxRate, TAX_RATE_MESSAGES } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** Options of `pos tax set`. */
export interface TaxSetOptions {
  readonly name?: string;
  /** Percent, up to 2 decimals. */
  readonly rate?: string;
  readonly type?: string;
}

function printCodes(ctx: CliContext, codes: readonly TaxCode[]): void {
  if (ctx.json) {
    ctx.printJson(codes);
    return;
  }
  if (codes.length === 0) {
    ctx.print('No tax codes: everything sells untaxed (pos tax set CODE --name … --rate … --type …)');
    return;
  }
  ctx.print(
    renderTable(
      ['CODE', 'NAME', 'RATE', 'TYPE'],
      codes.map((code) => [code.code, code.name, formatTaxRate(code.rate_bp), code.type]),
      { color: ctx.color },
    ),
  );
}

/** A rate in percent with up to 2 decimals as basis points, exactly (no floating point): '8' is 800, '0.5' is 50. */
export function rateInBasisPoints(text: string): number {
  const rate = parseTaxRate(text);
  if (rate.ok) return rate.value;
  throw new UsageError(
    rate.message === TAX_RATE_MESSAGES.tooHigh
      ? '--rate must be at most 100'
      : '--rate must be a percentage with up to 2 decimals, e.g. 8 or 0.5',
  );
}

/** `pos tax list`: the venue's tax codes. */
export async function taxList(ctx: CliContext): Promise<void> {
  printCodes(ctx, await ctx.signedIn().api.taxList());
}

/** `pos tax set CODE --name TEXT --rate PERCENT --type 01|02|06|E`: adds a code or changes one (manager). */
export async function taxSet(ctx: CliContext, code: string, options: TaxSetOptions): Promise<void> {
  if (options.name === undefined) throw new UsageError('missing --name, e.g. --name "Service tax 8%"');
  if (options.rate === undefined) throw new UsageError('missing --rate, e.g. --rate 8');
  const type = options.type?.trim().toUpperCase();
  if (type !== '01' && type !== '02' && type !== '06' && type !== 'E') {
    throw new UsageError(
      '--type must be 01 (sales tax), 02 (service tax), 06 (not applicable) or E (exempt)',
    );
  }
  printCodes(
    ctx,
    await ctx
      .signedIn()
      .api.taxSet({ code: { code, name: options.name, rate_bp: rateInBasisPoints(options.rate), type } }),
  );
}

/** `pos tax remove CODE`: removes a code no variant uses (manager). */
export async function taxRemove(ctx: CliContext, code: string): Promise<void> {
  printCodes(ctx, await ctx.signedIn().api.taxRemove({ code }));
}
