import type {
  EinvoiceIdentity,
  EinvoiceSettings,
  EinvoiceSettingsSetRequest,
  FieldIssue,
} from 'pos-sdk/contract';
import { recordAudit } from '../audit';
import type { EinvoiceConfig } from '../config';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { readVenueSettings } from '../venue';
import { describeCode, isCodeOf } from './codes/codeTable';
import { COUNTRY_CODES } from './codes/countryCodes';
import { MSIC_CODES } from './codes/msicCodes';
import { STATE_CODES } from './codes/stateCodes';
import type { EinvoiceSupplier } from './einvoiceInput';

/** The identity fields a MyInvois document needs (the SST number and email may be empty: "NA" and none). */
const REQUIRED: readonly (keyof EinvoiceIdentity)[] = [
  'tin',
  'brn',
  'msic_code',
  'activity',
  'address_line',
  'city',
  'postcode',
  'state_code',
  'country',
  'phone',
];

/** The venue's e-invoice identity as kept; '' where not set (country MYS). */
export async function readEinvoiceIdentity(db: Db, store: string): Promise<EinvoiceIdentity> {
  const row = await db
    .selectFrom('einvoice_settings')
    .selectAll()
    .where('store', '=', store)
    .executeTakeFirst();
  const venue = await db
    .selectFrom('venue_settings')
    .select('sst_registration_no')
    .where('store', '=', store)
    .executeTakeFirst();
  return {
    tin: row?.tin ?? '',
    brn: row?.brn ?? '',
    sst_registration_no: venue?.sst_registration_no ?? '',
    msic_code: row?.msic_code ?? '',
    activity: row?.activity ?? '',
    address_line: row?.address_line ?? '',
    city: row?.city ?? '',
    postcode: row?.postcode ?? '',
    state_code: row?.state_code ?? '',
    country: row?.country ?? 'MYS',
    phone: row?.phone ?? '',
    email: row?.email ?? '',
  };
}

/**
 * The e-invoice settings a manager sees: the identity, and what the server's environment configured, never its
 * values (the client secret and the key stay in the environment).
 */
export async function readEinvoiceSettings(
  db: Db,
  options: { store: string; timeZone: string; einvoice: EinvoiceConfig | undefined },
): Promise<EinvoiceSettings> {
  const identity = await readEinvoiceIdentity(db, options.store);
  const venue = await readVenueSettings(db, { store: options.store, timeZone: options.timeZone });
  const { einvoice } = options;
  return {
    ...identity,
    supplier_name: venue.name,
    msic_description:
      identity.msic_code === '' ? null : (describeCode(MSIC_CODES, identity.msic_code) ?? null),
    environment: einvoice?.environment ?? null,
    credentials_configured:
      einvoice !== undefined && einvoice.clientId !== '' && einvoice.clientSecret !== '',
    signing_key_configured:
      einvoice !== undefined && (einvoice.signing.keyFile !== '' || Boolean(einvoice.signing.pkcs12File)),
    missing: missingIdentity(identity, venue.name),
    request_days: await readRequestDays(db, options.store),
  };
}

/** Days a sale's e-invoice request page stays open; null: until the month's consolidated e-invoice is queued. */
export async function readRequestDays(db: Db, store: string): Promise<number | null> {
  const row = await db
    .selectFrom('einvoice_settings')
    .select('request_days')
    .where('store', '=', store)
    .executeTakeFirst();
  return row?.request_days === null || row?.request_days === undefined ? null : Number(row.request_days);
}

/** The identity fields a document still needs ('name' for the venue's name). */
export function missingIdentity(identity: EinvoiceIdentity, name: string): string[] {
  return [...(name.trim() === '' ? ['name'] : []), ...REQUIRED.filter((field) => identity[field] === '')];
}

