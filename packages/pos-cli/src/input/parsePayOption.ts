import type { PaymentType } from 'pos-sdk/contract';
import { parseRinggit, type Sen } from 'pos-sdk/money';
import { UsageError } from '../errors/UsageError';
import { parsePaymentMethod } from './parsePaymentMethod';

/** One `--pay METHOD:AMOUNT`. */
export interface PayOption {
  readonly type: PaymentType;
  /** The amount as typed (ringgit text, for the SDK's tender entry). */
  readonly amountText: string;
  readonly amount: Sen;
}

/**
 * Reads `--pay METHOD:AMOUNT`: METHOD cash, card or ewallet; AMOUNT a positive number of ringgit
 * with up to 2 decimals.
 *
 * @throws UsageError for a malformed option.
 * @example parsePayOption('cash:100') // { type: 'CASH', amountText: '100', amount: 10000 }
 */
export function parsePayOption(text: string): PayOption {
  const separator = text.lastIndexOf(':');
  if (separator < 0) throw new UsageError(`--pay must be METHOD:AMOUNT (e.g. cash:50), got "${text}"`);
  const type = parsePaymentMethod(text.slice(0, separator));
  const amountText = text.slice(separator + 1).trim();
  const amount = parseRinggit(amountText);
  if (amount === undefined || amount <= 0) {
    throw new UsageError(`--pay ${text}: the amount must be a positive number with up to 2 decimals`);
  }
  return { type, amountText, amount };
}

/**
 * Reads every `--pay`, one per method.
 *
 * @throws UsageError when a method is given twice.
 */
export function parsePayOptions(texts: readonly string[]): PayOption[] {
  const tenders = texts.map(parsePayOption);
  const seen = new Set<string>();
  for (const tender of tenders) {
    if (seen.has(tender.type))
      throw new UsageError(`--pay gives ${tender.type} twice: one amount per method`);
    seen.add(tender.type);
  }
  return tenders;
}
