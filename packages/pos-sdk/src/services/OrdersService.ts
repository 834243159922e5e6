import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { ExportFormat, Order, OrderPage, OrderSummary, RefundItem, RefundTender } from '../contract';
import type { RefundPlan } from '../rules/refundLines';
import type { RuleResult } from '../rules/result';

/** What to refund: lines and units (`items`, none: every unit left) and the methods to give back by (`tenders`). */
export interface RefundRequest {
  /** The lines and units; without them, every unit not refunded yet (the whole order). */
  readonly items?: readonly RefundItem[];
  /** The methods and amounts; without them, the order's own methods, cards first, cash last. */
  readonly tenders?: readonly RefundTender[];
}

/** Options of `orders.refund`: what to refund, and `signal` (see `CallOptions`). */
export interface RefundOptions extends CallOptions, RefundRequest {}

/** Options of `orders.load` (with `signal`, see `CallOptions`). */
export interface LoadOrdersOptions extends CallOptions {
  /** Invoice number or customer email substring ('' or absent: all of today). */
  readonly search?: string;
  /**
   * Orders per page, 1 to 500 (`ORDERS_PAGE_MAX`); `loadMore` asks for pages of the same size.
   * Default 50 (`ORDERS_PAGE_DEFAULT`).
   */
  readonly limit?: number;
}

/** Options of `orders.pages`: the filter of get_orders and where to start (`signal` stops the iteration). */
export interface OrderPagesOptions extends CallOptions {
  /** Invoice number (exact or prefix) or any part of the customer email; '' or absent: every order. */
  readonly search?: string;
  /** Inclusive start; default the start of today's venue day. */
  readonly from?: Date | string;
  /** Exclusive end; default none (up to now). */
  readonly to?: Date | string;
  /** Orders per page, 1 to 500; default 50. */
  readonly limit?: number;
  /** Start at this `next_cursor` of an earlier page instead of the newest order. */
  readonly cursor?: string;
}

/** Options of `orders.export` (with `signal`, see `CallOptions`). */
export interface ExportOrdersOptions extends CallOptions {
  readonly from: Date | string;
  readonly to: Date | string;
  /** Default `csv`. */
  readonly format?: ExportFormat;
}

/** The export's streamed answer. */
export interface OrderExport {
  readonly contentType: string;
  readonly body: ReadableStream<Uint8Array>;
}

/**
 * The day's orders, a page at a time, and what can be done to one (spec sections 2 and 4). The list holds light
 * rows ({@link OrderSummary}: what the orders table shows); the invoice modal's full order is fetched by `open`.
 *
 * @example
 * await pos.orders.load({ search: 'jane@' }); // the first 50, newest first
 * console.info(ordersMatching(pos.orders.total.value, pos.orders.totalIsEstimate.value));
 * while (pos.orders.hasMore.value) await pos.orders.loadMore();
 */
