import { addSen, fromRinggit, minSen, multiplySen, type Sen, sen, subtractSen, sumSen, ZERO } from '../money';
import {
  giveBack,
  REFUND_MESSAGES,
  refundLineUnknown,
  refundQuantityTooLarge,
  refundTendersMustAddUp,
  refundTenderTooLarge,
} from './refundMessages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** A payment method money can be given back by (GIFT CARD is never taken). */
export type RefundMethod = 'CASH' | 'CREDIT CARD' | 'E-WALLET';

/** A line of an order as a refund reads it: what was sold and paid, and what was refunded of it already. */
export interface RefundLineState {
  readonly sku: string;
  /** Units sold. */
  readonly quantity: number;
  /** What the line cost the customer: price × quantity − its discount. */
  readonly paid: Sen;
  /** Units refunded already. */
  readonly refundedQuantity: number;
  /** Money refunded already for this line. */
  readonly refunded: Sen;
}

/** A payment method of an order as a refund reads it: what it paid (cash net of the change) and got back. */
export interface RefundTenderState {
  readonly type: RefundMethod;
  readonly paid: Sen;
  readonly refunded: Sen;
}

/** An order as a refund reads it: its lines in cart order and its payment methods in payment order. */
export interface RefundState {
  readonly lines: readonly RefundLineState[];
  readonly tenders: readonly RefundTenderState[];
}

/**
 * A line asked to be refunded: its SKU, optionally its index in the cart (0-based) when the SKU is on several lines,
 * and the units (default: every unit not refunded yet).
 */
export interface RefundItemRequest {
  readonly sku: string;
  readonly line?: number;
  readonly quantity?: number;
}

/** A method asked to give the money back by, with its amount (optional when it is the only one). */
export interface RefundTenderRequest {
  readonly type: RefundMethod;
  readonly amount?: Sen;
}

/** What one refund gives back: the units per line and their money, and the money per method. */
export interface RefundPlan {
  /** The lines refunded: `index` in the cart, units, money. */
  readonly lines: readonly { readonly index: number; readonly quantity: number; readonly amount: Sen }[];
  /** The money given back, the sum of the lines' amounts. */
  readonly amount: Sen;
  /** How it is given back; methods with nothing to give are left out. */
  readonly tenders: readonly { readonly type: RefundMethod; readonly amount: Sen }[];
  /** True when after this refund every unit of the order is refunded: the order becomes REFUNDED. */
  readonly completes: boolean;
}

/**
 * The money of `units` more units of a line, of which `line.refundedQuantity` are refunded already. Rounding rule:
 * the first q units of a line are worth floor(paid × q / quantity) sen, and all of them exactly `paid`; a refund
 * gives the difference of that worth after and before it. So a line's refunds never add up to more than it cost,
 * its last unit gives back exactly what remains, and the split of a line into refunds never changes the sum.
 * The line's discount is spread over its units this way too (pro rata, in sen).
 *
 * @example refundAmountOf({ sku: 'A', quantity: 3, paid: sen(1000), refundedQuantity: 0, refunded: ZERO }, 1) // 333 sen
 */
export function refundAmountOf(line: RefundLineState, units: number): Sen {
  const worth = (q: number): Sen =>
    // Stryker disable next-line EqualityOperator: at q = quantity both give `paid` (paid × q / q)
    q >= line.quantity ? line.paid : sen(Math.floor((line.paid * q) / line.quantity));
  return subtractSen(worth(line.refundedQuantity + units), worth(line.refundedQuantity));
}

/** Units of a line not refunded yet. */
export function refundableQuantity(line: RefundLineState): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/**
 * The refund state of a contract Order (what the UI and the CLI hold): its lines with `refunded_quantity` and
 * `refunded_amount`, its methods net of the change (cash is given back first as change) and what its earlier
 * refunds gave back by each.
 */
