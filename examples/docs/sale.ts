import { NetworkError, type Pos, RuleError, toPosError } from 'pos-sdk';
import type { Receipt } from 'pos-sdk/contract';

/**
 * One sale at the payment screen: tenders, the customer email rule, then checkout.
 * A dropped answer keeps the cart; calling `submit` again reuses the same idempotency key,
 * so the server can never record the sale twice.
 */
export async function sell(pos: Pos, email: string): Promise<Receipt | undefined> {
  await pos.cart.add('DAY-ADULT', 2);
  await pos.cart.add('GRIP-M');
  pos.checkout.setTender('CASH', '100');
  pos.checkout.setTender('E-WALLET', '28');

  const emailCheck = pos.checkout.checkEmail(email);
  if (emailCheck.kind === 'invalid' || emailCheck.kind === 'required') {
    console.warn(emailCheck.message); // shown next to the email field
    return undefined;
  }
  // 'confirm': ask 'Confirm NOT entering customer email?' and pass the answer along.
  const confirmedNoEmail = emailCheck.kind === 'confirm';

  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await pos.checkout.submit({ email, confirmedNoEmail });
    } catch (error) {
      if (error instanceof NetworkError) continue; // 'Server not responding': same sale, same key
      if (error instanceof RuleError) return undefined; // e.g. 'Insufficient Amount', already toasted
      throw error;
    }
  }
  return undefined;
}

/**
 * What a toast layer shows for anything a service threw: nothing when the service has shown it
 * already (`notified`: 'Server not responding', a rule's warning), else its message.
 */
export function messageOf(error: unknown): string | undefined {
  const failure = toPosError(error);
  return failure.notified ? undefined : failure.message;
}
