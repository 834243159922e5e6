import { batch, computed, signal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import { abortedError, signalOnly, throwIfAborted, untilAborted } from '../api/aborted';
import {
  type GetOrdersRequest,
  ORDERS_PAGE_DEFAULT,
  type Order,
  type OrderPage,
  type OrderSummary,
} from '../contract';
import { RuleError } from '../errors/RuleError';
import { fromRinggit } from '../money';
import { receiptQueuedFor } from '../rules/mailMessages';
import { MESSAGES, reprintingInvoice } from '../rules/messages';
import { OFFLINE_MESSAGES } from '../rules/offlineMessages';
import { ORDER_LIST_MESSAGES } from '../rules/orderListMessages';
import { summarizeOrder } from '../rules/orderSummary';
import { validateInvoiceId, validateRefundReason } from '../rules/promptInputs';
import { checkRefund } from '../rules/refund';
import { lastRefundGiveBack, planRefund, refundableQuantity, refundStateOf } from '../rules/refundLines';
import { giveBack } from '../rules/refundMessages';
import { validateResendEmail } from '../rules/resendEmail';
import { ok, RULE_CODES, refuse } from '../rules/result';
import { venueDayStart } from '../rules/venueDay';
import { createAttemptKeys } from './attemptKeys';
import { notifyFailure } from './notifyFailure';
import type { OrderPagesOptions, OrdersService, RefundRequest } from './OrdersService';
import { printDocument } from './printDocument';
import type { ServiceContext } from './ServiceContext';
import { warnRefusal } from './warnRefusal';

/** The orders service plus what sign-out calls. */
export interface OrdersController extends OrdersService {
  /** Forgets the list and the selection. */
  reset(): void;
}

/** An instant on the wire (ISO 8601). */
function isoOf(instant: Date | string): string {
  return instant instanceof Date ? instant.toISOString() : instant;
}

/** The filter of the loaded list, kept so `loadMore` asks for the next page of the same list. */
type ListQuery = Omit<GetOrdersRequest, 'cursor'> & { limit: number };

/** The longest search get_orders takes (`GetOrdersRequestSchema.search`). */
const MAX_SEARCH_LENGTH = 200;

/** Creates the orders service (spec sections 2 and 4, orders). */
export function createOrders(context: ServiceContext): OrdersController {
  const { api, notices } = context;
  const list = signal<readonly OrderSummary[]>([]);
  const search = signal('');
  const total = signal(0);
  const totalIsEstimate = signal(false);
  /** Where the next page of the loaded list starts; `null` on the last page. */
  const nextCursor = signal<string | null>(null);
  const hasMore = computed(() => nextCursor.value !== null);
  const selected = signal<Order | null>(null);
  const opening = signal<string | null>(null);
  const loading = signal(false);
  const loadingMore = signal(false);
  const loadFailed = signal(false);
  /** Refunds and cancels not yet answered: a retry reuses its key. */
  const attempts = createAttemptKeys(context.newIdempotencyKey);
  /** The filter of the loaded list. */
  let query: ListQuery | null = null;
  /** Counts loads and resets: an answer for an older list is dropped (a search typed while a page was in flight). */
  let generation = 0;
  /** The page being fetched by `loadMore`, shared by a second call (a double tap asks once). */
  let moreInFlight: Promise<readonly OrderSummary[]> | null = null;
  /** Counts opens and closes: only the last `open` may show its answer. */
  let openGeneration = 0;

  /** A changed order replaces its row in the list and itself in the modal (spec section 7). */
  const replace = (order: Order): Order => {
    batch(() => {
      if (list.value.some((row) => row._id === order._id)) {
        const row = summarizeOrder(order);
        list.value = list.value.map((candidate) => (candidate._id === order._id ? row : candidate));
      }
      if (selected.value?._id === order._id) selected.value = order;
    });
    return order;
  };

  /** Runs an order update: replaces the order and toasts 'Order updated successfully'. */
  const update = async (
    options: CallOptions | undefined,
    run: (call: CallOptions) => Promise<Order>,
  ): Promise<Order> => {
    throwIfAborted(options);
    let order: Order;
    try {
      order = await run(signalOnly(options));
    } catch (error) {
      throw notifyFailure(notices, error);
    }
    replace(order);
    notices.push({ kind: 'success', message: MESSAGES.orderUpdated });
    return order;
  };

  /** {@link planRefund} of the order with the request's amounts in sen. */
  const planOrderRefund = (order: Order, request: RefundRequest | undefined) =>
    planRefund(refundStateOf(order), {
      items: request?.items,
      tenders: request?.tenders?.map((tender) => ({
        type: tender.type,
        amount: tender.amount === undefined ? undefined : fromRinggit(tender.amount),
      })),
    });

  const refundRefusal = (order: Order | OrderSummary): string | null => {
    const check = checkRefund(order, context.clock(), context.timeZone);
    return check.ok ? null : check.message;
  };

  /** The order of an invoice, enough to check the refund rule: the open order, a listed row, else fetched. */
  const orderOfInvoice = async (
    invoiceId: string,
    options: CallOptions | undefined,
  ): Promise<Order | OrderSummary> => {
    const known =
      (selected.value?.invoice?._id === invoiceId ? selected.value : undefined) ??
      list.value.find((order) => order.invoice?._id === invoiceId);
    if (known) return known;
    try {
      return await api.getOrder({ invoice_id: invoiceId }, signalOnly(options));
    } catch (error) {
      throw notifyFailure(notices, error);
    }
  };

  /** One page of get_orders; 'Failed to retrieve orders' on failure. */
  const fetchPage = async (
    request: GetOrdersRequest,
    options: CallOptions | undefined,
  ): Promise<OrderPage> => {
    try {
      return await api.getOrdersPage(request, signalOnly(options));
    } catch (error) {
      throw notifyFailure(notices, error, { message: MESSAGES.failedToRetrieveOrders });
    }
  };

  /** Appends the next page of the loaded list (see `loadMore`). */
  const fetchMore = async (options: CallOptions | undefined): Promise<readonly OrderSummary[]> => {
    const cursor = nextCursor.value;
    if (query === null || cursor === null) return list.value;
    const asked = generation;
    loadingMore.value = true;
    try {
      const page = await fetchPage({ ...query, cursor }, options);
      if (asked !== generation) return list.value; // a new load replaced the list meanwhile
      batch(() => {
        // Keyset pages never repeat an order; a row already shown (a retried page) is kept once all the same.
        const shown = new Set(list.value.map((row) => row._id));
        list.value = [...list.value, ...page.orders.filter((row) => !shown.has(row._id))];
        nextCursor.value = page.next_cursor;
        total.value = page.total;
        totalIsEstimate.value = page.total_is_estimate;
      });
      return list.value;
    } finally {
      if (asked === generation) loadingMore.value = false;
    }
  };

  return {
    list,
    search,
    total,
    totalIsEstimate,
    hasMore,
    selected,
    opening,
    loading,
    loadingMore,
    loadFailed,
    load: async (options = {}) => {
      throwIfAborted(options);
      const text = (options.search ?? '').trim();
      if (text.length > MAX_SEARCH_LENGTH) {
        throw warnRefusal(notices, refuse(RULE_CODES.too_long, ORDER_LIST_MESSAGES.searchTooLong));
      }
      generation += 1;
      const asked = generation;
      moreInFlight = null;
      batch(() => {
        search.value = text;
        loading.value = true;
        loadingMore.value = false;
      });
      // Today's orders for this terminal's origin: from the start of the venue day.
      const request: ListQuery = {
        origin: context.origin,
        from: venueDayStart(context.clock(), context.timeZone).toISOString(),
        limit: options.limit ?? ORDERS_PAGE_DEFAULT,
        ...(text === '' ? {} : { search: text }),
      };
      try {
        const page = await fetchPage(request, options);
        if (asked !== generation) return page.orders; // a later load (or a reset) owns the list
        query = request;
        batch(() => {
          loadFailed.value = false;
          list.value = page.orders; // a fetched page replaces the stored list
          nextCursor.value = page.next_cursor;
          total.value = page.total;
          totalIsEstimate.value = page.total_is_estimate;
        });
        return page.orders;
      } catch (error) {
        if (asked === generation) loadFailed.value = true;
        throw error;
      } finally {
        if (asked === generation) loading.value = false;
      }
    },
    loadMore: (options) => {
      if (options?.signal?.aborted) return Promise.reject(abortedError(options.signal));
      if (loading.value) return Promise.resolve(list.value);
      if (moreInFlight === null) {
        const asked: Promise<readonly OrderSummary[]> = fetchMore(options).finally(() => {
          if (moreInFlight === asked) moreInFlight = null;
        });
        moreInFlight = asked;
        return asked;
      }
      // Joining a page another call asked for: this call's signal ends only its own wait.
      return options?.signal === undefined ? moreInFlight : untilAborted(moreInFlight, options.signal);
    },
    pages: async function* pages(options: OrderPagesOptions = {}) {
      const text = (options.search ?? '').trim();
      const from = options.from ?? venueDayStart(context.clock(), context.timeZone);
      let cursor: string | null | undefined = options.cursor;
      const request: GetOrdersRequest = {
        origin: context.origin,
        from: isoOf(from),
        limit: options.limit ?? ORDERS_PAGE_DEFAULT,
        ...(options.to === undefined ? {} : { to: isoOf(options.to) }),
        ...(text === '' ? {} : { search: text }),
      };
      do {
        const page = await fetchPage(cursor === undefined ? request : { ...request, cursor }, options);
        yield page;
        cursor = page.next_cursor;
      } while (cursor !== null);
    },
    open: async (orderId, options) => {
      throwIfAborted(options);
      openGeneration += 1;
      const asked = openGeneration;
      batch(() => {
        opening.value = orderId;
        if (selected.value?._id !== orderId) selected.value = null; // never another order's detail meanwhile
      });
      try {
        const order = await api.getOrder({ order_id: orderId }, signalOnly(options));
        if (asked === openGeneration) selected.value = order;
        replace(order);
        return order;
      } catch (error) {
        throw notifyFailure(notices, error);
      } finally {
        if (asked === openGeneration) opening.value = null;
      }
    },
    close: () => {
      openGeneration += 1;
      batch(() => {
        selected.value = null;
        opening.value = null;
      });
    },
    addNote: (orderId, note, options) =>
      update(options, (call) => api.addOrderNote({ order_id: orderId, note }, call)),
    cancel: async (orderId, reason, options) => {
      const body = reason === undefined ? { order_id: orderId } : { order_id: orderId, reason };
      const attempt = `cancel\n${JSON.stringify(body)}`;
      // Settled only once answered: an aborted or failed cancel keeps its key for the retry.
      const order = await update(options, (call) =>
        api.cancelOrder(body, { ...call, idempotencyKey: attempts.keyFor(attempt) }),
      );
      attempts.settle(attempt);
      return order;
    },
    refund: async (invoiceInput, reasonInput, options) => {
      throwIfAborted(options);
      const invoiceId = validateInvoiceId(invoiceInput);
      if (!invoiceId.ok) throw RuleError.from(invoiceId);
      const reason = validateRefundReason(reasonInput);
      if (!reason.ok) throw RuleError.from(reason);
      const order = await orderOfInvoice(invoiceId.value, options);
      const eligible = checkRefund(order, context.clock(), context.timeZone);
      if (!eligible.ok) throw warnRefusal(notices, eligible);
      // A full order is checked against the lines and tenders asked for before any call (a listed row has no lines:
      // the server checks them with the same rule).
      if ('order_details' in order && (options?.items !== undefined || options?.tenders !== undefined)) {
        const plan = planOrderRefund(order, options);
        if (!plan.ok) throw warnRefusal(notices, plan);
      }
      const body = {
        invoice_id: invoiceId.value,
        message: reason.value,
        ...(options?.items === undefined || options.items.length === 0 ? {} : { items: [...options.items] }),
        ...(options?.tenders === undefined || options.tenders.length === 0
          ? {}
          : { tenders: [...options.tenders] }),
      };
      const attempt = `refund\n${JSON.stringify(body)}`;
      throwIfAborted(options);
      let refunded: Order;
      try {
        refunded = await api.refundOrder(body, {
          ...signalOnly(options),
          idempotencyKey: attempts.keyFor(attempt),
        });
      } catch (error) {
        throw notifyFailure(notices, error);
      }
      attempts.settle(attempt);
      replace(refunded);
      // What to hand back replaces 'Order updated successfully' (an older server's answer has no refunds: the old toast).
      notices.push({ kind: 'success', message: lastRefundGiveBack(refunded) ?? MESSAGES.orderUpdated });
      // The refund slip; a printer fault is a notice, the refund stands.
      await printDocument(context, { kind: 'refund', order: refunded, refund: refunded.refunds?.at(-1) });
      return refunded;
    },
    planRefund: (order, request) => {
      const plan = planOrderRefund(order, request);
      return plan.ok ? ok({ ...plan.value, message: giveBack(plan.value.tenders) }) : plan;
    },
    refundableUnits: (order) => refundStateOf(order).lines.map(refundableQuantity),
    reprint: async (order) => {
      // A sale made offline has no invoice number yet: its `_id` is only the sale's key.
      const invoice = order.pending_sync === true ? OFFLINE_MESSAGES.invoicePending : order.invoice?._id;
      notices.push({ kind: 'success', message: reprintingInvoice(invoice ?? order._id) });
      await printDocument(context, { kind: 'reprint', order });
    },
    emailReceipt: async (order, toInput, options) => {
      throwIfAborted(options);
      const address = validateResendEmail(toInput, order.order_details.customer.email);
      if (!address.ok) throw RuleError.from(address);
      const to = address.value;
      const invoiceId = order.invoice?._id;
      if (invoiceId === undefined) throw RuleError.from(refuse('no_invoice', MESSAGES.refundNoInvoice));
      const body = { invoice_id: invoiceId, to };
      const attempt = `resend\n${JSON.stringify(body)}`;
      let sent: Order;
      try {
        sent = await api.resendReceipt(body, {
          ...signalOnly(options),
          idempotencyKey: attempts.keyFor(attempt),
        });
      } catch (error) {
        throw notifyFailure(notices, error);
      }
      attempts.settle(attempt);
      replace(sent);
      notices.push({ kind: 'success', message: receiptQueuedFor(to) });
      return sent;
    },
    export: async (options) => {
      const { from, to, format } = options;
      throwIfAborted(options);
      try {
        return await api.exportOrderReport(
          {
            period: { from: isoOf(from), to: isoOf(to) },
            origin: context.origin,
            ...(format === undefined ? {} : { format }),
          },
          signalOnly(options),
        );
      } catch (error) {
        throw notifyFailure(notices, error);
      }
    },
    canRefund: (order) => refundRefusal(order) === null,
    refundRefusal,
    reset: () => {
      generation += 1;
      openGeneration += 1;
      query = null;
      moreInFlight = null;
      batch(() => {
        list.value = [];
        search.value = '';
        total.value = 0;
        totalIsEstimate.value = false;
        nextCursor.value = null;
        selected.value = null;
        opening.value = null;
        loading.value = false;
        loadingMore.value = false;
        loadFailed.value = false;
      });
      attempts.clear();
    },
  };
}
