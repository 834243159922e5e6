import type { FieldIssue } from '../contract/errors';
import { type Sen, sen } from '../money';
import { isEmail } from './email';

/**
 * A sale above this (RM 10,000, the amount the customer pays) gets an e-invoice of its own: LHDN's e-Invoice
 * Specific Guideline leaves such a sale out of the month's consolidated e-invoice. The till asks for the buyer's
 * details (general public when none are given); the server issues it.
 */
export const INDIVIDUAL_EINVOICE_ABOVE: Sen = sen(1_000_000);

/** Whether a sale of `amountToPay` gets its own e-invoice ({@link INDIVIDUAL_EINVOICE_ABOVE}). */
export const needsOwnEinvoice = (amountToPay: Sen): boolean => amountToPay > INDIVIDUAL_EINVOICE_ABOVE;

/**
 * MyInvois's state codes with their names (LHDN's table, https://sdk.myinvois.hasil.gov.my/codes/state-codes/), for
 * an address's State: 01 Johor to 16 Putrajaya, 17 not applicable.
 */
export const EINVOICE_STATES: readonly (readonly [code: string, name: string])[] = [
  ['01', 'Johor'],
  ['02', 'Kedah'],
  ['03', 'Kelantan'],
  ['04', 'Melaka'],
  ['05', 'Negeri Sembilan'],
  ['06', 'Pahang'],
  ['07', 'Pulau Pinang'],
  ['08', 'Perak'],
  ['09', 'Perlis'],
  ['10', 'Selangor'],
  ['11', 'Terengganu'],
  ['12', 'Sabah'],
  ['13', 'Sarawak'],
  ['14', 'Kuala Lumpur'],
  ['15', 'Labuan'],
  ['16', 'Putrajaya'],
  ['17', 'Not applicable'],
];

/** The kinds of identification MyInvois takes with a buyer's TIN. */
export const EINVOICE_ID_TYPES = ['NRIC', 'PASSPORT', 'BRN', 'ARMY'] as const;

/** A kind of identification: MyKad number, passport, business registration number (SSM), army number. */
export type EinvoiceIdType = (typeof EINVOICE_ID_TYPES)[number];

/** The buyer of an individual e-invoice as typed (the request page's form, or the till's at checkout). */
export interface EinvoiceBuyerInput {
  readonly name?: string | null;
  readonly tin?: string | null;
  readonly id_type?: string | null;
  readonly id_value?: string | null;
  readonly sst_no?: string | null;
  readonly address_line?: string | null;
  readonly city?: string | null;
  readonly postcode?: string | null;
  readonly state_code?: string | null;
  readonly country?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
}

/** A buyer whose details passed {@link checkEinvoiceBuyer}: trimmed, the TIN and numbers in capitals. */
export interface EinvoiceBuyerValues {
  readonly name: string;
  readonly tin: string;
  readonly id_type: EinvoiceIdType;
  readonly id_value: string;
  /** '' when the buyer is not registered for SST ("NA" on the document). */
  readonly sst_no: string;
  readonly address_line: string;
  readonly city: string;
  readonly postcode: string;
  readonly state_code: string;
  readonly country: string;
  readonly phone: string;
  /** '' when none was given (allowed at checkout only). */
  readonly email: string;
}

/**
 * The prefixes of a non-individual's TIN (LHDN, MyInvois FAQ "How to retrieve and validate the accuracy of my TIN"):
 * C company, CS co-operative society, D partnership, E employer, F association, FA non-resident public entertainer,
 * PT limited liability partnership, TA trust body, TC unit trust, TN business trust, TR real estate investment trust,
 * TP deceased person's estate, J Hindu joint family, LE Labuan entity.
 */
const NON_INDIVIDUAL_PREFIXES = [
  'CS',
  'FA',
  'PT',
  'TA',
  'TC',
  'TN',
  'TR',
  'TP',
  'LE',
  'C',
  'D',
  'E',
  'F',
  'J',
];

