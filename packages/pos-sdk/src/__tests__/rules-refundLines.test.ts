import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Sen, sen, sumSen, ZERO } from '../money';
import {
  lastRefundGiveBack,
  planRefund,
  type RefundLineState,
  type RefundState,
  refundAmountOf,
  refundStateOf,
} from '../rules/refundLines';
import { giveBack } from '../rules/refundMessages';
import { orderWith } from './support/fixtures';

/** Applies a plan to the state, as the server records it. */
function applied(
  state: RefundState,
  plan: {
    lines: readonly { index: number; quantity: number; amount: Sen }[];
    tenders: readonly { type: string; amount: Sen }[];
  },
): RefundState {
  return {
    lines: state.lines.map((line, index) => {
      const done = plan.lines.find((candidate) => candidate.index === index);
      return done === undefined
        ? line
        : {
            ...line,
            refundedQuantity: line.refundedQuantity + done.quantity,
            refunded: sen(line.refunded + done.amount),
          };
    }),
    tenders: state.tenders.map((tender) => ({
      ...tender,
      refunded: sen(
        tender.refunded +
          sumSen(plan.tenders.filter((given) => given.type === tender.type).map((given) => given.amount)),
      ),
    })),
  };
}

const line = (quantity: number, paid: number): RefundLineState => ({
  sku: 'A',
  quantity,
  paid: sen(paid),
  refundedQuantity: 0,
  refunded: ZERO,
});

describe('rules refundLines', () => {
  it('spreads a discounted line over its units in sen: the first units round down, the last gives back what remains', () => {
    const discounted = line(3, 14600);
    expect(refundAmountOf(discounted, 1)).toBe(4866);
    expect(refundAmountOf({ ...discounted, refundedQuantity: 1, refunded: sen(4866) }, 1)).toBe(4867);
    expect(refundAmountOf({ ...discounted, refundedQuantity: 2, refunded: sen(9733) }, 1)).toBe(4867);
    expect(refundAmountOf(discounted, 3)).toBe(14600);
  });

  it('partial refunds of discounted lines add up to exactly what was paid, never more, however they are split', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ quantity: fc.integer({ min: 1, max: 6 }), paid: fc.integer({ min: 0, max: 100_000 }) }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6 })), { maxLength: 12 }),
        fc.integer({ min: 0, max: 100 }),
        (lines, picks, cardShare) => {
          const total = lines.reduce((sum, one) => sum + one.paid, 0);
          const card = Math.floor((total * cardShare) / 100);
          let state: RefundState = {
            lines: lines.map((one, index) => ({ ...line(one.quantity, one.paid), sku: `S${index}` })),
            tenders: [
              { type: 'CASH', paid: sen(total - card), refunded: ZERO },
              { type: 'CREDIT CARD', paid: sen(card), refunded: ZERO },
            ],
          };
          let given = 0;
          for (const [at, quantity] of picks) {
            const index = at % lines.length;
            const left = state.lines[index] as RefundLineState;
            if (left.quantity - left.refundedQuantity < quantity) continue;
            const plan = planRefund(state, { items: [{ sku: `S${index}`, quantity }] });
            if (!plan.ok) continue;
            expect(sumSen(plan.value.tenders.map((tender) => tender.amount))).toBe(plan.value.amount);
            given += plan.value.amount;
            state = applied(state, plan.value);
            expect(given).toBeLessThanOrEqual(total);
          }
          const rest = planRefund(state);
          if (rest.ok) {
            expect(rest.value.completes).toBe(true);
            given += rest.value.amount;
            state = applied(state, rest.value);
          }
          expect(given).toBe(total);
          // No method gives back more than it paid.
          for (const tender of state.tenders) expect(tender.refunded).toBeLessThanOrEqual(tender.paid);
        },
      ),
    );
  });

  it('goes back by cards and e-wallets first, cash last, unless told otherwise', () => {
    const state: RefundState = {
      lines: [line(2, 3000)],
      tenders: [
        { type: 'CASH', paid: sen(2000), refunded: ZERO },
        { type: 'CREDIT CARD', paid: sen(1000), refunded: ZERO },
      ],
    };
    const plan = planRefund(state);
    expect(plan.ok && plan.value.tenders).toEqual([
      { type: 'CREDIT CARD', amount: 1000 },
      { type: 'CASH', amount: 2000 },
    ]);
    const cash = planRefund(state, { items: [{ sku: 'A', quantity: 1 }], tenders: [{ type: 'CASH' }] });
    expect(cash.ok && cash.value.tenders).toEqual([{ type: 'CASH', amount: 1500 }]);
    const card = planRefund(state, { tenders: [{ type: 'CREDIT CARD' }] });
    expect(card).toMatchObject({ ok: false, message: 'At most RM 10.00 can be given back by CARD' });
    const short = planRefund(state, {
      tenders: [
        { type: 'CASH', amount: sen(100) },
        { type: 'CREDIT CARD', amount: sen(100) },
      ],
    });
    expect(short).toMatchObject({ ok: false, message: 'The refund tenders must add up to RM 30.00' });
  });

  it('refuses an unknown item, too many units, and an order with nothing left', () => {
    const state: RefundState = {
      lines: [line(1, 1000)],
      tenders: [{ type: 'CASH', paid: sen(1000), refunded: ZERO }],
    };
    expect(planRefund(state, { items: [{ sku: 'B' }] })).toMatchObject({
      ok: false,
      message: 'No item B on this order',
    });
    expect(planRefund(state, { items: [{ sku: 'A', quantity: 2 }] })).toMatchObject({
      ok: false,
      message: 'Only 1 x A can be refunded',
    });
    const done = { ...state, lines: [{ ...line(1, 1000), refundedQuantity: 1, refunded: sen(1000) }] };
    expect(planRefund(done)).toMatchObject({ ok: false, message: 'Nothing is left to refund on this order' });
  });

  it("says what to give back: 'Give back RM x.xx by CASH', and every method of a split", () => {
    expect(giveBack([{ type: 'CASH', amount: sen(1000) }])).toBe('Give back RM 10.00 by CASH');
    expect(
      giveBack([
        { type: 'CASH', amount: sen(1000) },
        { type: 'CREDIT CARD', amount: sen(500) },
      ]),
    ).toBe('Give back RM 10.00 by CASH and RM 5.00 by CARD');
    expect(
      giveBack([
        { type: 'CREDIT CARD', amount: sen(100) },
        { type: 'E-WALLET', amount: sen(200) },
        { type: 'CASH', amount: sen(300) },
      ]),
    ).toBe('Give back RM 1.00 by CARD, RM 2.00 by E-WALLET and RM 3.00 by CASH');
  });

  it('reads the state of a contract Order: cash net of the change, earlier refunds per method', () => {
    const order = orderWith({
      refunded_amount: 0,
      refunds: [
        {
          _id: 'r1',
          at: '2026-11-22T01:40:00.000Z',
          by: 'Ana',
          reason: 'x',
          amount: 0,
          items: [],
          tenders: [{ type: 'CASH', amount: 0 }],
        },
      ],
    });
    expect(refundStateOf(order)).toEqual({
      lines: [{ sku: 'DAY-ADULT', quantity: 1, paid: 4900, refundedQuantity: 0, refunded: 0 }],
      tenders: [{ type: 'CASH', paid: 4900, refunded: 0 }],
    });
    expect(lastRefundGiveBack(order)).toBe('Give back RM 0.00 by CASH');
    expect(lastRefundGiveBack(orderWith())).toBeNull();
  });
});
