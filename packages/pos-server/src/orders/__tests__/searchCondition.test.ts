import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInvoiceId } from '../../invoices/issueInvoice';
import { couldBeInInvoiceId, searchKeys } from '../searchCondition';

/** Store codes as POS_STORE allows them: 1 to 32 letters, digits, "-" or "_". */
const storeCode = fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/);

describe('searchCondition', () => {
  it('takes every part of an invoice id, in any case, as possibly an invoice id', () => {
    fc.assert(
      fc.property(
        storeCode,
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (code, number, a, b, upper) => {
          const id = formatInvoiceId(code, number);
          const start = a % id.length;
          const end = start + 1 + (b % (id.length - start));
          const part = id.slice(start, end);
          expect(couldBeInInvoiceId(upper ? part.toUpperCase() : part.toLowerCase(), ['OTHER', code])).toBe(
            true,
          );
        },
      ),
    );
  });

  it('knows that an email, or a name with letters of no store code, is not part of an invoice id', () => {
    expect(couldBeInInvoiceId('muhammad', ['STORE'])).toBe(false);
    expect(couldBeInInvoiceId('siti@gmail.com', ['STORE'])).toBe(false);
    expect(couldBeInInvoiceId('e-12x', ['STORE'])).toBe(false);
    expect(couldBeInInvoiceId('tore-0000', ['STORE'])).toBe(true);
    expect(couldBeInInvoiceId('0042', ['STORE'])).toBe(true);
    expect(couldBeInInvoiceId('KL-0', ['STORE', 'KL'])).toBe(true);
    // Beyond ASCII, SQLite's lower() and JavaScript's disagree: given the benefit of the doubt.
    expect(couldBeInInvoiceId('é', ['STORE'])).toBe(true);
  });

  it('asks the index for the ends of the longest runs first (the digits that set a customer apart), then the local part, the runs and the whole text', () => {
    expect(searchKeys('deepa.chan2818@yahoo.com')).toEqual([
      'an2818',
      'chan28',
      'deepa',
      'yahoo',
      'deepa.chan2818',
      'chan2818',
      'deepa.chan2818@yahoo.com',
    ]);
    expect(searchKeys('siti.tan87@gmail.com')).toEqual([
      'tan87',
      'gmail',
      'siti',
      'siti.tan87',
      'siti.tan87@gmail.com',
    ]);
    expect(searchKeys('miaismail')).toEqual(['miaism', 'ismail', 'miaismail']);
    expect(searchKeys('STORE-000042')).toEqual(['000042', 'STORE', 'STORE-000042']);
    expect(searchKeys('n_1')).toEqual(['n_1']);
    expect(searchKeys('%@%')).toEqual(['%@%']);
  });
});
