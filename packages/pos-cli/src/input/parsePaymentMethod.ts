import type { PaymentType } from 'pos-sdk/contract';
import { UsageError } from '../errors/UsageError';

/** The METHOD words `--pay` accepts, and the payment type each one is. */
const METHODS: Readonly<Record<string, PaymentType>> = {
  cash: 'CASH',
  card: 'CREDIT CARD',
  credit: 'CREDIT CARD',
  'credit card': 'CREDIT CARD',
  'credit-card': 'CREDIT CARD',
  ewallet: 'E-WALLET',
  'e-wallet': 'E-WALLET',
  gift: 'GIFT CARD',
  'gift card': 'GIFT CARD',
  'gift-card': 'GIFT CARD',
};

/**
 * The payment type of a METHOD word: cash, card or ewallet (the wire names CASH, CREDIT CARD,
 * E-WALLET are accepted too). GIFT CARD is recognised so the SDK can refuse it with its message.
 *
 * @throws UsageError for anything else.
 */
export function parsePaymentMethod(text: string): PaymentType {
  const type = METHODS[text.trim().toLowerCase()];
  if (type === undefined) throw new UsageError(`unknown payment method "${text}": use cash, card or ewallet`);
  return type;
}