/**
 * LHDN's TIN forms (MyInvois FAQ): an individual's is IG and its digits, at most 14 characters (IG115002000,
 * IG56003500070); a non-individual's is its prefix and digits with no leading zero that always end in 0
 * (C20880050010, D4800990020); LHDN's general TINs are EI00000000010 (general public), EI00000000020 (foreign buyer),
 * EI00000000030 (foreign supplier) and EI00000000040 (government).
 */
const INDIVIDUAL_TIN = /^IG\d{9,12}$/;
const NON_INDIVIDUAL_TIN = new RegExp(`^(${NON_INDIVIDUAL_PREFIXES.join('|')})[1-9]\\d{7,10}0$`);
const GENERAL_TIN = /^EI000000000[1-4]0$/;

/** What kind of TIN this is, or undefined when it has none of LHDN's forms. */
export function tinKind(tin: string): 'individual' | 'nonIndividual' | 'general' | undefined {
  if (INDIVIDUAL_TIN.test(tin)) return 'individual';
  if (GENERAL_TIN.test(tin)) return 'general';
  if (NON_INDIVIDUAL_TIN.test(tin)) return 'nonIndividual';
  return undefined;
}

/** The MyInvois state codes: 01 Johor to 16 Putrajaya, 17 not applicable. */
const STATE_CODE = /^(0[1-9]|1[0-7])$/;

/** The words of the buyer form's rules (the request page and the till). */
export const EINVOICE_BUYER_MESSAGES = {
  nameRequired: 'Enter the name on the e-invoice (a person or a business)',
  nameTooLong: 'The name is at most 300 characters',
  tinRequired: 'Enter your tax identification number (TIN)',
  tinInvalid:
    "The TIN is not in LHDN's form: IG and 9 to 12 digits for a person (e.g. IG12345678901), or a business's prefix " +
    '(C, CS, D, E, F, FA, PT, TA, TC, TN, TR, TP, J or LE) and its digits, without leading zeros and ending in 0 ' +
    '(e.g. C20830570210)',
  idTypeInvalid:
    'Choose the identification: MyKad (NRIC), passport, business registration (BRN) or army number',
  idValueRequired: 'Enter the number of the identification',
  nricInvalid: 'A MyKad (NRIC) number is 12 digits, e.g. 900101145678',
  brnInvalid: 'A business registration number is 5 to 30 letters or digits, e.g. 202005123456',
  passportInvalid: 'A passport or army number is 5 to 20 letters or digits',
  businessNeedsBrn: "A business's TIN goes with its business registration number (BRN)",
  sstInvalid: 'The SST registration number is at most 40 letters, digits or dashes',
  addressRequired: 'Enter the address',
  addressTooLong: 'The address is at most 150 characters',
  cityRequired: 'Enter the city',
  postcodeInvalid: 'A Malaysian postcode is 5 digits',
  stateInvalid: 'Choose the state',
  countryInvalid: 'The country is a 3-letter code such as MYS',
  phoneInvalid: 'Enter a phone number of 8 to 15 digits, e.g. +60123456789',
  emailRequired: 'Enter the email address the e-invoice is sent to',
  emailInvalid: 'The email address is not valid',
} as const;

const text = (value: string | null | undefined) => (value ?? '').trim();
const compact = (value: string | null | undefined) => text(value).replace(/[\s-]/g, '').toUpperCase();

/**
 * Checks a buyer's details for an individual e-invoice, each problem in words with its field: name, TIN (LHDN's
 * forms, {@link tinKind}), identification (NRIC 12 digits, BRN, passport or army number; a business's TIN needs its
 * BRN), optional SST number, address (line, city, postcode of 5 digits in Malaysia, state code 01 to 17, country),
 * phone, and the email (required unless `emailRequired` is false).
 *
 * @example checkEinvoiceBuyer({ tin: 'C123' }).ok // false, with every problem in `issues`
 */
