/**
 * Texts of the order calls that the spec does not word (it names the rule only). The spec's own texts and the
 * refund refusals come from `MESSAGES` of pos-sdk. TODO(lead): move these to `rules/messages.ts` or
 * `serverMessages.ts`.
 */
export const ORDER_MESSAGES = {
  orderNotFound: 'Order not found',
  invoiceNotFound: (invoiceId: string) => `Invoice ${invoiceId} not found`,
  cancelNotPaid: 'Only PAID orders can be canceled',
  renewedSince: 'This membership was renewed since: refund or cancel that renewal first',
  laterRenewal: 'This membership was renewed again since: refund or cancel the later renewal first',
  periodReversed: 'The period must end after it starts',
  invalidCursor: 'Invalid cursor: use the next_cursor of the previous page',
} as const;
