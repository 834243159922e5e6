import type { CodeTable } from './codeTable';

/** A Malaysian state code: an address's `CountrySubentityCode`. */
export type StateCode =
  | '01'
  | '02'
  | '03'
  | '04'
  | '05'
  | '06'
  | '07'
  | '08'
  | '09'
  | '10'
  | '11'
  | '12'
  | '13'
  | '14'
  | '15'
  | '16'
  | '17';

/** State codes, the whole published table. */
export const STATE_CODES: CodeTable<StateCode> = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/state-codes/ (StateCodes.json)',
  complete: true,
  entries: [
    { code: '01', description: 'Johor' },
    { code: '02', description: 'Kedah' },
    { code: '03', description: 'Kelantan' },
    { code: '04', description: 'Melaka' },
    { code: '05', description: 'Negeri Sembilan' },
    { code: '06', description: 'Pahang' },
    { code: '07', description: 'Pulau Pinang' },
    { code: '08', description: 'Perak' },
    { code: '09', description: 'Perlis' },
    { code: '10', description: 'Selangor' },
    { code: '11', description: 'Terengganu' },
    { code: '12', description: 'Sabah' },
    { code: '13', description: 'Sarawak' },
    { code: '14', description: 'Wilayah Persekutuan Kuala Lumpur' },
    { code: '15', description: 'Wilayah Persekutuan Labuan' },
    { code: '16', description: 'Wilayah Persekutuan Putrajaya' },
    { code: '17', description: 'Not Applicable' },
  ],
};
