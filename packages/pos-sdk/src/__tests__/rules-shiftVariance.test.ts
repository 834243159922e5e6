import { describe, expect, it } from 'vitest';
import type { ShiftReport } from '../contract';
import { sen } from '../money';
import { DEFAULT_VARIANCE_ALERT, shiftVariances } from '../rules';

const totals = (cash: number, card: number, ewallet: number) => ({ cash, card, ewallet });

function report(
  counted: ReturnType<typeof totals> | null,
  variance: ReturnType<typeof totals> | null,
): ShiftReport {
  return {
    shift_id: 's1',
    terminal: 'TICKET01',
    staff: 'Cashier',
    opened_at: '2026-11-28T01:00:00.000Z',
    closed_at: counted === null ? null : '2026-11-28T10:00:00.000Z',
    float: 100,
    sales: totals(400, 200, 50),
    refunds: totals(0, 0, 0),
    expected: totals(500, 200, 50),
    counted,
    variance,
    orders: { count: 5, refunded: 0, canceled: 0 },
  };
}

describe('shiftVariances', () => {
  it('says each variance in words and marks those beyond the alert (RM 5.00 by default), either way', () => {
    expect(DEFAULT_VARIANCE_ALERT).toBe(sen(500));
    const rows = shiftVariances(report(totals(134, 205, 50), totals(-366, 5, 0)));
    expect(rows.map((row) => [row.label, row.variance, row.beyond, row.text])).toEqual([
      ['Cash', sen(-36600), true, 'Short by RM 366.00: check the count'],
      ['Card', sen(500), false, 'Over by RM 5.00'],
      ['E-Wallet', 0, false, 'Balanced'],
    ]);
    expect(rows[0]?.expected).toBe(sen(50000));
    expect(rows[0]?.counted).toBe(sen(13400));
  });

  it("marks by the venue's alert: RM 0.00 marks every variance, a larger one fewer", () => {
    const counted = totals(499.99, 210.01, 50);
    const variance = totals(-0.01, 10.01, 0);
    expect(shiftVariances(report(counted, variance), sen(0)).map((row) => row.beyond)).toEqual([
      true,
      true,
      false,
    ]);
    expect(shiftVariances(report(counted, variance), sen(1001)).map((row) => row.beyond)).toEqual([
      false,
      false,
      false,
    ]);
    expect(shiftVariances(report(counted, variance), sen(1000))[1]?.text).toBe(
      'Over by RM 10.01: check the count',
    );
  });

  it('an X report has nothing counted: no variance, no mark', () => {
    expect(shiftVariances(report(null, null))).toEqual([
      {
        key: 'cash',
        label: 'Cash',
        expected: sen(50000),
        counted: null,
        variance: null,
        beyond: false,
        text: '',
      },
      {
        key: 'card',
        label: 'Card',
        expected: sen(20000),
        counted: null,
        variance: null,
        beyond: false,
        text: '',
      },
      {
        key: 'ewallet',
        label: 'E-Wallet',
        expected: sen(5000),
        counted: null,
        variance: null,
        beyond: false,
        text: '',
      },
    ]);
  });
});