export function refundStateOf(order: {
  readonly order_details: {
    readonly cart: {
      readonly items: readonly {
        readonly sku: string;
        readonly quantity: number;
        readonly amount?: number;
        readonly price?: { readonly value: number };
        readonly discount?: { readonly amount: number };
        readonly refunded_quantity?: number;
        readonly refunded_amount?: number;
        readonly tax?: { readonly amount: number };
      }[];
      readonly prices_include_tax?: boolean;
    };
  };
  readonly payment: {
    readonly methods: readonly { readonly type: string; readonly amount: number }[];
    readonly change: number;
  };
  readonly refunds?:
    | readonly { readonly tenders: readonly { readonly type: string; readonly amount: number }[] }[]
    | null;
}): RefundState {
  // Tax added on top of the prices was paid for the line too, and is given back with it.
  const taxOnTop = order.order_details.cart.prices_include_tax === false;
  const lines = order.order_details.cart.items.map(
    (item): RefundLineState => ({
      sku: item.sku,
      quantity: item.quantity,
      // `amount` is on every order the server answers; a line without it is priced as the checkout does.
      paid: addSen(
        item.amount !== undefined
          ? fromRinggit(item.amount)
          : subtractSen(
              multiplySen(fromRinggit(item.price?.value ?? 0), item.quantity),
              fromRinggit(item.discount?.amount ?? 0),
            ),
        taxOnTop ? fromRinggit(item.tax?.amount ?? 0) : ZERO,
      ),
      refundedQuantity: item.refunded_quantity ?? 0,
      refunded: fromRinggit(item.refunded_amount ?? 0),
    }),
  );
  const refundedBy = new Map<string, Sen>();
  for (const refund of order.refunds ?? []) {
    for (const tender of refund.tenders) {
      refundedBy.set(tender.type, addSen(refundedBy.get(tender.type) ?? ZERO, fromRinggit(tender.amount)));
    }
  }
  return {
    lines,
    tenders: tenderStates(
      order.payment.methods.map((method) => ({ type: method.type, amount: fromRinggit(method.amount) })),
      fromRinggit(order.payment.change),
      refundedBy,
    ),
  };
}

/**
 * The methods of an order as a refund reads them (server and clients alike): tenders of one method added up, in the
 * order first paid, cash net of the change, with what earlier refunds gave back by each. GIFT CARD is left out.
 */
export function tenderStates(
  methods: readonly { readonly type: string; readonly amount: Sen }[],
  change: Sen,
  refundedBy: ReadonlyMap<string, Sen>,
): RefundTenderState[] {
  const paid = new Map<RefundMethod, Sen>();
  for (const method of methods) {
    if (method.type !== 'CASH' && method.type !== 'CREDIT CARD' && method.type !== 'E-WALLET') continue;
    paid.set(method.type, addSen(paid.get(method.type) ?? ZERO, method.amount));
  }
  const cash = paid.get('CASH');
  if (cash !== undefined) paid.set('CASH', sen(Math.max(0, cash - change)));
  return [...paid].map(([type, amount]) => ({ type, paid: amount, refunded: refundedBy.get(type) ?? ZERO }));
}

/** Picks the units of each requested item, or every unit left when none is named. */
function chooseUnits(
  lines: readonly RefundLineState[],
  items: readonly RefundItemRequest[] | undefined,
): RuleResult<Map<number, number>> {
  const chosen = new Map<number, number>();
  const left = (index: number) =>
    refundableQuantity(lines[index] as RefundLineState) - (chosen.get(index) ?? 0);
  if (items === undefined || items.length === 0) {
    lines.forEach((_, index) => {
      if (left(index) > 0) chosen.set(index, left(index));
    });
    return ok(chosen);
  }
  for (const item of items) {
    const matching = lines
      .map((line, index) => ({ line, index }))
      .filter(({ line, index }) => line.sku === item.sku && (item.line === undefined || item.line === index))
      .map(({ index }) => index);
    if (matching.length === 0) return refuse(RULE_CODES.refund_line_unknown, refundLineUnknown(item.sku));
    const available = matching.reduce((total, index) => total + left(index), 0);
    let wanted = item.quantity ?? available;
    if (wanted > available) {
      return refuse(RULE_CODES.refund_quantity, refundQuantityTooLarge(item.sku, available));
    }
    for (const index of matching) {
      const take = Math.min(wanted, left(index));
      if (take > 0) chosen.set(index, (chosen.get(index) ?? 0) + take);
      wanted -= take;
    }
  }
  return ok(chosen);
}

/**
 * Spreads `amount` over the methods: cards and e-wallets first, in the order paid, up to what each paid and has not got
 * back; the rest in cash (cash may give back anything, even on an order it did not pay).
 */
function defaultTenders(
  tenders: readonly RefundTenderState[],
  amount: Sen,
): { type: RefundMethod; amount: Sen }[] {
  let rest = amount;
  const given: { type: RefundMethod; amount: Sen }[] = [];
  for (const tender of tenders) {
    if (tender.type === 'CASH') continue;
    const take = minSen(rest, sen(Math.max(0, tender.paid - tender.refunded)));
    if (take > 0) given.push({ type: tender.type, amount: take });
    rest = subtractSen(rest, take);
  }
  if (rest > 0) given.push({ type: 'CASH', amount: rest });
  return given;
}

