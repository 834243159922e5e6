import { formatAmount, type Sen } from 'pos-sdk';

/**
 * Texts of checkout and renewal that the spec does not word (it names the rule only). The spec's own texts
 * ('Payment is short by RM {x}', the cart refusals, the email rule …) come from `MESSAGES` of pos-sdk.
 * TODO(lead): move these to `rules/messages.ts` or `serverMessages.ts`.
 */
export const SALE_MESSAGES = {
  duplicateSku: (sku: string) => `${sku} is in the cart twice: send one line per item`,
  itemNotSold: (sku: string) => `${sku} is not sold any more: reload the catalogue`,
  itemChanged: (sku: string) => `${sku} has changed: reload the catalogue`,
  priceChanged: (sku: string) => `Price changed for ${sku}`,
  discountChanged: (sku: string) => `Discount changed for ${sku}`,
  discountNeedsApproval: 'Discount needs approval',
  numItemsMismatch: (count: number) => `Number of items does not match the items: it is ${count}`,
  subtotalMismatch: (amount: Sen) => `Subtotal does not match the items: it is RM ${formatAmount(amount)}`,
  changeMismatch: (amount: Sen) => `Change does not match the payment: it is RM ${formatAmount(amount)}`,
  memberRequired: "A membership needs the member's details: name, email, birth date and phone",
  renewalOneItem: 'A renewal has exactly one Membership Renewal item',
  renewalNotRenewal: (sku: string) => `${sku} is not a Membership Renewal`,
  renewalOneTender: 'A renewal is paid with one payment type',
  renewalNoDiscount: 'A renewal cannot be discounted',
  renewedMeanwhile: 'This membership was renewed at the same moment: try again',
  memberNotFound: (email: string) => `No member with the email ${email}`,
  visitDateOutOfWindow: (days: number) =>
    `The visit date must be from today up to ${days} days ahead (passes are sold for that window)`,
} as const;
