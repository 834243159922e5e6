import type { CodeTable } from './codeTable';

/**
 * Units of measure (UN/ECE Recommendation 20, a line's `InvoicedQuantity/unitCode`): the ones a gym's till uses. A
 * pass, a membership or an item of merchandise is sold as a count of one (C62).
 */
export const UNIT_CODES: CodeTable = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/unit-types/ (UnitTypes.json, UN/ECE Recommendation 20)',
  complete: false,
  entries: [
    { code: 'C62', description: 'one' },
    { code: 'EA', description: 'each' },
    { code: 'DAY', description: 'day' },
    { code: 'ANN', description: 'year' },
  ],
};