export interface OrdersService {
  /** The loaded rows of today's orders for the origin, newest first: the first page, then each `loadMore`. */
  readonly list: ReadonlySignal<readonly OrderSummary[]>;
  /** The search text of the last load. */
  readonly search: ReadonlySignal<string>;
  /** How many orders the last load's filter matches (all pages); 10,000 at most, see `totalIsEstimate`. */
  readonly total: ReadonlySignal<number>;
  /** True when the server stopped counting at 10,000: the filter matches more than `total` orders. */
  readonly totalIsEstimate: ReadonlySignal<boolean>;
  /** Is there a page after the loaded rows? */
  readonly hasMore: ReadonlySignal<boolean>;
  /** The order open in the invoice modal (its full detail), or `null`. */
  readonly selected: ReadonlySignal<Order | null>;
  /** The id of the order whose detail `open` is fetching, or `null`: the modal's loading state. */
  readonly opening: ReadonlySignal<string | null>;
  /** The first page is being fetched (`load`). */
  readonly loading: ReadonlySignal<boolean>;
  /** A further page is being fetched (`loadMore`). */
  readonly loadingMore: ReadonlySignal<boolean>;
  /**
   * The last `load` failed: `list` and `total` are not the answer to `search` (an older list, or none), so a screen
   * says the orders could not be loaded rather than "no orders". A successful load or `reset` clears it.
   */
  readonly loadFailed: ReadonlySignal<boolean>;
  /**
   * Loads the first page of today's orders (from the venue day's start), replacing the list; a later load wins over
   * one still in flight. 'Failed to retrieve orders' on failure (rethrown, `loadFailed` set). A search over 200
   * characters is refused before anything is sent ('Search with at most 200 characters'), the list kept.
   *
   * @returns the rows of the first page.
   */
  load(options?: LoadOrdersOptions): Promise<readonly OrderSummary[]>;
  /**
   * Appends the next page of the last load's filter (same search, same start of day, same page size). Does nothing
   * while there is no next page or the first page is loading; a second call while a page is in flight waits for
   * that page. 'Failed to retrieve orders' on failure (rethrown; the next call retries the same page).
   *
   * @returns the whole list after the page.
   */
  loadMore(options?: CallOptions): Promise<readonly OrderSummary[]>;
  /**
   * Every page of a filter, one request per page, without touching the list: for scripts and the CLI, which stream
   * them. 'Failed to retrieve orders' on failure (thrown from the iteration).
   *
   * @example
   * for await (const page of pos.orders.pages({ from: '2026-11-01T00:00:00+08:00', limit: 500 })) {
   *   for (const order of page.orders) console.info(order.invoice?._id, order.total_amount);
   * }
   */
  pages(options?: OrderPagesOptions): AsyncGenerator<OrderPage, void, undefined>;
  /**
   * Opens an order in the invoice modal: fetches its full detail (get_order); `opening` holds its id meanwhile.
   * Replaces its row with the answer. An answer that arrives after `close` or another `open` is not shown.
   */
  open(orderId: string, options?: CallOptions): Promise<Order>;
  /** Closes the invoice modal. */
  close(): void;
  /** Adds a note. 'Order updated successfully'. */
  addNote(orderId: string, note: string, options?: CallOptions): Promise<Order>;
  /** Cancels an order (keyed). 'Order updated successfully'. */
  cancel(orderId: string, reason?: string, options?: CallOptions): Promise<Order>;
  /**
   * Refunds by invoice id with a reason (keyed; a retry reuses the key), the whole order or, with `options.items`,
   * some lines and units, by `options.tenders` or the order's own methods. Refused with a `RuleError` unless the order
   * is from today, PAID and invoiced, when the invoice id or reason is empty, or when the items or tenders do not fit
   * the order ({@link OrdersService.planRefund}'s refusals). Toasts what to give back ('Give back RM 10.00 by CASH').
   *
   * @example await pos.orders.refund('STORE-000042', 'Returned', { items: [{ sku: 'BOTTLE-750', quantity: 1 }] })
   */
  refund(invoiceId: string, reason: string, options?: RefundOptions): Promise<Order>;
  /**
   * What a refund of the order would give back, before it is made (the invoice dialog and the CLI show it): the
   * units and money per line, the amount, the methods and the message ('Give back RM 10.00 by CASH'). The server
   * computes the same with the same rule. Refuses when nothing is refundable or the items or tenders do not fit.
   */
  planRefund(order: Order, request?: RefundRequest): RuleResult<RefundPlan & { readonly message: string }>;
  /** Units of each line of the order (in cart order) that can still be refunded. */
  refundableUnits(order: Order): number[];
  /** Prints a `reprint` of the order and toasts 'Reprinting invoice {id}'. */
  reprint(order: Order): Promise<void>;
  /**
   * Emails the order's receipt and passes again (keyed; a retry reuses the key), to `to` when given (a corrected
   * address) or else the order's customer email. Refused with a `RuleError` ('Invalid email format', or no address
   * at all) before any call. Replaces the order with the answer, whose `mail` shows the new message queued, and
   * toasts 'Receipt queued for {email}'.
   */
  emailReceipt(order: Order, to?: string, options?: CallOptions): Promise<Order>;
  /** The orders of a period for the origin, streamed through. */
  export(options: ExportOrdersOptions): Promise<OrderExport>;
  /** Is the order (a full order or a listed row) refundable now (same venue day, PAID, invoiced)? */
  canRefund(order: Order | OrderSummary): boolean;
  /** Why the order (a full order or a listed row) cannot be refunded now, or `null` when it can. */
  refundRefusal(order: Order | OrderSummary): string | null;
}
