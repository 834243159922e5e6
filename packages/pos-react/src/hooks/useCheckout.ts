import { useSignals } from '@preact/signals-react/runtime';
import type { CheckoutService, Receipt, Sen, Tenders } from 'pos-sdk';
import { usePos } from './usePos';

/** What {@link useCheckout} returns. */
export interface CheckoutState {
  readonly tenders: Tenders;
  readonly paid: Sen;
  /** paid − TOTAL; negative when short. */
  readonly change: Sen;
  readonly isShort: boolean;
  readonly shortBy: Sen;
  readonly customerEmail: string;
  readonly submitting: boolean;
  readonly lastReceipt: Receipt | null;
  /** `setTender`, `clearTenders`, `setCustomerEmail`, `checkEmail`, `submit`. */
  readonly checkout: CheckoutService;
}

/** The payment screen's state; re-renders when it changes. */
export function useCheckout(): CheckoutState {
  useSignals();
  const { checkout } = usePos();
  return {
    tenders: checkout.tenders.value,
    paid: checkout.paid.value,
    change: checkout.change.value,
    isShort: checkout.isShort.value,
    shortBy: checkout.shortBy.value,
    customerEmail: checkout.customerEmail.value,
    submitting: checkout.submitting.value,
    lastReceipt: checkout.lastReceipt.value,
    checkout,
  };
}
