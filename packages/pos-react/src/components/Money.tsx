import { formatAmount, formatRM, type Sen } from 'pos-sdk/money';

/** Props of {@link Money}. */
export interface MoneyProps {
  readonly value: Sen;
  /** With the `RM` prefix ('RM 49.00', default) or the bare amount ('49.00', for tables headed in MYR). */
  readonly currency?: boolean;
  readonly className?: string;
}

/** An amount in tabular figures, right-aligned by its container: `RM 49.00`. */
export function Money({ value, currency = true, className = '' }: MoneyProps) {
  return (
    <span className={`tabular-nums whitespace-nowrap ${className}`}>
      {currency ? formatRM(value) : formatAmount(value)}
    </span>
  );
}
