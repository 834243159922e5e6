import type { Payment } from 'pos-sdk/contract';
import { MESSAGES, SALE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, type Sen } from 'pos-sdk/money';
import { checkPayment, isPaymentTypeEnabled } from 'pos-sdk/rules';
import type { TenderMethod } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';

/** The payment of a sale as the server accepts it. */
export interface CheckedPayment {
  /** The tenders, in the order sent. */
  tenders: { method: TenderMethod; amount: Sen }[];
  /** Sum of the tenders. */
  paid: Sen;
  /** paid − total, handed back in cash. */
  change: Sen;
}

/**
 * Checks a payment against the total the server computed (spec sections 4 and 5):
 *
 * - GIFT CARD is disabled: 422 'GIFT CARD is not available';
 * - a short payment: 422 'Payment is short by RM {x}' (`checkPayment` of pos-sdk);
 * - `change` must be sum of tenders − total: 409 otherwise;
 * - change is cash from the drawer, so it may not exceed the cash tendered (card and e-wallet are never
 *   overpaid): 422 otherwise (`checkPayment` of pos-sdk, as the terminal checks it). The shift report relies on it.
 */
export function checkTenders(total: Sen, payment: Payment): CheckedPayment {
  const tenders = payment.methods.map((method, index) => {
    if (!isPaymentTypeEnabled(method.type)) {
      throw HttpProblem.rule(MESSAGES.giftCardUnavailable, [
        { path: `payment.methods.${index}.type`, message: MESSAGES.giftCardUnavailable },
      ]);
    }
    return { method: method.type, amount: fromRinggit(method.amount) };
  });
  const checked = checkPayment(
    total,
    tenders.map((tender) => ({ type: tender.method, amount: tender.amount })),
  );
  if (!checked.ok) throw HttpProblem.rule(checked.message, { title: checked.title, rule: checked.code });
  const { paid, change } = checked.value;
  if (fromRinggit(payment.change) !== change)
    throw HttpProblem.conflict(SALE_MESSAGES.changeMismatch(change));
  return { tenders, paid, change };
}
