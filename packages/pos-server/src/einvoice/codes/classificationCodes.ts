import type { CodeTable } from './codeTable';

/**
 * Classification codes (a line's `CommodityClassification/ItemClassificationCode` with `listID` "CLASS"): the ones a
 * gym's till uses. The published table has 45 entries (001 to 045); add one here from it when a catalogue needs it.
 */
export const CLASSIFICATION_CODES: CodeTable = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/classification-codes/ (ClassificationCodes.json)',
  complete: false,
  entries: [
    { code: '004', description: 'Consolidated e-Invoice' },
    { code: '008', description: 'e-Commerce - e-Invoice to buyer / purchaser' },
    { code: '013', description: 'Gym membership' },
    { code: '022', description: 'Others' },
    {
      code: '038',
      description:
        'Sports equipment, rental / entry fees for sports facilities, registration in sports competition or sports training fees imposed by associations / sports clubs / companies registered with the Sports Commissioner or Companies Commission of Malaysia and carrying out sports activities as listed under the Sports Development Act 1997',
    },
    { code: '044', description: 'Vouchers, gift cards, loyalty points, etc' },
  ],
};

/** The classification of a consolidated e-invoice's lines (LHDN's e-Invoice Specific Guideline, consolidation). */
export const CONSOLIDATED_CLASSIFICATION = '004';