export function checkEinvoiceBuyer(
  input: EinvoiceBuyerInput,
  options: { emailRequired?: boolean } = {},
): { ok: true; buyer: EinvoiceBuyerValues } | { ok: false; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const issue = (path: string, message: string) => issues.push({ path, message });
  const name = text(input.name);
  if (name === '') issue('name', EINVOICE_BUYER_MESSAGES.nameRequired);
  else if (name.length > 300) issue('name', EINVOICE_BUYER_MESSAGES.nameTooLong);
  const tin = compact(input.tin);
  const kind = tinKind(tin);
  if (tin === '') issue('tin', EINVOICE_BUYER_MESSAGES.tinRequired);
  else if (kind === undefined) issue('tin', EINVOICE_BUYER_MESSAGES.tinInvalid);
  const idType = compact(input.id_type);
  const idValue = compact(input.id_value);
  const isIdType = (EINVOICE_ID_TYPES as readonly string[]).includes(idType);
  if (!isIdType) issue('id_type', EINVOICE_BUYER_MESSAGES.idTypeInvalid);
  if (idValue === '') issue('id_value', EINVOICE_BUYER_MESSAGES.idValueRequired);
  else if (idType === 'NRIC' && !/^\d{12}$/.test(idValue))
    issue('id_value', EINVOICE_BUYER_MESSAGES.nricInvalid);
  else if (idType === 'BRN' && !/^[A-Z0-9]{5,30}$/.test(idValue))
    issue('id_value', EINVOICE_BUYER_MESSAGES.brnInvalid);
  else if ((idType === 'PASSPORT' || idType === 'ARMY') && !/^[A-Z0-9]{5,20}$/.test(idValue))
    issue('id_value', EINVOICE_BUYER_MESSAGES.passportInvalid);
  if (kind === 'nonIndividual' && isIdType && idType !== 'BRN')
    issue('id_type', EINVOICE_BUYER_MESSAGES.businessNeedsBrn);
  const sstNo = text(input.sst_no).toUpperCase();
  if (sstNo !== '' && !/^[A-Z0-9-]{1,40}$/.test(sstNo)) issue('sst_no', EINVOICE_BUYER_MESSAGES.sstInvalid);
  const addressLine = text(input.address_line);
  if (addressLine === '') issue('address_line', EINVOICE_BUYER_MESSAGES.addressRequired);
  else if (addressLine.length > 150) issue('address_line', EINVOICE_BUYER_MESSAGES.addressTooLong);
  const city = text(input.city);
  if (city === '' || city.length > 50) issue('city', EINVOICE_BUYER_MESSAGES.cityRequired);
  const country = compact(input.country) || 'MYS';
  if (!/^[A-Z]{3}$/.test(country)) issue('country', EINVOICE_BUYER_MESSAGES.countryInvalid);
  const postcode = text(input.postcode);
  if (country === 'MYS' ? !/^\d{5}$/.test(postcode) : postcode.length > 10)
    issue('postcode', EINVOICE_BUYER_MESSAGES.postcodeInvalid);
  const stateCode = text(input.state_code);
  if (!STATE_CODE.test(stateCode)) issue('state_code', EINVOICE_BUYER_MESSAGES.stateInvalid);
  const phone = text(input.phone).replace(/[\s()-]/g, '');
  if (!/^\+?\d{8,15}$/.test(phone)) issue('phone', EINVOICE_BUYER_MESSAGES.phoneInvalid);
  const email = text(input.email).toLowerCase();
  if (email === '') {
    if (options.emailRequired !== false) issue('email', EINVOICE_BUYER_MESSAGES.emailRequired);
  } else if (!isEmail(email)) issue('email', EINVOICE_BUYER_MESSAGES.emailInvalid);
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    buyer: {
      name,
      tin,
      id_type: idType as EinvoiceIdType,
      id_value: idValue,
      sst_no: sstNo,
      address_line: addressLine,
      city,
      postcode,
      state_code: stateCode,
      country,
      phone,
      email,
    },
  };
}
