import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VenueSettings } from '../contract';
import { memoryStorage } from '../storage/memoryStorage';
import { shiftWith } from './support/fixtures';
import { createTestPos, server, signedInStorage } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const VENUE: VenueSettings = {
  name: 'Demo Climbing Gym',
  address: '12 Jalan Ampang, Kuala Lumpur',
  registration_no: '202601234567',
  phone: '+60 3-2161 0000',
  receipt_footer: 'See you on the wall!',
  time_zone: 'Asia/Kuala_Lumpur',
  currency_display: 'MYR',
  hold_min_days: 7,
  hold_max_days: 90,
  stock_below_zero: 'allow',
  prices_include_tax: true,
  sst_registration_no: '',
  tax_codes: [],
  variance_alert: 5,
  blind_count: false,
  hold_fee_sku: '',
};

describe('services venue', () => {
  it('loads the venue settings, keeps them in storage, and every printed document carries them', async () => {
    const storage = signedInStorage();
    const { pos, driver } = createTestPos({ storage });
    const scope = server().post('/v1/admin/venue', {}).reply(200, VENUE);
    expect(await pos.venue.load()).toEqual(VENUE);
    scope.done();
    expect(pos.venue.settings.value).toEqual(VENUE);
    expect(JSON.parse(storage.get('pos.venue') ?? 'null')).toEqual(VENUE);

    server().post('/v1/admin/start_shift').reply(200, shiftWith([]));
    await pos.shift.start();
    server()
      .post('/v1/admin/set_float')
      .reply(200, shiftWith([100]));
    await pos.shift.setFloat('100');
    const [slip] = driver.printedTexts();
    const lines = (slip ?? '').split('\n').map((line) => line.trim());
    expect(lines.slice(0, 5)).toEqual([
      'Demo Climbing Gym',
      '12 Jalan Ampang, Kuala Lumpur',
      'Reg. No. 202601234567',
      'Tel +60 3-2161 0000',
      'FLOAT',
    ]);
    expect(slip).toContain('MYR 100.00');
  });

  it("gives the venue's time zone as the configured one once loaded, so clients format dates as the services count days", async () => {
    const { pos } = createTestPos({ storage: signedInStorage(), timeZone: 'Asia/Kuala_Lumpur' });
    expect(pos.config.timeZone).toBe('Asia/Kuala_Lumpur');
    server()
      .post('/v1/admin/venue', {})
      .reply(200, { ...VENUE, time_zone: 'Europe/Berlin' });
    await pos.venue.load();
    expect(pos.config.timeZone).toBe('Europe/Berlin');
  });

  it('restores the settings a previous run loaded, so a reload prints the same header at once', () => {
    const storage = memoryStorage({ ...Object.fromEntries([['pos.venue', JSON.stringify(VENUE)]]) });
    const { pos } = createTestPos({ storage });
    expect(pos.venue.settings.value).toEqual(VENUE);
  });

  it('ignores stored settings that are not venue settings, and shows a failed load as an error notice', async () => {
    const { pos } = createTestPos({ storage: memoryStorage({ 'pos.venue': '{"name":1}' }) });
    expect(pos.venue.settings.value).toBeNull();
    server().post('/v1/admin/venue').reply(500, { message: 'boom', code: 'server_error' });
    await expect(pos.venue.load()).rejects.toMatchObject({ name: 'PosError', code: 'server_error' });
    expect(pos.notices.items.value.at(-1)).toMatchObject({ kind: 'error' });
  });
});
