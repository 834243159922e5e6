import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_CODES, CONSOLIDATED_CLASSIFICATION } from '../codes/classificationCodes';
import { type CodeTable, describeCode, isCodeOf } from '../codes/codeTable';
import { COUNTRY_CODES } from '../codes/countryCodes';
import { EINVOICE_TYPES } from '../codes/einvoiceTypes';
import { MSIC_CODES } from '../codes/msicCodes';
import { PAYMENT_MODES } from '../codes/paymentModes';
import { STATE_CODES } from '../codes/stateCodes';
import { TAX_TYPES } from '../codes/taxTypes';
import { UNIT_CODES } from '../codes/unitCodes';

const TABLES: Record<string, CodeTable> = {
  TAX_TYPES,
  PAYMENT_MODES,
  CLASSIFICATION_CODES,
  STATE_CODES,
  COUNTRY_CODES,
  EINVOICE_TYPES,
  MSIC_CODES,
  UNIT_CODES,
};

describe('code tables', () => {
  it.each(Object.entries(TABLES))(
    "%s names its source on LHDN's SDK and has unique codes",
    (_name, table) => {
      expect(table.source).toMatch(/^https:\/\/sdk\.myinvois\.hasil\.gov\.my\/codes\//);
      const codes = table.entries.map((entry) => entry.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(table.entries.every((entry) => entry.description.trim() !== '')).toBe(true);
    },
  );

  it('complete tables have all of the published entries', () => {
    expect(TAX_TYPES.entries.map((e) => e.code)).toEqual(['01', '02', '03', '04', '05', '06', 'E']);
    expect(PAYMENT_MODES.entries).toHaveLength(8);
    expect(STATE_CODES.entries).toHaveLength(17);
    expect(EINVOICE_TYPES.entries.map((e) => e.code)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '11',
      '12',
      '13',
      '14',
    ]);
  });

  it('has the codes this system writes: 004 consolidated, 008, the gym MSIC 93118, MYS, C62', () => {
    expect(describeCode(CLASSIFICATION_CODES, CONSOLIDATED_CLASSIFICATION)).toBe('Consolidated e-Invoice');
    expect(isCodeOf(CLASSIFICATION_CODES, '008')).toBe(true);
    expect(describeCode(MSIC_CODES, '93118')).toBe('Fitness centres');
    // 93110 is not in LHDN's list (the 5-digit codes under 9311 run 93111 to 93119).
    expect(isCodeOf(MSIC_CODES, '93110')).toBe(false);
    expect(isCodeOf(COUNTRY_CODES, 'MYS')).toBe(true);
    expect(describeCode(UNIT_CODES, 'C62')).toBe('one');
    expect(describeCode(STATE_CODES, '14')).toBe('Wilayah Persekutuan Kuala Lumpur');
    expect(describeCode(TAX_TYPES, 'Z')).toBeUndefined();
  });
});
