/**
 * The mail outbox: the emails an order change owes (receipt, passes, renewal, refund), queued in that change's
 * transaction for the mail sender to deliver, and the mail state an order shows; and the MyInvois refund note a
 * refund owes, queued in the refund's transaction for the e-invoice sender.
 */

export { enqueueMail, insertMailRows, mailRows, queuedMail, saleMailKinds } from './enqueueMail';
export { enqueueRefundNote, refundNoteEventKey } from './enqueueRefundNote';
export { mailOfOrders } from './orderMail';
export { type SenderLoop, senderLoop } from './senderLoop';
