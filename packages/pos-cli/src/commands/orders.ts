import { ORDERS_PAGE_DEFAULT, ORDERS_PAGE_MAX, type Order, type OrderSummary } from 'pos-sdk/contract';
import { mailStatusLine, ORDER_LIST_MESSAGES, ordersMatching, ordersShown } from 'pos-sdk/messages';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { parseItemOption } from '../input/parseItemOption';
import { parsePageLimit } from '../input/parsePageLimit';
import { parsePaymentMethod } from '../input/parsePaymentMethod';
import { parseVenuePeriod } from '../input/parseVenuePeriod';
import { renderOrder, renderOrderList } from '../output/renderOrder';
import { askWhenMissing } from '../prompts/askWhenMissing';
import { invoiceIdQuestion, noteQuestion, refundReasonQuestion } from '../prompts/questions';
import { findOrder } from './findOrder';

/** Options of `pos orders list`. */
export interface OrdersListOptions {
  /** Invoice number or customer email, any part, any case. */
  readonly search?: string;
  /** First venue day `YYYY-MM-DD`. */
  readonly from?: string;
  /** Last venue day `YYYY-MM-DD`. */
  readonly to?: string;
  /** Orders per page, 1 to 500 (default 50; 500 with `--all`). */
  readonly limit?: string;
  /** Where the page starts: the `next_cursor` of the page before. */
  readonly cursor?: string;
  /** Every page, printed as it arrives. */
  readonly all?: boolean;
}

/** Options of `pos orders cancel` and `pos orders refund`. */
export interface ReasonOptions {
  readonly reason?: string;
}

/** Options of `pos orders refund`: the reason, the items (`SKU[:QTY]`, repeatable) and the method to give back by. */
export interface RefundCommandOptions extends ReasonOptions {
  /** `--item SKU[:QTY]`, repeatable; none: the whole order (what is left of it). */
  readonly item?: readonly string[];
  /** `--by METHOD`: give everything back by this method (cash, card or ewallet); default the order's own methods. */
  readonly by?: string;
}

/** Prints an order after a change: the order as JSON, or what changed in a line. */
function printUpdated(ctx: CliContext, order: Order): void {
  if (ctx.json) ctx.printJson(order);
  else ctx.print(`${order.invoice?._id ?? order._id}: ${order.status}`);
}

/** A word as the shell reads it back: bare when safe, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w@.+:,/-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** The command that prints the page after `cursor` of the same list. */
function nextPageCommand(options: OrdersListOptions, limit: number, cursor: string): string {
  const words = ['pos orders list'];
  if (options.search !== undefined && options.search.trim() !== '') {
    words.push('--search', shellWord(options.search.trim()));
  }
  if (options.from !== undefined) words.push('--from', shellWord(options.from));
  if (options.to !== undefined) words.push('--to', shellWord(options.to));
  if (limit !== ORDERS_PAGE_DEFAULT) words.push('--limit', String(limit));
  words.push('--cursor', cursor);
  return words.join(' ');
}

/** Streams rows as a JSON array to stdout, one page at a time (the same text as `JSON.stringify(rows, null, 2)`). */
function createJsonArrayWriter(ctx: CliContext) {
  let count = 0;
  return {
    write(rows: readonly OrderSummary[]): void {
      for (const row of rows) {
        const item = JSON.stringify(row, null, 2).replaceAll('\n', '\n  ');
        ctx.io.stdout.write(`${count === 0 ? '[\n' : ',\n'}  ${item}`);
        count += 1;
      }
    },
    end(): void {
      ctx.io.stdout.write(count === 0 ? '[]\n' : '\n]\n');
    },
  };
}

/**
 * `pos orders list`: today's orders of this store (the orders screen), newest first, a page at a time; `--search`
 * filters on invoice number and customer email; `--from/--to` pick other venue days; `--limit` sizes the page and
 * `--cursor` picks the next one (told on stderr); `--all` streams every page. `--json`: the `OrderPage`, or with
 * `--all` the array of every row.
 */
export async function ordersList(ctx: CliContext, options: OrdersListOptions): Promise<void> {
  const pos = ctx.signedIn();
  const all = options.all === true;
  const limit = parsePageLimit(options.limit, all ? ORDERS_PAGE_MAX : ORDERS_PAGE_DEFAULT);
  const cursor = options.cursor?.trim();
  const period =
    options.from === undefined && options.to === undefined
      ? undefined
      : parseVenuePeriod(options, ctx.timeZone, pos.config.clock());
  const pages = pos.orders.pages({
    search: options.search ?? '',
    limit,
    // `to` of get_orders is exclusive: the instant after the period's last millisecond.
    ...(period === undefined ? {} : { from: period.from, to: new Date(period.to.getTime() + 1) }),
    ...(cursor === undefined || cursor === '' ? {} : { cursor }),
  });

  if (!all) {
    const { value: page } = await pages.next();
    await pages.return();
    if (page === undefined) return;
    if (ctx.json) return ctx.printJson(page);
    if (page.orders.length === 0) return ctx.print(ORDER_LIST_MESSAGES.noOrders);
    ctx.print(renderOrderList(ctx, page.orders));
    if (page.next_cursor === null && cursor === undefined) {
      ctx.print(ordersMatching(page.total, page.total_is_estimate));
    } else {
      ctx.print(ordersShown(page.orders.length, page.total, page.total_is_estimate));
    }
    if (page.next_cursor !== null) {
      ctx.note(`Next page: ${nextPageCommand(options, limit, page.next_cursor)} (or --all for every page)`);
    }
    return;
  }

  const json = ctx.json ? createJsonArrayWriter(ctx) : undefined;
  let count = 0;
  for await (const page of pages) {
    count += page.orders.length;
    if (json) json.write(page.orders);
    else if (page.orders.length > 0) ctx.print(renderOrderList(ctx, page.orders));
  }
  if (json) return json.end();
  ctx.print(count === 0 ? ORDER_LIST_MESSAGES.noOrders : ordersMatching(count));
}

