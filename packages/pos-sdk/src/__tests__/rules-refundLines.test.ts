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
  tenderStates,
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

  describe('which units', () => {
    /** Two lines of the same SKU (2 units each, RM 10.00 and RM 20.00), paid in cash. */
    const twoLinesOfA: RefundState = {
      lines: [line(2, 1000), line(2, 2000)],
      tenders: [{ type: 'CASH', paid: sen(3000), refunded: ZERO }],
    };
    const unitsOf = (plan: ReturnType<typeof planRefund>) =>
      plan.ok ? plan.value.lines.map(({ index, quantity, amount }) => [index, quantity, amount]) : plan;

    it('a SKU on several lines: its first lines first, or the line named', () => {
      expect(unitsOf(planRefund(twoLinesOfA, { items: [{ sku: 'A', quantity: 1 }] }))).toEqual([[0, 1, 500]]);
      expect(unitsOf(planRefund(twoLinesOfA, { items: [{ sku: 'A', quantity: 3 }] }))).toEqual([
        [0, 2, 1000],
        [1, 1, 1000],
      ]);
      expect(unitsOf(planRefund(twoLinesOfA, { items: [{ sku: 'A', line: 1, quantity: 1 }] }))).toEqual([
        [1, 1, 1000],
      ]);
      // A line refunded already is passed over.
      const firstDone: RefundState = {
        ...twoLinesOfA,
        lines: [{ ...line(2, 1000), refundedQuantity: 2, refunded: sen(1000) }, line(2, 2000)],
      };
      expect(unitsOf(planRefund(firstDone, { items: [{ sku: 'A', quantity: 1 }] }))).toEqual([[1, 1, 1000]]);
      // Without items: every unit left, and only the lines with some left.
      expect(unitsOf(planRefund(firstDone))).toEqual([[1, 2, 2000]]);
      expect(unitsOf(planRefund(firstDone, { items: [] }))).toEqual([[1, 2, 2000]]);
    });

    it('counts what the same refund took already, allows exactly what is left, and lists lines in cart order', () => {
      expect(unitsOf(planRefund(twoLinesOfA, { items: [{ sku: 'A', quantity: 4 }] }))).toEqual([
        [0, 2, 1000],
        [1, 2, 2000],
      ]);
      expect(
        planRefund(twoLinesOfA, {
          items: [
            { sku: 'A', line: 0, quantity: 1 },
            { sku: 'A', line: 0, quantity: 2 },
          ],
        }),
      ).toMatchObject({ ok: false, message: 'Only 1 x A can be refunded' });
      const two: RefundState = {
        lines: [line(1, 1000), { ...line(1, 500), sku: 'B' }],
        tenders: [{ type: 'CASH', paid: sen(1500), refunded: ZERO }],
      };
      expect(unitsOf(planRefund(two, { items: [{ sku: 'B' }, { sku: 'A' }] }))).toEqual([
        [0, 1, 1000],
        [1, 1, 500],
      ]);
    });

    it("says a line refunded whole is refunded already, not 'Only 0 x'", () => {
      const firstDone: RefundState = {
        ...twoLinesOfA,
        lines: [
          { ...line(2, 1000), refundedQuantity: 2, refunded: sen(1000) },
          { ...line(1, 500), sku: 'B' },
        ],
      };
      expect(planRefund(firstDone, { items: [{ sku: 'A', quantity: 1 }] })).toMatchObject({
        ok: false,
        message: 'A is refunded already',
      });
      expect(giveBack([])).toBe('Give back RM 0.00');
    });

    it("refuses a refund of no unit: 'Choose at least one item to refund'", () => {
      expect(planRefund(twoLinesOfA, { items: [{ sku: 'A', quantity: 0 }] })).toMatchObject({
        ok: false,
        message: 'Choose at least one item to refund',
      });
    });

    it('completes the order only once every unit of every line is refunded', () => {
      const first = planRefund(twoLinesOfA, { items: [{ sku: 'A', quantity: 3 }] });
      expect(first.ok && first.value.completes).toBe(false);
      if (!first.ok) throw new Error('planned');
      const rest = planRefund(applied(twoLinesOfA, first.value));
      expect(rest.ok && rest.value.completes).toBe(true);
      expect(unitsOf(rest)).toEqual([[1, 1, 1000]]);
      const whole = planRefund(twoLinesOfA);
      expect(whole.ok && whole.value.completes).toBe(true);
    });

    it('a line is never worth more than it cost, however many units are asked of it', () => {
      expect(refundAmountOf(line(3, 1000), 5)).toBe(1000);
      expect(refundAmountOf({ ...line(3, 1000), refundedQuantity: 1, refunded: sen(333) }, 5)).toBe(667);
    });
  });

  describe('which methods', () => {
    const paidBy = (tenders: RefundState['tenders'], paid = 3000): RefundState => ({
      lines: [line(2, paid)],
      tenders,
    });

    it('by default: cards and e-wallets up to what they have not got back, the rest in cash', () => {
      const cardUsed = paidBy([
        { type: 'CASH', paid: sen(2000), refunded: ZERO },
        { type: 'CREDIT CARD', paid: sen(1000), refunded: sen(600) },
      ]);
      const plan = planRefund(cardUsed);
      expect(plan.ok && plan.value.tenders).toEqual([
        { type: 'CREDIT CARD', amount: 400 },
        { type: 'CASH', amount: 2600 },
      ]);
      // A card given back whole already takes nothing; cash gives the rest, even with no cash paid.
      const cardOnly = paidBy([{ type: 'CREDIT CARD', paid: sen(3000), refunded: sen(3000) }], 500);
      const cash = planRefund(cardOnly);
      expect(cash.ok && cash.value.tenders).toEqual([{ type: 'CASH', amount: 500 }]);
      // Enough on the card: no cash at all.
      const onCard = planRefund(paidBy([{ type: 'E-WALLET', paid: sen(3000), refunded: ZERO }]));
      expect(onCard.ok && onCard.value.tenders).toEqual([{ type: 'E-WALLET', amount: 3000 }]);
      // An empty list of methods is no choice: the default.
      expect(planRefund(cardUsed, { tenders: [] })).toEqual(plan);
    });

    it('as asked: amounts that add up, a card up to what it has left, one method of each kind', () => {
      const state = paidBy([
        { type: 'CASH', paid: sen(2000), refunded: ZERO },
        { type: 'CREDIT CARD', paid: sen(1000), refunded: sen(200) },
      ]);
      const split = planRefund(state, {
        tenders: [
          { type: 'CREDIT CARD', amount: sen(800) },
          { type: 'CASH', amount: sen(1000) },
          { type: 'CASH', amount: sen(1200) },
          { type: 'E-WALLET', amount: ZERO },
        ],
      });
      expect(split.ok && split.value.tenders).toEqual([
        { type: 'CREDIT CARD', amount: 800 },
        { type: 'CASH', amount: 2200 },
      ]);
      expect(
        planRefund(state, {
          tenders: [
            { type: 'CREDIT CARD', amount: sen(900) },
            { type: 'CASH', amount: sen(2100) },
          ],
        }),
      ).toMatchObject({ ok: false, message: 'At most RM 8.00 can be given back by CARD' });
      expect(
        planRefund(state, {
          tenders: [
            { type: 'E-WALLET', amount: sen(100) },
            { type: 'CASH', amount: sen(2900) },
          ],
        }),
      ).toMatchObject({ ok: false, message: 'At most RM 0.00 can be given back by E-WALLET' });
      // One method with its amount named: that amount, which must still add up.
      expect(planRefund(state, { tenders: [{ type: 'CASH', amount: sen(1000) }] })).toMatchObject({
        ok: false,
        message: 'The refund tenders must add up to RM 30.00',
      });
      const named = planRefund(state, { tenders: [{ type: 'CASH', amount: sen(3000) }] });
      expect(named.ok && named.value.tenders).toEqual([{ type: 'CASH', amount: 3000 }]);
      // Two methods, one without its amount: it gives nothing, whichever comes first.
      expect(
        planRefund(state, { tenders: [{ type: 'CREDIT CARD' }, { type: 'CASH', amount: sen(3000) }] }),
      ).toMatchObject({ ok: true, value: { tenders: [{ type: 'CASH', amount: 3000 }] } });
      expect(
        planRefund(state, { tenders: [{ type: 'CASH', amount: sen(3000) }, { type: 'CREDIT CARD' }] }),
      ).toMatchObject({ ok: true, value: { tenders: [{ type: 'CASH', amount: 3000 }] } });
    });
  });

  describe('the state of an order', () => {
    it('adds each method up, cash net of the change (never below zero), gift cards left out, no cash when none was paid', () => {
      expect(
        tenderStates(
          [
            { type: 'CASH', amount: sen(1000) },
            { type: 'GIFT CARD', amount: sen(500) },
            { type: 'CREDIT CARD', amount: sen(700) },
            { type: 'CASH', amount: sen(500) },
          ],
          sen(300),
          new Map([['CASH', sen(100)]]),
        ),
      ).toEqual([
        { type: 'CASH', paid: 1200, refunded: 100 },
        { type: 'CREDIT CARD', paid: 700, refunded: 0 },
      ]);
      expect(tenderStates([{ type: 'CASH', amount: sen(100) }], sen(300), new Map())).toEqual([
        { type: 'CASH', paid: 0, refunded: 0 },
      ]);
      expect(tenderStates([{ type: 'E-WALLET', amount: sen(900) }], ZERO, new Map())).toEqual([
        { type: 'E-WALLET', paid: 900, refunded: 0 },
      ]);
    });

    it('a line with neither its amount nor its price is worth nothing (never a crash)', () => {
      const bare = {
        order_details: { cart: { items: [{ sku: 'X', quantity: 1 }] } },
        payment: { methods: [{ type: 'CASH', amount: 0 }], change: 0 },
      };
      expect(refundStateOf(bare).lines).toEqual([
        { sku: 'X', quantity: 1, paid: 0, refundedQuantity: 0, refunded: 0 },
      ]);
    });

    it("reads earlier refunds per method, a line's amount (or its price less its discount) and tax added on top", () => {
      const order = orderWith({
        order_details: {
          customer: { email: '' },
          cart: {
            items: [
              {
                sku: 'DAY-ADULT',
                name: 'Day Pass',
                category: 'Day Pass',
                quantity: 2,
                type: 'PASS',
                price: { value: 49, currency: 'MYR' },
                discount: { type: 'amount', value: 8, amount: 8, approver: 'u-2' },
                tax: { code: 'SST8', rate_bp: 800, amount: 7.2 },
                refunded_quantity: 1,
                refunded_amount: 45,
              },
              {
                sku: 'GRIP-M',
                name: 'Grip Socks',
                category: 'Merchandise',
                quantity: 1,
                type: 'MERCHANDISE',
                price: { value: 15, currency: 'MYR' },
                amount: 15,
              },
            ],
            subtotal: 105,
            prices_include_tax: false,
          },
        },
        payment: {
          methods: [
            { type: 'CREDIT CARD', amount: 50 },
            { type: 'CASH', amount: 80 },
          ],
          change: 2.8,
        },
        refunds: [
          {
            _id: 'r1',
            at: '2026-11-22T01:40:00.000Z',
            by: 'Ana',
            reason: 'x',
            amount: 30,
            items: [],
            tenders: [
              { type: 'CREDIT CARD', amount: 20 },
              { type: 'CASH', amount: 10 },
            ],
          },
          {
            _id: 'r2',
            at: '2026-11-22T01:50:00.000Z',
            by: 'Ana',
            reason: 'y',
            amount: 15,
            items: [],
            tenders: [{ type: 'CREDIT CARD', amount: 15 }],
          },
        ],
      });
      expect(refundStateOf(order)).toEqual({
        lines: [
          // 2 x 49.00 less 8.00, with its 7.20 of tax added on top.
          { sku: 'DAY-ADULT', quantity: 2, paid: 9720, refundedQuantity: 1, refunded: 4500 },
          { sku: 'GRIP-M', quantity: 1, paid: 1500, refundedQuantity: 0, refunded: 0 },
        ],
        tenders: [
          { type: 'CREDIT CARD', paid: 5000, refunded: 3500 },
          { type: 'CASH', paid: 7720, refunded: 1000 },
        ],
      });
    });
  });
});