/** Each format rule of the identity, with the message a manager sees. */
const RULES: readonly [keyof EinvoiceIdentity, (value: string) => boolean, string][] = [
  [
    'tin',
    (v) => /^[A-Z]{1,2}\d{8,12}$/.test(v),
    "must be LHDN's TIN: letters then digits, e.g. C20830570210",
  ],
  ['brn', (v) => /^[A-Za-z0-9-]{5,30}$/.test(v), 'must be the SSM registration number, e.g. 202005123456'],
  [
    'msic_code',
    (v) => isCodeOf(MSIC_CODES, v),
    'must be an MSIC code of the table, e.g. 93118 (Fitness centres)',
  ],
  ['postcode', (v) => /^\d{5}$/.test(v), 'must be 5 digits'],
  [
    'state_code',
    (v) => isCodeOf(STATE_CODES, v),
    'must be a MyInvois state code, 01 to 17 (14 Kuala Lumpur)',
  ],
  ['country', (v) => isCodeOf(COUNTRY_CODES, v), 'must be MYS (or SGP)'],
  ['phone', (v) => /^\+?\d{8,15}$/.test(v), 'must be a phone number such as +60321234567'],
  ['email', (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'must be an email address'],
];

/**
 * Changes the venue's e-invoice identity (a manager's). Each given field is checked ('' clears it): the TIN's and
 * phone's forms, the MSIC, state and country codes against LHDN's tables. The SST number is the venue's setting.
 *
 * @throws HttpProblem 400 naming every wrong field.
 */
export async function setEinvoiceIdentity(
  trx: Db,
  store: string,
  changes: EinvoiceSettingsSetRequest,
  actor: { staffId: string; now: Date },
): Promise<void> {
  const issues: FieldIssue[] = [];
  const normalised: Partial<EinvoiceIdentity> = {};
  const { request_days: requestDays, ...identityChanges } = changes;
  for (const [field, value] of Object.entries(identityChanges) as [
    keyof EinvoiceIdentity,
    string | undefined,
  ][]) {
    if (value === undefined) continue;
    const text = field === 'tin' || field === 'country' ? value.trim().toUpperCase() : value.trim();
    normalised[field] = text;
  }
  for (const [field, isValid, message] of RULES) {
    const value = normalised[field];
    if (value !== undefined && value !== '' && !isValid(value)) issues.push({ path: field, message });
  }
  if (issues.length > 0) {
    throw HttpProblem.invalidRequest(
      `Invalid e-invoice settings: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
      issues,
    );
  }
  const { sst_registration_no: sst, ...identity } = normalised;
  const own = { ...identity, ...(requestDays === undefined ? {} : { request_days: requestDays }) };
  if (sst !== undefined || Object.keys(own).length > 0) {
    const before = await trx
      .selectFrom('einvoice_settings')
      .selectAll()
      .where('store', '=', store)
      .executeTakeFirst();
    const { updated_at: _at, updated_by: _by, store: _store, ...was } = before ?? {};
    await recordAudit(trx, {
      action: 'einvoice.identity_updated',
      staffId: actor.staffId,
      terminalId: null,
      at: actor.now,
      details: {
        changes: { ...own, ...(sst === undefined ? {} : { sst_registration_no: sst }) },
        before: was,
      },
    });
  }
  if (sst !== undefined) {
    await trx
      .updateTable('venue_settings')
      .set({ sst_registration_no: sst, updated_at: actor.now.toISOString(), updated_by: actor.staffId })
      .where('store', '=', store)
      .execute();
  }
  if (Object.keys(own).length === 0) return;
  const at = actor.now.toISOString();
  await trx
    .insertInto('einvoice_settings')
    .values({ store, ...own, updated_at: at, updated_by: actor.staffId })
    .onConflict((oc) => oc.column('store').doUpdateSet({ ...own, updated_at: at, updated_by: actor.staffId }))
    .execute();
}

/**
 * The supplier of the venue's documents, from its identity and name.
 *
 * @throws HttpProblem 409 naming what is missing ('pos einvoice settings set').
 */
export async function readSupplier(
  db: Db,
  options: { store: string; timeZone: string },
): Promise<EinvoiceSupplier> {
  const identity = await readEinvoiceIdentity(db, options.store);
  const venue = await readVenueSettings(db, options);
  const missing = missingIdentity(identity, venue.name);
  if (missing.length > 0) {
    throw HttpProblem.conflict(
      `The venue's e-invoice identity is missing ${missing.join(', ')}: set it with pos einvoice settings set`,
      { missing },
    );
  }
  return {
    name: venue.name,
    tin: identity.tin,
    brn: identity.brn,
    ...(identity.sst_registration_no === '' ? {} : { sstNo: identity.sst_registration_no }),
    msic: { code: identity.msic_code, description: identity.activity },
    address: {
      lines: [identity.address_line],
      city: identity.city,
      postcode: identity.postcode,
      state: identity.state_code as EinvoiceSupplier['address']['state'],
      country: identity.country,
    },
    phone: identity.phone,
    ...(identity.email === '' ? {} : { email: identity.email }),
  };
}
