import { sql } from 'kysely';
import type { VenueSettings } from 'pos-sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finishedOrWaitingFor, firstWaiterOf, withLockHeld } from './support/pgLocks';
import {
  CASHIER,
  createTestApp,
  MANAGER,
  PG_TEST_URL,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

const TIME_ZONE_WHILE_SHIFT_OPEN =
  'The time zone cannot change while a shift is open: end every open shift first';

/**
 * Venue-settings saves racing each other and start_shift on PostgreSQL (READ COMMITTED), made deterministic: the test
 * holds a lock from its own transaction, starts a call so that it waits there, sends the competing call, then lets go.
 */
describe.skipIf(PG_TEST_URL === undefined)('venue settings saved at the same moment [postgres]', () => {
  let t: TestApp;
  let manager: TestSession;
  let otherManager: TestSession;
  let cashier: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    manager = await t.signIn(MANAGER);
    otherManager = await t.signIn(MANAGER);
    cashier = await t.signIn(CASHIER);
    // The store's settings row exists from here (the first save writes it).
    const saved = await t.post(manager, '/v1/admin/settings/set', { name: 'Demo Climbing Gym' });
    if (saved.statusCode !== 200) throw new Error(`settings/set: ${saved.body}`);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => {
    // Every test starts with no open shift and the venue in Kuala Lumpur.
    await t.post(cashier, '/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 });
    await t.post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Kuala_Lumpur' });
  });

  const holdSettingsRow = sql`select store from venue_settings for update`;
  const venue = async (): Promise<VenueSettings> => (await t.post(cashier, '/v1/admin/venue')).json();
  const openShifts = async () =>
    t.db.selectFrom('shifts').select(['id', 'terminal_id']).where('closed_at', 'is', null).execute();

  it('keeps both changes when two managers save different fields at once', async () => {
    const { footer, phone } = await withLockHeld(t.db, holdSettingsRow, async (holder) => {
      const footer = t.post(manager, '/v1/admin/settings/set', { receipt_footer: 'See you on the wall!' });
      const footerBackend = await firstWaiterOf(t.db, holder);
      const phone = t.post(otherManager, '/v1/admin/settings/set', { phone: '+60 3-1234 5678' });
      // The phone save waits behind the footer save (or the test's lock) before the test lets go.
      await firstWaiterOf(t.db, holder, footerBackend);
      return { footer, phone };
    });
    const [footerAnswer, phoneAnswer] = await Promise.all([footer, phone]);
    expect(footerAnswer.statusCode).toBe(200);
    expect(phoneAnswer.statusCode).toBe(200);
    // The later save answers the settings with both changes.
    expect(phoneAnswer.json()).toMatchObject({
      receipt_footer: 'See you on the wall!',
      phone: '+60 3-1234 5678',
    });
    expect(await venue()).toMatchObject({
      name: 'Demo Climbing Gym',
      receipt_footer: 'See you on the wall!',
      phone: '+60 3-1234 5678',
      time_zone: 'Asia/Kuala_Lumpur',
    });
  });

  /**
   * The zone change waits at the settings row (held by the test) while start_shift runs. start_shift either opens
   * its shift at once (then the zone change must find it and be refused) or waits for the zone change to commit.
   */
  it('never leaves a shift open across a time-zone change: start_shift while the change waits at the settings row', async () => {
    const { zone, start, startFinishedFirst } = await withLockHeld(t.db, holdSettingsRow, async (holder) => {
      const zone = t.post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Singapore' });
      const zoneBackend = await firstWaiterOf(t.db, holder);
      const start = t.post(cashier, '/v1/admin/start_shift');
      const startFinishedFirst = await finishedOrWaitingFor(t.db, start, zoneBackend);
      return { zone, start, startFinishedFirst };
    });
    const [zoneAnswer, startAnswer] = await Promise.all([zone, start]);
    expect(startAnswer.statusCode).toBe(200);
    if (startFinishedFirst) {
      // The shift was open before the zone change committed: the change is refused.
      expect(zoneAnswer.json()).toMatchObject({ message: TIME_ZONE_WHILE_SHIFT_OPEN });
      expect(zoneAnswer.statusCode).toBe(409);
      expect((await venue()).time_zone).toBe('Asia/Kuala_Lumpur');
    } else {
      // start_shift waited for the zone change: the shift opens in the new zone.
      expect(zoneAnswer.statusCode).toBe(200);
      expect((await venue()).time_zone).toBe('Asia/Singapore');
    }
    expect(await openShifts()).toHaveLength(1);
  });

  /**
   * The zone change is held after its check of open shifts, at its audit entry (whose staff reference waits for the
   * manager's staff row, held by the test), while start_shift runs: start_shift must wait for the change to commit.
   */
  it('never leaves a shift open across a time-zone change: start_shift after the change has checked for open shifts', async () => {
    const { zone, start, startFinishedFirst } = await withLockHeld(
      t.db,
      sql`select id from staff where email = ${MANAGER} for update`,
      async (holder) => {
        const zone = t.post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Singapore' });
        const zoneBackend = await firstWaiterOf(t.db, holder);
        const start = t.post(cashier, '/v1/admin/start_shift');
        const startFinishedFirst = await finishedOrWaitingFor(t.db, start, zoneBackend);
        return { zone, start, startFinishedFirst };
      },
    );
    const [zoneAnswer, startAnswer] = await Promise.all([zone, start]);
    expect(startAnswer.statusCode).toBe(200);
    // The zone change had already found no open shift: start_shift must not open one under it.
    expect(
      startFinishedFirst,
      'start_shift opened a shift before the zone change (past its check) committed',
    ).toBe(false);
    expect(zoneAnswer.statusCode).toBe(200);
    expect((await venue()).time_zone).toBe('Asia/Singapore');
    expect(await openShifts()).toHaveLength(1);
  });
});
