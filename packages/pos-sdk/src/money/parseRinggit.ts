import { type Sen, sen } from './Sen';

const RINGGIT_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses ringgit typed by a person (`"12.5"`, `" 49 "`, `"-3.20"`) into {@link Sen}.
 *
 * Accepts `^-?\d+(\.\d{1,2})?$` after trimming; anything else (empty text, letters, more than
 * 2 decimals, an amount beyond the safe range) gives `undefined`.
 *
 * @example parseRinggit('12.5') // 1250 sen
 * @example parseRinggit('1.234') // undefined
 */
export function parseRinggit(text: string): Sen | undefined {
  const match = RINGGIT_TEXT.exec(text.trim());
  if (!match) return undefined;
  // Stryker disable next-line StringLiteral: the whole-number group is not optional; `?? '0'` is for the type checker
  const whole = match[2] ?? '0';
  const digits = BigInt(whole + (match[3] ?? '').padEnd(2, '0'));
  const n = Number(match[1] === '-' ? -digits : digits);
  return Number.isSafeInteger(n) ? sen(n) : undefined;
}
