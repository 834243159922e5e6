import type { PaymentType } from 'pos-sdk/contract';
import { isPaymentTypeEnabled, PAYMENT_TYPES } from 'pos-sdk/rules';
import type { IconName } from '../components/Icon';

/** A payment method box of the payment screen. */
export interface TenderMethod {
  readonly type: PaymentType;
  readonly icon: IconName;
  /** Whether it takes money (pos-sdk `isPaymentTypeEnabled`): GIFT CARD is shown but disabled (spec section 2). */
  readonly enabled: boolean;
}

const ICONS: Readonly<Record<PaymentType, IconName>> = {
  CASH: 'cash',
  'CREDIT CARD': 'card',
  'E-WALLET': 'wallet',
  'GIFT CARD': 'gift',
};

/** CASH, CREDIT CARD, E-WALLET and GIFT CARD (disabled), in the spec's order. */
export const TENDER_METHODS: readonly TenderMethod[] = PAYMENT_TYPES.map((type) => ({
  type,
  icon: ICONS[type],
  enabled: isPaymentTypeEnabled(type),
}));
