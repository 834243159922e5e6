import { batch, signal } from '@preact/signals-core';
import type { Order } from '../contract';
import { RuleError } from '../errors/RuleError';
import { receiptQueuedFor } from '../rules/mailMessages';
import { MESSAGES, reprintingInvoice } from '../rules/messages';
import { validateInvoiceId, validateRefundReason } from '../rules/promptInputs';
import { canRefund as checkRefund } from '../rules/refund';
import { validateResendEmail } from '../rules/resendEmail';
import { refuse } from '../rules/result';
import { venueDayStart } from '../rules/venueDay';
import { createAttemptKeys } from './attemptKeys';
import { notifyFailure } from './notifyFailure';
import { printDocument } from './printDocument';
import type { ServiceContext } from './ServiceContext';
import type { OrdersService } from './types';

/** The orders service plus what sign-out calls. */
export interface OrdersController extends OrdersService {
  /** Forgets the list and the selection. */
  reset(): void;
}

/** An instant on the wire (ISO 8601). */
function isoOf(instant: Date | string): string {
  return instant instanceof Date ? instant.toISOString() : instant;
}

/** Creates the orders service (spec sections 2 and 4, orders). */
export function createOrders(context: ServiceContext): OrdersController {
  const { api, notices } = context;
  const list = signal<readonly Order[]>([]);
  const search = signal('');
  const selected = signal<Order | null>(null);
  const loading = signal(false);
  /** Refunds and cancels not yet answered: a retry reuses its key. */
  const attempts = createAttemptKeys(context.newIdempotencyKey);

  /** A changed order replaces itself in the list and in the modal (spec section 7). */
  const replace = (order: Order): Order => {
    batch(() => {
      list.value = list.value.map((candidate) => (candidate._id === order._id ? order : candidate));
      if (selected.value?._id === order._id) selected.value = order;
    });
    return order;
  };

  /** Runs an order update: replaces the order and toasts 'Order updated successfully'. */
  const update = async (run: () => Promise<Order>): Promise<Order> => {
    let order: Order;
    try {
      order = await run();
    } catch (error) {
      throw notifyFailure(notices, error);
    }
    replace(order);
    notices.push({ kind: 'success', message: MESSAGES.orderUpdated });
    return order;
  };

  const refundRefusal = (order: Order): string | null => {
    const check = checkRefund(order, context.clock(), context.timeZone);
    return check.ok ? null : check.message;
  };

  /** The order of an invoice: from the list when loaded, otherwise fetched. */
  const orderOfInvoice = async (invoiceId: string): Promise<Order> => {
    const known = list.value.find((order) => order.invoice?._id === invoiceId);
    if (known) return known;
    try {
      return await api.getOrder({ invoice_id: invoiceId });
    } catch (error) {
      throw notifyFailure(notices, error);
    }
  };

  return {
    list,
    search,
    selected,
    loading,
    load: async (options = {}) => {
      const text = (options.search ?? '').trim();
      batch(() => {
        search.value = text;
        loading.value = true;
      });
      try {
        // Today's orders for this terminal's origin: from the start of the venue day.
        const from = venueDayStart(context.clock(), context.timeZone).toISOString();
        const orders = await api.getOrders({
          origin: context.origin,
          from,
          ...(text === '' ? {} : { search: text }),
        });
        list.value = orders; // a fetched list replaces the stored list
        return orders;
      } catch (error) {
        throw notifyFailure(notices, error, { message: MESSAGES.failedToRetrieveOrders });
      } finally {
        loading.value = false;
      }
    },
    open: async (orderId) => {
      try {
        const order = await api.getOrder({ order_id: orderId });
        selected.value = order;
        replace(order);
        return order;
      } catch (error) {
        throw notifyFailure(notices, error);
      }
    },
    close: () => {
      selected.value = null;
    },
    addNote: (orderId, note) => update(() => api.addOrderNote({ order_id: orderId, note })),
    cancel: async (orderId, reason) => {
      const body = reason === undefined ? { order_id: orderId } : { order_id: orderId, reason };
      const attempt = `cancel\n${JSON.stringify(body)}`;
      const order = await update(() => api.cancelOrder(body, { idempotencyKey: attempts.keyFor(attempt) }));
      attempts.settle(attempt);
      return order;
    },
    refund: async (invoiceInput, reasonInput) => {
      const invoiceId = validateInvoiceId(invoiceInput);
      if (!invoiceId.ok) throw RuleError.from(invoiceId);
      const reason = validateRefundReason(reasonInput);
      if (!reason.ok) throw RuleError.from(reason);
      const order = await orderOfInvoice(invoiceId.value);
      const eligible = checkRefund(order, context.clock(), context.timeZone);
      if (!eligible.ok) {
        notices.push({ kind: 'warning', message: eligible.message });
        throw RuleError.from(eligible);
      }
      const body = { invoice_id: invoiceId.value, message: reason.value };
      const attempt = `refund\n${JSON.stringify(body)}`;
      const refunded = await update(() =>
        api.refundOrder(body, { idempotencyKey: attempts.keyFor(attempt) }),
      );
      attempts.settle(attempt);
      return refunded;
    },
    reprint: async (order) => {
      notices.push({ kind: 'success', message: reprintingInvoice(order.invoice?._id ?? order._id) });
      await printDocument(context, { kind: 'reprint', order });
    },
    emailReceipt: async (order, toInput) => {
      const address = validateResendEmail(toInput, order.order_details.customer.email);
      if (!address.ok) throw RuleError.from(address);
      const to = address.value;
      const invoiceId = order.invoice?._id;
      if (invoiceId === undefined) throw RuleError.from(refuse('no_invoice', MESSAGES.refundNoInvoice));
      const body = { invoice_id: invoiceId, to };
      const attempt = `resend\n${JSON.stringify(body)}`;
      let sent: Order;
      try {
        sent = await api.resendReceipt(body, { idempotencyKey: attempts.keyFor(attempt) });
      } catch (error) {
        throw notifyFailure(notices, error);
      }
      attempts.settle(attempt);
      replace(sent);
      notices.push({ kind: 'success', message: receiptQueuedFor(to) });
      return sent;
    },
    export: async ({ from, to, format }) => {
      try {
        return await api.exportOrderReport({
          period: { from: isoOf(from), to: isoOf(to) },
          origin: context.origin,
          ...(format === undefined ? {} : { format }),
        });
      } catch (error) {
        throw notifyFailure(notices, error);
      }
    },
    canRefund: (order) => refundRefusal(order) === null,
    refundRefusal,
    reset: () => {
      batch(() => {
        list.value = [];
        search.value = '';
        selected.value = null;
      });
      attempts.clear();
    },
  };
}
