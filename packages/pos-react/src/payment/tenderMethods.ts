import type { TenderType } from 'pos-sdk';
import type { IconName } from '../components/Icon';

/** A payment method box of the payment screen. */
export interface TenderMethod {
  readonly type: TenderType | 'GIFT CARD';
  readonly icon: IconName;
  /** GIFT CARD is shown but disabled (spec section 2). */
  readonly enabled: boolean;
}

/** CASH, CREDIT CARD, E-WALLET and GIFT CARD (disabled), in the spec's order. */
export const TENDER_METHODS: readonly TenderMethod[] = [
  { type: 'CASH', icon: 'cash', enabled: true },
  { type: 'CREDIT CARD', icon: 'card', enabled: true },
  { type: 'E-WALLET', icon: 'wallet', enabled: true },
  { type: 'GIFT CARD', icon: 'gift', enabled: false },
];
