export { enqueueMail, insertMailRows, mailRows, queuedMail, saleMailKinds } from './enqueueMail';
export { mailOfOrders } from './orderMail';
