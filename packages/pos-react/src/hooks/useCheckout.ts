import { useSignals } from '@preact/signals-react/runtime';
import type { CheckoutService, Tenders } from 'pos-sdk';
import type { Receipt } from 'pos-sdk/contract';
import type { Sen } from 'pos-sdk/money';
import { signalValues } from './signalValues';
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

/** The payment screen's state; re-renders when what the component reads changes (see `useCart`). */
export function useCheckout(): CheckoutState {
  useSignals();
  const { checkout } = usePos();
  return Object.assign(
    signalValues(checkout, [
      'tenders',
      'paid',
      'change',
      'isShort',
      'shortBy',
      'customerEmail',
      'submitting',
      'lastReceipt',
    ]),
    { checkout },
  );
}
