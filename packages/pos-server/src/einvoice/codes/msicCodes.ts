import type { CodeTable } from './codeTable';

/**
 * MSIC 2008 codes (the supplier's `IndustryClassificationCode`): the sports and recreation entries a gym or an
 * activity venue picks from. In the published list the gym's own is 93118 "Fitness centres"; there is no 93110.
 */
export const MSIC_CODES: CodeTable = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/msic-codes/ (MSICSubCategoryCodes.json)',
  complete: false,
  entries: [
    { code: '00000', description: 'NOT APPLICABLE' },
    { code: '93111', description: 'Football, hockey, cricket, baseball, badminton, futsal, paintball' },
    { code: '93114', description: 'Swimming pools and stadiums, ice-skating arenas' },
    { code: '93117', description: 'Bowling centre' },
    { code: '93118', description: 'Fitness centres' },
    {
      code: '93119',
      description:
        'Organization and operation of outdoor or indoor sports events for professionals or amateurs by organizations with own facilities',
    },
    {
      code: '93120',
      description: 'The operation of sports clubs such as football club, bowling club, swimming club',
    },
    { code: '93199', description: 'Other sports activities n.e.c.' },
    { code: '93299', description: 'Any other amusement and recreation activities n.e.c.' },
    { code: '96091', description: 'Activities of sauna, steam baths, massage salons' },
  ],
};
