import { mailStatusLine, type Order } from 'pos-sdk';
import type { CliContext } from '../context/createContext';
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
}

/** Options of `pos orders cancel` and `pos orders refund`. */
export interface ReasonOptions {
  readonly reason?: string;
}

/** Prints an order after a change: the order as JSON, or what changed in a line. */
function printUpdated(ctx: CliContext, order: Order): void {
  if (ctx.json) ctx.printJson(order);
  else ctx.print(`${order.invoice?._id ?? order._id}: ${order.status}`);
}

/**
 * `pos orders list`: today's orders of this store (the orders screen), newest first; `--search`
 * filters on invoice number and customer email; `--from/--to` pick other venue days.
 */
export async function ordersList(ctx: CliContext, options: OrdersListOptions): Promise<void> {
  const pos = ctx.signedIn();
  const search = options.search?.trim() ?? '';
  let orders: readonly Order[];
  if (options.from === undefined && options.to === undefined) {
    orders = await pos.orders.load({ search });
  } else {
    const period = parseVenuePeriod(options, ctx.timeZone, pos.config.clock());
    orders = await pos.api.getOrders({
      origin: pos.config.origin,
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      ...(search === '' ? {} : { search }),
    });
  }
  if (ctx.json) return ctx.printJson(orders);
  if (orders.length === 0) return ctx.print('No orders');
  ctx.print(renderOrderList(ctx, orders));
  ctx.print(`${orders.length} order${orders.length === 1 ? '' : 's'}`);
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
 * `pos orders refund INVOICE --reason R`: refunds a same-day PAID order with an invoice (the SDK's
 * refund rule refuses any other: exit 1). 'Invoice ID' and 'Refund Reason' are asked on a terminal.
 */
export async function ordersRefund(
  ctx: CliContext,
  invoice: string | undefined,
  options: ReasonOptions,
): Promise<void> {
  const pos = ctx.signedIn();
  const invoiceId = await askWhenMissing(ctx, invoice, 'INVOICE', (prompts) =>
    prompts.input(invoiceIdQuestion()),
  );
  const reason = await askWhenMissing(ctx, options.reason, '--reason', (prompts) =>
    prompts.input(refundReasonQuestion()),
  );
  printUpdated(ctx, await pos.orders.refund(invoiceId, reason));
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
