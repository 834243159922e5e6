import type { Pos } from 'pos-sdk';
import type { Order } from 'pos-sdk/contract';

/** Manager work at the counter: a discount with a PIN, a refund, a pass check, a renewal. */
export async function counterTasks(pos: Pos, order: Order): Promise<void> {
  // Discount: the approver is a user id from the users list (a UUID on the reference server); their PIN is
  // verified first, then the line carries the approval.
  await pos.approval.loadUsers();
  const manager = pos.approval.users.value.find((user) => user.email === 'manager@demo.pos');
  if (!manager) throw new Error('No approver manager@demo.pos');
  await pos.approval.approveDiscount('DAY-ADULT', {
    value: '10',
    type: 'percentage',
    approver: manager._id,
    pin: '2222',
  });

  // Refund: only same-day, PAID, invoiced orders ('Only orders from today can be refunded'...).
  await pos.orders.load();
  if (pos.orders.canRefund(order) && order.invoice) {
    await pos.orders.refund(order.invoice._id, 'Customer changed their mind');
  } else {
    console.info(pos.orders.refundRefusal(order));
  }

  // Check Pass: status is derived (Canceled, Expired, Fully Used, Active, Inactive).
  await pos.tickets.get('T-1');
  if (pos.tickets.canRedeem.value) await pos.tickets.redeem();

  // Membership renewal: prefilled from the member, one tender of price × months.
  const found = await pos.membership.lookup('mia@example.com');
  const form = { ...pos.membership.renewalDefaults(found.member), payment_type: 'CASH', quantity: '3' };
  console.info(`Renewal amount: ${pos.membership.renewalAmount(form)} sen`);
  await pos.membership.renew(form);
}
