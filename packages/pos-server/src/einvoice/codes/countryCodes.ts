import type { CodeTable } from './codeTable';

/** Country codes (ISO 3166-1 alpha-3, an address's `Country/IdentificationCode`): the ones this system uses. */
export const COUNTRY_CODES: CodeTable = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/countries/ (CountryCodes.json)',
  complete: false,
  entries: [
    { code: 'MYS', description: 'MALAYSIA' },
    { code: 'SGP', description: 'SINGAPORE' },
  ],
};