/** Checks tenders the caller chose: they add up to the amount, and no card or e-wallet gives back more than it paid. */
function chosenTenders(
  state: readonly RefundTenderState[],
  requested: readonly RefundTenderRequest[],
  amount: Sen,
): RuleResult<{ type: RefundMethod; amount: Sen }[]> {
  const only = requested[0];
  const amounts =
    // Stryker disable next-line ConditionalExpression: with one method asked for, `only` is it; the check narrows its type
    requested.length === 1 && only !== undefined && only.amount === undefined
      ? [{ type: only.type, amount }]
      : requested.map((tender) => ({ type: tender.type, amount: tender.amount ?? ZERO }));
  const merged = new Map<RefundMethod, Sen>();
  for (const tender of amounts)
    merged.set(tender.type, addSen(merged.get(tender.type) ?? ZERO, tender.amount));
  if (sumSen(merged.values()) !== amount)
    return refuse(RULE_CODES.refund_tenders, refundTendersMustAddUp(amount));
  for (const [type, given] of merged) {
    if (type === 'CASH') continue;
    const tender = state.find((candidate) => candidate.type === type);
    const most = tender === undefined ? ZERO : sen(Math.max(0, tender.paid - tender.refunded));
    if (given > most) return refuse(RULE_CODES.refund_tenders, refundTenderTooLarge(type, most));
  }
  return ok([...merged].filter(([, given]) => given > 0).map(([type, given]) => ({ type, amount: given })));
}

/**
 * Plans one refund of an order (server, UI and CLI use this one function): which units of which lines, their money
 * ({@link refundAmountOf}: pro rata, in sen, never more than was paid, the last refund gives back what remains),
 * and the methods it goes back by: the ones asked for (adding up to the amount; cash may give back anything, a card or
 * e-wallet at most what it paid and has not got back), or by default the order's own methods, cards and e-wallets
 * first up to what each paid, cash last.
 *
 * Without `items` it refunds every unit not refunded yet (the whole order, or what is left of it).
 *
 * @example planRefund(state, { items: [{ sku: 'WATER', quantity: 1 }] })
 */
export function planRefund(
  state: RefundState,
  request: {
    readonly items?: readonly RefundItemRequest[];
    readonly tenders?: readonly RefundTenderRequest[];
  } = {},
): RuleResult<RefundPlan> {
  if (state.lines.every((line) => refundableQuantity(line) === 0)) {
    return refuse(RULE_CODES.nothing_to_refund, REFUND_MESSAGES.nothingLeft);
  }
  const chosen = chooseUnits(state.lines, request.items);
  if (!chosen.ok) return chosen;
  // Units are only chosen when there are some: no entry means no unit.
  if (chosen.value.size === 0) {
    return refuse(RULE_CODES.nothing_to_refund, REFUND_MESSAGES.nothingChosen);
  }
  const lines = [...chosen.value]
    .sort(([a], [b]) => a - b)
    .map(([index, quantity]) => ({
      index,
      quantity,
      amount: refundAmountOf(state.lines[index] as RefundLineState, quantity),
    }));
  const amount = sumSen(lines.map((line) => line.amount));
  const tenders =
    request.tenders === undefined || request.tenders.length === 0
      ? ok(defaultTenders(state.tenders, amount))
      : chosenTenders(state.tenders, request.tenders, amount);
  if (!tenders.ok) return tenders;
  const completes = state.lines.every(
    (line, index) => line.refundedQuantity + (chosen.value.get(index) ?? 0) >= line.quantity,
  );
  return ok({ lines, amount, tenders: tenders.value, completes });
}

/**
 * What the cashier gives back for the last refund of an order: 'Give back RM 10.00 by CASH' (see {@link giveBack}), or
 * null when the order has no refund by line on it (an older server's answer).
 */
export function lastRefundGiveBack(order: {
  readonly refunds?:
    | readonly { readonly tenders: readonly { readonly type: RefundMethod; readonly amount: number }[] }[]
    | null;
}): string | null {
  const last = order.refunds?.[order.refunds.length - 1];
  if (last === undefined) return null;
  return giveBack(last.tenders.map((tender) => ({ type: tender.type, amount: fromRinggit(tender.amount) })));
}
