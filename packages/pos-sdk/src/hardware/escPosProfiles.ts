import type { Codepage } from '@point-of-sale/codepage-encoder';

/**
 * How one family of ESC/POS printers is driven: the code page its receipts' Latin text is printed in, and the
 * number that selects it (`ESC t n`). Every printer here holds PC858 (the DOS Western European page with the euro
 * sign: `é ü ë ñ ç ß å ø €`), under a number that differs by maker.
 */
export interface EscPosProfile {
  /** What it is for, in words. */
  readonly printers: string;
  /** The code page the text is encoded in. */
  readonly codepage: Codepage;
  /** `n` of `ESC t n` (1B 74 n) that selects {@link EscPosProfile.codepage} on these printers. */
  readonly codepageNumber: number;
}

/**
 * The printer profiles of {@link createEscPosDriver} (`profile` option; default `epson`). The numbers are the
 * makers' code page tables, as `@point-of-sale/receipt-printer-encoder` maps them (a test checks each against it).
 */
export const ESC_POS_PROFILES = {
  epson: {
    printers: 'Epson TM-T20, TM-T82, TM-T88, TM-m30 and compatibles',
    codepage: 'cp858',
    codepageNumber: 19,
  },
  bixolon: { printers: 'Bixolon SRP-350 and SRP-330', codepage: 'cp858', codepageNumber: 19 },
  citizen: { printers: 'Citizen CT-S310II and CT-S4000', codepage: 'cp858', codepageNumber: 2 },
  xprinter: {
    printers: 'Xprinter XP-N160II, XP-T80Q and other 80 mm clones',
    codepage: 'cp858',
    codepageNumber: 19,
  },
  'pos-5890': {
    printers: 'POS-5890, POS-8360 and other 58 mm clones',
    codepage: 'cp858',
    codepageNumber: 19,
  },
  sunmi: { printers: 'Sunmi built-in printers (P2, V2, T2)', codepage: 'cp858', codepageNumber: 19 },
  hp: { printers: 'HP A779', codepage: 'cp858', codepageNumber: 6 },
} as const satisfies Record<string, EscPosProfile>;

/** A profile's name: `'epson'`, `'citizen'`, … */
export type EscPosProfileName = keyof typeof ESC_POS_PROFILES;

/** The profile of {@link createEscPosDriver} and the encoders when none is given. */
export const DEFAULT_ESC_POS_PROFILE: EscPosProfileName = 'epson';
