import { describe, expect, it } from 'vitest';
import { checkEinvoiceBuyer, EINVOICE_BUYER_MESSAGES as M, tinKind } from '../rules';

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
});
