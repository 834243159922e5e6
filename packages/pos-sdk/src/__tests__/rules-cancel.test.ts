import { describe, expect, it } from 'vitest';
import { canCancel } from '../rules/cancel';

describe('rules/cancel', () => {
  it('cancels a PAID order', () => {
    expect(canCancel({ status: 'PAID' })).toEqual({ ok: true, value: undefined });
  });

  it("refuses any other: 'Only PAID orders can be canceled'", () => {
    for (const status of ['CANCELED', 'REFUNDED', 'paid', '']) {
      expect(canCancel({ status }), status).toEqual({
        ok: false,
        code: 'not_paid',
        message: 'Only PAID orders can be canceled',
      });
    }
  });
});