/** `pos orders show INVOICE`: the invoice modal: items with tickets, totals, payment, notes. */
export async function ordersShow(ctx: CliContext, invoice: string): Promise<void> {
  const order = await findOrder(ctx.signedIn(), invoice);
  if (ctx.json) return ctx.printJson(order);
  ctx.print(renderOrder(ctx, order));
}

/** `pos orders note INVOICE TEXT`: adds a note ('Order updated successfully'). */
export async function ordersNote(ctx: CliContext, invoice: string, words: readonly string[]): Promise<void> {
  const pos = ctx.signedIn();
  const given = words.join(' ').trim();
  const text = await askWhenMissing(ctx, given === '' ? undefined : given, 'TEXT', (prompts) =>
    prompts.input(noteQuestion()),
  );
  const order = await findOrder(pos, invoice);
  printUpdated(ctx, await pos.orders.addNote(order._id, text));
}

/** `pos orders cancel INVOICE [--reason R]`: cancels the order; its tickets become Canceled. */
export async function ordersCancel(ctx: CliContext, invoice: string, options: ReasonOptions): Promise<void> {
  const pos = ctx.signedIn();
  const order = await findOrder(pos, invoice);
  const reason = options.reason?.trim();
  printUpdated(ctx, await pos.orders.cancel(order._id, reason === '' ? undefined : reason));
}

/**
 * `pos orders refund INVOICE [--item SKU[:QTY]]… [--by METHOD] --reason R`: refunds a same-day PAID order with an
 * invoice (the SDK's refund rule refuses any other: exit 1), whole or the items given (quantity 1 unless given), and
 * prints what to give back ('Give back RM 25.00 by CASH') and the order's status. 'Invoice ID' and 'Refund Reason' are
 * asked on a terminal.
 */
export async function ordersRefund(
  ctx: CliContext,
  invoice: string | undefined,
  options: RefundCommandOptions,
): Promise<void> {
  const pos = ctx.signedIn();
  const invoiceId = await askWhenMissing(ctx, invoice, 'INVOICE', (prompts) =>
    prompts.input(invoiceIdQuestion()),
  );
  const reason = await askWhenMissing(ctx, options.reason, '--reason', (prompts) =>
    prompts.input(refundReasonQuestion()),
  );
  const items = (options.item ?? []).map(parseItemOption);
  const by = options.by === undefined ? undefined : parsePaymentMethod(options.by);
  if (by === 'GIFT CARD') throw new UsageError('--by must be cash, card or ewallet');
  // The SDK says what to give back ('Give back RM 25.00 by CASH') as its success notice, printed before the order.
  const refunded = await pos.orders.refund(invoiceId, reason, {
    ...(items.length === 0 ? {} : { items }),
    ...(by === undefined ? {} : { tenders: [{ type: by }] }),
  });
  if (ctx.json) return ctx.printJson(refunded);
  const part =
    refunded.status === 'PAID' && refunded.refunded_amount !== undefined
      ? ` (${formatRM(fromRinggit(refunded.refunded_amount))} of ${formatRM(fromRinggit(refunded.total_amount))} refunded)`
      : '';
  ctx.print(`${refunded.invoice?._id ?? refunded._id}: ${refunded.status}${part}`);
}

/** `pos orders reprint INVOICE`: prints the receipt again ('Reprinting invoice {id}'). */
export async function ordersReprint(ctx: CliContext, invoice: string): Promise<void> {
  const pos = await ctx.signedInToPrint();
  const order = await findOrder(pos, invoice);
  await pos.orders.reprint(order);
  if (ctx.json) ctx.printJson(order);
}

/** Options of `pos orders resend`. */
export interface ResendOptions {
  /** A corrected address; default the order's customer email. */
  readonly to?: string;
}

/**
 * `pos orders resend INVOICE [--to EMAIL]`: emails the receipt (and the passes) again, to the order's customer email
 * or to a corrected one (checked with the spec's email rule: 'Invalid email format', exit 2). Prints
 * 'Receipt queued for {email}' and the order's emails with their status; `--json` prints the order.
 */
export async function ordersResend(ctx: CliContext, invoice: string, options: ResendOptions): Promise<void> {
  const pos = ctx.signedIn();
  const order = await findOrder(pos, invoice);
  const updated = await pos.orders.emailReceipt(order, options.to);
  if (ctx.json) return ctx.printJson(updated);
  for (const mail of updated.mail ?? []) {
    ctx.print(`${mail.kind}: ${mailStatusLine(mail.status, mail.to, mail.last_error)}`);
  }
}
