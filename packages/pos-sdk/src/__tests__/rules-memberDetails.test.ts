import { describe, expect, it } from 'vitest';
import { validateMemberDetails } from '../rules/memberDetails';

const now = '2026-11-22T04:00:00.000Z';
const valid = {
  name: 'Ada Member',
  email: 'ada@example.com',
  country_code: '60',
  phone: '123456789',
  dob: '1990-05-01',
};

describe('rules memberDetails', () => {
  it('accepts a complete member and shapes it like the spec member (phone with country code)', () => {
    expect(validateMemberDetails(valid, { now })).toEqual({
      ok: true,
      value: {
        name: 'Ada Member',
        email: 'ada@example.com',
        phone: { country_code: '60', number: '123456789' },
        dob: '1990-05-01',
      },
    });
  });

  it("says 'Name is required!', 'Please input your E-mail!', 'Country code is required', 'Phone number is required' and 'Please select a date!' for empty fields", () => {
    const result = validateMemberDetails(
      { name: ' ', email: '', country_code: '', phone: '', dob: '' },
      { now },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Name is required!',
        email: 'Please input your E-mail!',
        country_code: 'Country code is required',
        phone: 'Phone number is required',
        dob: 'Please select a date!',
      },
    });
  });

  it("says 'The input is not valid E-mail!' and 'Only numbers allowed' for a bad email and phone", () => {
    const result = validateMemberDetails({ ...valid, email: 'ada@', phone: '12-34' }, { now });
    expect(result).toMatchObject({
      ok: false,
      errors: { email: 'The input is not valid E-mail!', phone: 'Only numbers allowed' },
    });
  });

  it('refuses a birth date in the future of the venue day, and accepts today (00:30 local)', () => {
    // 00:30 on 23 Nov in Kuala Lumpur is still 22 Nov in UTC.
    const justAfterMidnight = '2026-11-22T16:30:00.000Z';
    expect(validateMemberDetails({ ...valid, dob: '2026-11-23' }, { now: justAfterMidnight })).toMatchObject({
      ok: true,
    });
    expect(validateMemberDetails({ ...valid, dob: '2026-11-24' }, { now: justAfterMidnight })).toMatchObject({
      ok: false,
      errors: { dob: 'Birth date cannot be in the future' },
    });
  });

  it('offers only country code 60 (+60 is read as 60)', () => {
    expect(validateMemberDetails({ ...valid, country_code: '+60' }, { now })).toMatchObject({ ok: true });
    expect(validateMemberDetails({ ...valid, country_code: '65' }, { now })).toMatchObject({
      ok: false,
      errors: { country_code: 'Only country code 60 is supported' },
    });
  });

  it("says 'Name is required!' and the other required messages when fields are null or undefined", () => {
    const required = {
      ok: false,
      errors: {
        name: 'Name is required!',
        email: 'Please input your E-mail!',
        country_code: 'Country code is required',
        phone: 'Phone number is required',
        dob: 'Please select a date!',
      },
    };
    expect(
      validateMemberDetails({ name: null, email: null, country_code: null, phone: null, dob: null }, { now }),
    ).toEqual(required);
    expect(
      validateMemberDetails(
        { name: undefined, email: undefined, country_code: undefined, phone: undefined, dob: undefined },
        { now },
      ),
    ).toEqual(required);
  });

  it('takes a birth date given as a Date or an instant as its date in the venue time zone', () => {
    // 16:30 UTC on 1 May is 00:30 on 2 May in Kuala Lumpur.
    const dob = new Date('1990-05-01T16:30:00.000Z');
    expect(validateMemberDetails({ ...valid, dob }, { now })).toMatchObject({
      ok: true,
      value: { dob: '1990-05-02' },
    });
    expect(validateMemberDetails({ ...valid, dob: dob.toISOString() }, { now })).toMatchObject({
      ok: true,
      value: { dob: '1990-05-02' },
    });
    expect(validateMemberDetails({ ...valid, dob }, { now, timeZone: 'UTC' })).toMatchObject({
      ok: true,
      value: { dob: '1990-05-01' },
    });
    expect(validateMemberDetails({ ...valid, dob: new Date(Number.NaN) }, { now })).toMatchObject({
      ok: false,
      errors: { dob: 'Please select a date!' },
    });
  });

  it('judges the future in the venue time zone it is given', () => {
    // 20:00 UTC on 22 Nov: 23 Nov in Kuala Lumpur, still 22 Nov in UTC.
    const evening = '2026-11-22T20:00:00.000Z';
    expect(validateMemberDetails({ ...valid, dob: '2026-11-23' }, { now: evening }).ok).toBe(true);
    expect(
      validateMemberDetails({ ...valid, dob: '2026-11-23' }, { now: evening, timeZone: 'UTC' }),
    ).toMatchObject({
      ok: false,
      errors: { dob: 'Birth date cannot be in the future' },
    });
  });

  it("reads only a leading + of the country code: '6+0' is not 60", () => {
    expect(validateMemberDetails({ ...valid, country_code: '6+0' }, { now })).toMatchObject({
      ok: false,
      errors: { country_code: 'Only country code 60 is supported' },
    });
    expect(validateMemberDetails({ ...valid, country_code: 60 }, { now })).toMatchObject({
      ok: true,
      value: { phone: { country_code: '60' } },
    });
  });
});
