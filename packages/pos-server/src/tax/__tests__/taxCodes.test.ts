import type { CatalogList, TaxCode, VenueSettings } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

describeOnEngines('tax codes', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
  });
  afterAll(async () => {
    await t.close();
  });

  const SST8: TaxCode = { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' };

  it('a new venue has none and sells as before; a manager adds and changes codes, anyone reads them', async () => {
    expect((await t.post(cashier, '/v1/admin/tax/list', {})).json()).toEqual([]);
    expect((await t.post(cashier, '/v1/admin/tax/set', { code: SST8 })).statusCode).toBe(403);
    expect((await t.post(manager, '/v1/admin/tax/set', { code: SST8 })).json()).toEqual([SST8]);
    const six = { code: 'SST6', name: 'Service tax 6%', rate_bp: 600, type: '02' };
    await t.post(manager, '/v1/admin/tax/set', { code: six });
    const changed = await t.post(manager, '/v1/admin/tax/set', { code: { ...six, name: 'F&B 6%' } });
    expect(changed.json<TaxCode[]>().map((code) => code.name)).toEqual(['F&B 6%', 'Service tax 8%']);
    expect((await t.post(cashier, '/v1/admin/tax/list', {})).json()).toHaveLength(2);
    const bad = await t.post(manager, '/v1/admin/tax/set', { code: { ...SST8, rate_bp: 8.5 } });
    expect(bad.statusCode).toBe(400);
    expect((await t.post(manager, '/v1/admin/tax/set', { code: { ...SST8, type: '03' } })).statusCode).toBe(
      400,
    );
  });

  it('a catalogue variant names a code of the venue; an unknown code is refused in words', async () => {
    const edited = await t.post(manager, '/v1/admin/catalog/edit', {
      sku: 'DAY-ADULT',
      changes: { tax_code: 'SST8' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<CatalogList>().items.find((item) => item.sku === 'DAY-ADULT')?.tax_code).toBe('SST8');
    const unknown = await t.post(manager, '/v1/admin/catalog/edit', {
      sku: 'GRIP-M',
      changes: { tax_code: 'VAT' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: 'No tax code VAT: add it first with pos tax set' });
    const exported = await t.post(manager, '/v1/admin/catalog/export', { format: 'csv' });
    const csv = exported.json<{ content: string }>().content;
    expect(csv.split('\n')[0]).toMatch(/,tax_code$/);
    expect(csv).toMatch(/\nPASS,DAY-ADULT,.*,SST8\n/);
  });

  it('a code in use is not removed; an unused one is', async () => {
    const inUse = await t.post(manager, '/v1/admin/tax/remove', { code: 'SST8' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      message: 'Tax code SST8 is used by DAY-ADULT: give them another code first',
    });
    expect((await t.post(manager, '/v1/admin/tax/remove', { code: 'SST6' })).json()).toEqual([SST8]);
    expect((await t.post(manager, '/v1/admin/tax/remove', { code: 'SST6' })).statusCode).toBe(404);
  });

  it('the venue says whether its prices hold their tax, and its SST registration number', async () => {
    const before = (await t.post(cashier, '/v1/admin/venue', {})).json<VenueSettings>();
    expect(before).toMatchObject({ prices_include_tax: true, sst_registration_no: '' });
    const set = await t.post(manager, '/v1/admin/settings/set', {
      prices_include_tax: false,
      sst_registration_no: 'W10-1808-32000123',
    });
    expect(set.json()).toMatchObject({ prices_include_tax: false, sst_registration_no: 'W10-1808-32000123' });
    expect((await t.post(cashier, '/v1/admin/venue', {})).json()).toMatchObject({
      prices_include_tax: false,
    });
  });
});
