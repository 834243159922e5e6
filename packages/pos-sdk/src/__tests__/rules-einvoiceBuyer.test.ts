import { describe, expect, it } from 'vitest';
import { sen } from '../money';
import {
  checkEinvoiceBuyer,
  EINVOICE_CANCEL_WINDOW_MS,
  EINVOICE_ID_TYPES,
  EINVOICE_STATES,
  einvoiceCancelDeadline,
  INDIVIDUAL_EINVOICE_ABOVE,
  inEinvoiceCancelWindow,
  EINVOICE_BUYER_MESSAGES as M,
  needsOwnEinvoice,
  tinKind,
} from '../rules';

const PERSON = {
  name: ' Aminah binti Hassan ',
  tin: 'ig 12345678901',
  id_type: 'nric',
  id_value: '900101-14-5678',
  address_line: '12 Jalan Ampang',
  city: 'Kuala Lumpur',
  postcode: '50450',
  state_code: '14',
  phone: '+60 12-345 6789',
  email: 'Aminah@Example.com',
};

describe('checkEinvoiceBuyer', () => {
  it("takes LHDN's TIN forms: a person's IG, a business's prefix ending in 0, the general TINs", () => {
    expect(tinKind('IG115002000')).toBe('individual');
    expect(tinKind('IG56003500070')).toBe('individual');
    expect(tinKind('IG123456789012')).toBe('individual'); // 14 characters, the most
    expect(tinKind('IG1234567890123')).toBeUndefined();
    expect(tinKind('C20880050010')).toBe('nonIndividual');
    expect(tinKind('D4800990020')).toBe('nonIndividual');
    expect(tinKind('CS1234567890')).toBe('nonIndividual');
    expect(tinKind('C01234567890')).toBeUndefined(); // a leading zero after the prefix
    expect(tinKind('C123456789')).toBeUndefined(); // a business's TIN ends in 0
    expect(tinKind('EI00000000010')).toBe('general');
    expect(tinKind('EI00000000050')).toBeUndefined();
    expect(tinKind('X1234567890')).toBeUndefined();
  });

  it('answers the details trimmed, in capitals, the NRIC and phone without separators', () => {
    const checked = checkEinvoiceBuyer(PERSON);
    expect(checked).toEqual({
      ok: true,
      buyer: {
        name: 'Aminah binti Hassan',
        tin: 'IG12345678901',
        id_type: 'NRIC',
        id_value: '900101145678',
        sst_no: '',
        address_line: '12 Jalan Ampang',
        city: 'Kuala Lumpur',
        postcode: '50450',
        state_code: '14',
        country: 'MYS',
        phone: '+60123456789',
        email: 'aminah@example.com',
      },
    });
  });

  it('names every problem in words, with its field', () => {
    const checked = checkEinvoiceBuyer({
      tin: 'C20830570210',
      id_type: 'NRIC',
      id_value: '1234',
      postcode: '504',
      state_code: '18',
      phone: '12',
      email: 'nope',
    });
    expect(checked).toEqual({
      ok: false,
      issues: [
        { path: 'name', message: M.nameRequired },
        { path: 'id_value', message: M.nricInvalid },
        { path: 'id_type', message: M.businessNeedsBrn },
        { path: 'address_line', message: M.addressRequired },
        { path: 'city', message: M.cityRequired },
        { path: 'postcode', message: M.postcodeInvalid },
        { path: 'state_code', message: M.stateInvalid },
        { path: 'phone', message: M.phoneInvalid },
        { path: 'email', message: M.emailInvalid },
      ],
    });
    const empty = checkEinvoiceBuyer({});
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.issues.map((issue) => issue.message)).toEqual(
        expect.arrayContaining([M.tinRequired, M.idTypeInvalid, M.idValueRequired, M.emailRequired]),
      );
    }
  });

  it('leaves the email optional at checkout, and takes a passport with a foreign address', () => {
    const foreign = checkEinvoiceBuyer(
      {
        ...PERSON,
        tin: 'EI00000000020',
        id_type: 'PASSPORT',
        id_value: 'K1234567',
        country: 'sgp',
        postcode: '018956',
        state_code: '17',
        email: '',
      },
      { emailRequired: false },
    );
    expect(foreign.ok && foreign.buyer).toMatchObject({ country: 'SGP', email: '', id_value: 'K1234567' });
    expect(checkEinvoiceBuyer({ ...PERSON, email: '' }).ok).toBe(false);
  });

  /** The problems of the person's details with some fields changed. */
  const problemsOf = (changes: Record<string, string>, options?: { emailRequired?: boolean }) => {
    const checked = checkEinvoiceBuyer({ ...PERSON, ...changes }, options);
    return checked.ok ? [] : checked.issues;
  };
  const only = (path: string, message: string) => [{ path, message }];

  it.each([
    [{ name: '' }, 'name', M.nameRequired],
    [{ name: 'x'.repeat(301) }, 'name', M.nameTooLong],
    [{ tin: '' }, 'tin', M.tinRequired],
    [{ tin: 'X1' }, 'tin', M.tinInvalid],
    [{ id_type: 'X', id_value: 'AB1' }, 'id_type', M.idTypeInvalid],
    [{ id_value: '' }, 'id_value', M.idValueRequired],
    [{ id_value: '9001011456789' }, 'id_value', M.nricInvalid],
    [{ id_value: 'A90010114567' }, 'id_value', M.nricInvalid],
    [{ id_type: 'BRN', id_value: 'AB1' }, 'id_value', M.brnInvalid],
    [{ id_type: 'BRN', id_value: '1'.repeat(31) }, 'id_value', M.brnInvalid],
    [{ id_type: 'BRN', id_value: 'AB#12345' }, 'id_value', M.brnInvalid],
    [{ id_type: 'BRN', id_value: '12345#' }, 'id_value', M.brnInvalid],
    [{ id_type: 'PASSPORT', id_value: 'AB1' }, 'id_value', M.passportInvalid],
    [{ id_type: 'ARMY', id_value: 'AB1' }, 'id_value', M.passportInvalid],
    [{ id_type: 'PASSPORT', id_value: 'K'.repeat(21) }, 'id_value', M.passportInvalid],
    [{ id_type: 'PASSPORT', id_value: 'K#1234567' }, 'id_value', M.passportInvalid],
    [{ id_type: 'ARMY', id_value: '1234567#' }, 'id_value', M.passportInvalid],
    [{ tin: 'C20830570210', id_type: 'PASSPORT', id_value: 'K1234567' }, 'id_type', M.businessNeedsBrn],
    [{ sst_no: 'W10#1808' }, 'sst_no', M.sstInvalid],
    [{ sst_no: '#W10' }, 'sst_no', M.sstInvalid],
    [{ sst_no: 'W'.repeat(41) }, 'sst_no', M.sstInvalid],
    [{ address_line: '' }, 'address_line', M.addressRequired],
    [{ address_line: 'a'.repeat(151) }, 'address_line', M.addressTooLong],
    [{ city: '' }, 'city', M.cityRequired],
    [{ city: 'c'.repeat(51) }, 'city', M.cityRequired],
    [{ postcode: '504501' }, 'postcode', M.postcodeInvalid],
    [{ postcode: '5045' }, 'postcode', M.postcodeInvalid],
    [{ country: 'SGP', postcode: '1'.repeat(11) }, 'postcode', M.postcodeInvalid],
    [{ country: 'MY' }, 'country', M.countryInvalid],
    [{ country: 'MYSX' }, 'country', M.countryInvalid],
    [{ country: '1MYS' }, 'country', M.countryInvalid],
    [{ state_code: '18' }, 'state_code', M.stateInvalid],
    [{ state_code: '00' }, 'state_code', M.stateInvalid],
    [{ state_code: '014' }, 'state_code', M.stateInvalid],
    [{ state_code: '140' }, 'state_code', M.stateInvalid],
    [{ phone: '1234567' }, 'phone', M.phoneInvalid],
    [{ phone: '+6012345678901234' }, 'phone', M.phoneInvalid],
    [{ phone: 'x60123456789' }, 'phone', M.phoneInvalid],
    [{ phone: '60123456789x' }, 'phone', M.phoneInvalid],
    [{ email: '' }, 'email', M.emailRequired],
  ])('%o: %s', (changes, path, message) => {
    expect(problemsOf(changes)).toEqual(only(path, message));
  });

  it('takes the limits themselves, a business with its BRN, and a phone without +', () => {
    expect(problemsOf({ name: 'x'.repeat(300) })).toEqual([]);
    expect(problemsOf({ address_line: 'a'.repeat(150) })).toEqual([]);
    expect(problemsOf({ city: 'c'.repeat(50) })).toEqual([]);
    expect(problemsOf({ country: 'SGP', postcode: '1'.repeat(10) })).toEqual([]);
    expect(problemsOf({ tin: 'C20830570210', id_type: 'BRN', id_value: '202005123456' })).toEqual([]);
    expect(problemsOf({ id_type: 'ARMY', id_value: 'T1234567' })).toEqual([]);
    expect(problemsOf({ id_type: 'BRN', id_value: '1'.repeat(30) })).toEqual([]);
    expect(problemsOf({ state_code: '01' })).toEqual([]);
    expect(problemsOf({ state_code: '17' })).toEqual([]);
    const plain = checkEinvoiceBuyer({ ...PERSON, phone: '60123456789', sst_no: 'w10-1808-32000001' });
    expect(plain.ok && plain.buyer).toMatchObject({ phone: '60123456789', sst_no: 'W10-1808-32000001' });
  });

  it('reads only whole TINs of the forms: nothing before or after, no prefix missing', () => {
    expect(tinKind('AIG123456789')).toBeUndefined();
    expect(tinKind('IG123456789X')).toBeUndefined();
    expect(tinKind('XEI00000000010')).toBeUndefined();
    expect(tinKind('EI000000000100')).toBeUndefined();
    expect(tinKind('12345678900')).toBeUndefined();
    expect(tinKind('XC20880050010')).toBeUndefined();
    for (const prefix of ['C', 'CS', 'D', 'E', 'F', 'FA', 'PT', 'TA', 'TC', 'TN', 'TR', 'TP', 'J', 'LE']) {
      expect(tinKind(`${prefix}20880050010`)).toBe('nonIndividual');
    }
  });

  it('says each problem in these words', () => {
    expect(M).toEqual({
      nameRequired: 'Enter the name on the e-invoice (a person or a business)',
      nameTooLong: 'The name is at most 300 characters',
      tinRequired: 'Enter your tax identification number (TIN)',
      tinInvalid:
        "The TIN is not in LHDN's form: IG and 9 to 12 digits for a person (e.g. IG12345678901), or a business's prefix (C, CS, D, E, F, FA, PT, TA, TC, TN, TR, TP, J or LE) and its digits, without leading zeros and ending in 0 (e.g. C20830570210)",
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
    });
    expect(EINVOICE_ID_TYPES).toEqual(['NRIC', 'PASSPORT', 'BRN', 'ARMY']);
  });

  it('gives a sale its own e-invoice above RM 10,000 only (the amount the customer pays, in sen)', () => {
    expect(INDIVIDUAL_EINVOICE_ABOVE).toBe(1_000_000);
    expect(needsOwnEinvoice(sen(1_000_000))).toBe(false);
    expect(needsOwnEinvoice(sen(1_000_001))).toBe(true);
    expect(needsOwnEinvoice(sen(0))).toBe(false);
  });

  it("names LHDN's 17 state codes, each of which the buyer check takes", () => {
    expect(EINVOICE_STATES.map(([code]) => code)).toEqual(
      Array.from({ length: 17 }, (_, index) => String(index + 1).padStart(2, '0')),
    );
    // LHDN's table (https://sdk.myinvois.hasil.gov.my/codes/state-codes/), name by name.
    expect(EINVOICE_STATES.map(([, name]) => name)).toEqual([
      'Johor',
      'Kedah',
      'Kelantan',
      'Melaka',
      'Negeri Sembilan',
      'Pahang',
      'Pulau Pinang',
      'Perak',
      'Perlis',
      'Selangor',
      'Terengganu',
      'Sabah',
      'Sarawak',
      'Kuala Lumpur',
      'Labuan',
      'Putrajaya',
      'Not applicable',
    ]);
    for (const [code] of EINVOICE_STATES) {
      const checked = checkEinvoiceBuyer({ ...PERSON, state_code: code });
      expect(checked.ok).toBe(true);
    }
  });
});

describe('the cancel window of an e-invoice (MyInvois: 72 hours after its validation)', () => {
  it('is open up to and at 72 hours after the validation, closed a millisecond later', () => {
    const validated = '2026-11-29T01:00:00.000Z';
    expect(EINVOICE_CANCEL_WINDOW_MS).toBe(259_200_000);
    expect(einvoiceCancelDeadline(validated).toISOString()).toBe('2026-12-02T01:00:00.000Z');
    expect(inEinvoiceCancelWindow(validated, new Date('2026-11-29T01:00:00.000Z'))).toBe(true);
    expect(inEinvoiceCancelWindow(validated, new Date('2026-12-02T01:00:00.000Z'))).toBe(true);
    expect(inEinvoiceCancelWindow(validated, new Date('2026-12-02T01:00:00.001Z'))).toBe(false);
  });
});
