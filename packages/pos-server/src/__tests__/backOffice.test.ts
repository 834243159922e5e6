import {
  type CartItem,
  type CatalogList,
  type CatalogPassRow,
  ENDPOINTS,
  type EndpointName,
  type Order,
} from 'pos-sdk/contract';
import { venueDayStart } from 'pos-sdk/rules';
import { fixture } from 'pos-sdk/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, postCheckout, sell } from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

const HEADER =
  'type,sku,product,category,group,size,price,min_qty,usage_limit,duration_value,duration_unit,barcode,active';

/** A venue's own catalogue, as a manager writes it in a spreadsheet. */
const VENUE_CSV = `${HEADER}
PASS,CLIMB-1,Climb Entry,Day Pass,Adult,,38.00,1,1,1,Day,,true
PASS,CLIMB-1C,Climb Entry,Day Pass,Child,,25.50,1,1,1,Day,,true
PASS,CLIMB-10,10 Climb Pass,Multi Pass,Adult,,300,1,10,6,Month,,true
MERCHANDISE,CHALK-S,"Chalk, fine",,,S,12.00,,,,,9555000000024,true
`;

const managerOnly = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
  (name) => (ENDPOINTS[name] as { role?: string }).role === 'manager',
);

/** A wire cart line for a pass row of the back office's catalogue, as the SDK builds it from the tiles. */
function passLine(row: CatalogPassRow, quantity = 1): CartItem {
  return {
    sku: row.sku,
    name: row.product,
    category: row.category,
    group: row.group,
    quantity,
    min_qty: row.min_qty,
    usage_limit: row.usage_limit,
    duration: row.duration,
    visit_date: venueDayStart(new Date(), 'Asia/Kuala_Lumpur').toISOString(),
    type: 'PASS',
    price: { value: row.price, currency: 'MYR' },
  };
}

describeOnEngines('back office', (engine) => {
  let t: TestApp;
  let manager: TestSession;
  let cashier: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    manager = await t.signIn(MANAGER);
    cashier = await t.signIn(CASHIER);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  const catalogue = async (): Promise<CatalogList> =>
    (await t.post(manager, '/v1/admin/catalog/list')).json<CatalogList>();
  const row = async (sku: string) => (await catalogue()).items.find((item) => item.sku === sku);

  it.each(managerOnly)(
    'refuses %s to a staff member with 403 not_permitted, and keeps them signed in',
    async (name) => {
      const endpoint = ENDPOINTS[name];
      const { request } = fixture(name);
      const response = await t.post(cashier, endpoint.path, request ?? {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Only a manager can do this: ask a manager to sign in',
        code: 'not_permitted',
      });
      expect((await t.post(cashier, '/v1/admin/users')).statusCode).toBe(200);
    },
  );

  it('lets any staff member read the venue settings (receipts carry them)', async () => {
    const response = await t.post(cashier, '/v1/admin/venue');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'STORE',
      time_zone: 'Asia/Kuala_Lumpur',
      currency_display: 'RM',
    });
  });

  it('refuses an import that makes one product name both a pass and merchandise, naming the line', async () => {
    const clash = `${HEADER}\nPASS,WALL-1,Wall Time,Day Pass,Adult,,20.00,1,1,1,Day,,true\nMERCHANDISE,WALL-T,Wall Time,,,M,30.00,,,,,,true\n`;
    for (const dryRun of [true, false]) {
      const response = await t.post(manager, '/v1/admin/catalog/import', {
        format: 'csv',
        content: clash,
        dry_run: dryRun,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toEqual([
        { path: 'line 3', message: 'Wall Time is already a product of the other type (pass or merchandise)' },
      ]);
    }
    expect(await row('WALL-1')).toBeUndefined();
  });

  it('refuses a whole import with a bad row, naming every bad line, and changes nothing', async () => {
    const before = await catalogue();
    const bad = `${VENUE_CSV}PASS,BAD-1,Bad,Day Pass,Adult,,12.345,1,1,1,Day,,true\nPASS,CLIMB-1,Again,Day Pass,Adult,,1,1,1,1,Day,,true\n`;
    const response = await t.post(manager, '/v1/admin/catalog/import', { format: 'csv', content: bad });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'The file was not imported, nothing was changed: line 6: price must be an amount in ringgit with at most 2 decimals, e.g. 49.00; line 7: SKU CLIMB-1 is also on line 2',
    );
    expect(response.json().details).toEqual([
      { path: 'line 6', message: expect.stringContaining('price') },
      { path: 'line 7', message: 'SKU CLIMB-1 is also on line 2' },
    ]);
    expect(await catalogue()).toEqual(before);
  });

  it('shows what an import would change with dry_run, and writes nothing', async () => {
    const response = await t.post(manager, '/v1/admin/catalog/import', {
      format: 'csv',
      content: VENUE_CSV,
      dry_run: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      dry_run: true,
      applied: false,
      summary: { add: 4, update: 0, unchanged: 0 },
    });
    expect(await row('CLIMB-1')).toBeUndefined();
  });

  it('builds a catalogue from a CSV import, sells from it, changes a price and retires a variant; old orders keep what was sold', async () => {
    const imported = await t.post(manager, '/v1/admin/catalog/import', { format: 'csv', content: VENUE_CSV });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().summary).toEqual({ add: 4, update: 0, unchanged: 0 });
    const passes = (
      await t.inject({ method: 'GET', url: '/v1/passes/STORE', headers: cashier.headers })
    ).json<{ _id: string; variants: { sku: string }[] }[]>();
    expect(passes.find((pass) => pass._id === 'Climb Entry')?.variants.map((v) => v.sku)).toEqual([
      'CLIMB-1',
      'CLIMB-1C',
    ]);
    const merchandise = (
      await t.inject({ method: 'GET', url: '/v1/merchandises/STORE', headers: cashier.headers })
    ).json<{ name: string; variants: { sku: string; barcode?: string }[] }[]>();
    expect(merchandise.find((product) => product.name === 'Chalk, fine')?.variants).toEqual([
      expect.objectContaining({ sku: 'CHALK-S', barcode: '9555000000024' }),
    ]);

    await openShift(t, cashier);
    const climb = (await row('CLIMB-1')) as CatalogPassRow;
    const sold = await sell(t, cashier, checkoutBody([passLine(climb, 2)]));
    expect(sold.order.total_amount).toBe(76);

    // A new price applies to the next sale; a cart priced before it is refused (409), not sold at the old price.
    const edited = await t.post(manager, '/v1/admin/catalog/edit', {
      sku: 'CLIMB-1',
      changes: { price: 42 },
    });
    expect(edited.statusCode).toBe(200);
    const stale = await postCheckout(t, cashier, checkoutBody([passLine(climb)]));
    expect(stale.statusCode).toBe(409);
    const repriced = await sell(
      t,
      cashier,
      checkoutBody([passLine((await row('CLIMB-1')) as CatalogPassRow)]),
    );
    expect(repriced.order.total_amount).toBe(42);

    // Retired: off the tiles and not sellable; the old order and its tickets keep the old name and price.
    const renamed = await t.post(manager, '/v1/admin/catalog/edit', {
      sku: 'CLIMB-1C',
      changes: { product: 'Kids Climb' },
    });
    expect(renamed.statusCode).toBe(200);
    const renamedSold = await t.post(manager, '/v1/admin/catalog/edit', {
      sku: 'CLIMB-1',
      changes: { product: 'Adult Climb' },
    });
    expect(renamedSold.statusCode).toBe(200);
    const retired = await t.post(manager, '/v1/admin/catalog/set_active', { sku: 'CLIMB-1', active: false });
    expect(retired.statusCode).toBe(200);
    const tiles = (await t.inject({ method: 'GET', url: '/v1/passes/STORE', headers: cashier.headers })).json<
      { _id: string; variants: { sku: string }[] }[]
    >();
    expect(tiles.flatMap((pass) => pass.variants.map((v) => v.sku))).not.toContain('CLIMB-1');
    expect(tiles.find((pass) => pass._id === 'Kids Climb')?.variants.map((v) => v.sku)).toEqual(['CLIMB-1C']);
    const refused = await postCheckout(
      t,
      cashier,
      checkoutBody([passLine((await row('CLIMB-1')) as CatalogPassRow)]),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('CLIMB-1 is not sold any more: reload the catalogue');
    const old = await t.post(cashier, '/v1/admin/get_order', { order_id: sold.order._id });
    const oldItem = old.json<Order>().order_details.cart.items[0];
    expect(oldItem).toMatchObject({ sku: 'CLIMB-1', name: 'Climb Entry', price: { value: 38 }, quantity: 2 });
    const ticket = await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: sold.tickets[0]?._id });
    expect(ticket.statusCode).toBe(200);

    // Restored: back on the tiles at its current price.
    await t.post(manager, '/v1/admin/catalog/set_active', { sku: 'CLIMB-1', active: true });
    expect(await row('CLIMB-1')).toMatchObject({ active: true, price: 42 });

    // Every change is in the audit log.
    const audit = await t.post(manager, '/v1/admin/audit', {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      action: 'catalog',
      limit: 500,
    });
    const actions = audit.json<{ entries: { action: string; subject: { id: string } | null }[] }>().entries;
    expect(actions.filter((entry) => entry.action === 'catalog.added')).toHaveLength(4);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'catalog.updated', subject: { type: 'sku', id: 'CLIMB-1' } }),
        expect.objectContaining({ action: 'catalog.retired', subject: { type: 'sku', id: 'CLIMB-1' } }),
        expect.objectContaining({ action: 'catalog.restored', subject: { type: 'sku', id: 'CLIMB-1' } }),
        expect.objectContaining({ action: 'catalog.imported' }),
      ]),
    );
  });

  it('exports the catalogue as CSV and JSON that import reads back unchanged', async () => {
    for (const format of ['csv', 'json'] as const) {
      const exported = await t.post(manager, '/v1/admin/catalog/export', { format });
      expect(exported.statusCode).toBe(200);
      const back = await t.post(manager, '/v1/admin/catalog/import', {
        format,
        content: exported.json().content,
        dry_run: true,
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().summary).toMatchObject({ add: 0, update: 0 });
    }
  });

  it('adds and edits single items, refusing a taken SKU, a field of the other type and an unknown SKU', async () => {
    const add = await t.post(manager, '/v1/admin/catalog/add', {
      item: { type: 'MERCHANDISE', sku: 'TAPE-1', product: 'Finger Tape', size: '2.5cm', price: 8.5 },
    });
    expect(add.statusCode).toBe(200);
    expect(await row('TAPE-1')).toMatchObject({ price: 8.5, barcode: null, active: true });
    const again = await t.post(manager, '/v1/admin/catalog/add', {
      item: { type: 'MERCHANDISE', sku: 'TAPE-1', product: 'Finger Tape', size: 'S', price: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The SKU TAPE-1 is already in the catalogue');
    const wrongField = await t.post(manager, '/v1/admin/catalog/edit', {
      sku: 'TAPE-1',
      changes: { min_qty: 2 },
    });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().message).toBe('min_qty does not apply to merchandise items');
    const unknown = await t.post(manager, '/v1/admin/catalog/edit', { sku: 'NOPE', changes: { price: 1 } });
    expect(unknown.statusCode).toBe(404);
    const badPrice = await t.post(manager, '/v1/admin/catalog/edit', {
      sku: 'TAPE-1',
      changes: { price: 1.005 },
    });
    expect(badPrice.statusCode).toBe(400);
  });

  it('takes SKUs without regard to case: tape-2 beside TAPE-2 is refused; an edit, a retire or an import of tape-2 is TAPE-2', async () => {
    const add = await t.post(manager, '/v1/admin/catalog/add', {
      item: { type: 'MERCHANDISE', sku: 'TAPE-2', product: 'Finger Tape', size: '5cm', price: 12 },
    });
    expect(add.statusCode).toBe(200);
    const lower = await t.post(manager, '/v1/admin/catalog/add', {
      item: { type: 'MERCHANDISE', sku: 'tape-2', product: 'Finger Tape', size: '5cm', price: 5 },
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(
      'The SKU tape-2 is already in the catalogue as TAPE-2 (SKUs ignore upper and lower case)',
    );
    const asPass = await t.post(manager, '/v1/admin/catalog/add', {
      item: {
        type: 'PASS',
        sku: 'Tape-2',
        product: 'Tape Pass',
        category: 'Day Pass',
        group: 'Adult',
        price: 5,
        min_qty: 1,
        usage_limit: 1,
        duration: { value: 1, unit: 'Day' },
      },
    });
    expect(asPass.statusCode).toBe(409);
    expect((await catalogue()).items.filter((item) => item.sku.toUpperCase() === 'TAPE-2')).toHaveLength(1);

    const edit = await t.post(manager, '/v1/admin/catalog/edit', { sku: 'tape-2', changes: { price: 13 } });
    expect(edit.statusCode).toBe(200);
    expect(await row('TAPE-2')).toMatchObject({ price: 13 });
    const retire = await t.post(manager, '/v1/admin/catalog/set_active', { sku: 'tape-2', active: false });
    expect(retire.statusCode).toBe(200);
    expect(await row('TAPE-2')).toMatchObject({ active: false });

    const file = `${HEADER}\nMERCHANDISE,tape-2,Finger Tape,,,5cm,14.00,,,,,,true\n`;
    const plan = await t.post(manager, '/v1/admin/catalog/import', {
      format: 'csv',
      content: file,
      dry_run: true,
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({
      summary: { add: 0, update: 1, unchanged: 0 },
      changes: [
        {
          sku: 'TAPE-2',
          action: 'update',
          fields: [
            { field: 'price', from: 13, to: 14 },
            { field: 'active', from: false, to: true },
          ],
        },
      ],
    });
    const applied = await t.post(manager, '/v1/admin/catalog/import', {
      format: 'csv',
      content: file,
      dry_run: false,
    });
    expect(applied.statusCode).toBe(200);
    expect((await catalogue()).items.filter((item) => item.sku.toUpperCase() === 'TAPE-2')).toEqual([
      expect.objectContaining({ sku: 'TAPE-2', price: 14, active: true }),
    ]);
    const audit = await t.post(manager, '/v1/admin/audit', {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      action: 'catalog',
      limit: 500,
    });
    const subjects = audit
      .json<{ entries: { action: string; subject: { id: string } | null }[] }>()
      .entries.filter((entry) => entry.subject?.id.toUpperCase() === 'TAPE-2')
      .map((entry) => `${entry.action} ${entry.subject?.id}`);
    expect(subjects).toEqual([
      'catalog.updated TAPE-2',
      'catalog.retired TAPE-2',
      'catalog.updated TAPE-2',
      'catalog.added TAPE-2',
    ]);
  });

  it('manages staff: add, edit role, reset password and PIN, disable (token stops at once), enable', async () => {
    const added = await t.post(manager, '/v1/admin/staff/add', {
      email: 'Siti@Venue.my',
      first: 'Siti',
      last: 'Aminah',
      password: 'a-long-password',
      pin: '4821',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ email: 'siti@venue.my', role: 'staff', active: true });
    const siti = await t.signIn('siti@venue.my', { password: 'a-long-password' });
    expect((await t.post(siti, '/v1/admin/users')).statusCode).toBe(200);

    const disabled = await t.post(manager, '/v1/admin/staff/set_active', {
      email: 'siti@venue.my',
      active: false,
    });
    expect(disabled.json()).toMatchObject({ active: false });
    const next = await t.post(siti, '/v1/admin/users');
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('forbidden');
    await expect(t.signIn('siti@venue.my', { password: 'a-long-password' })).rejects.toThrow(
      /invalid_credentials/,
    );

    await t.post(manager, '/v1/admin/staff/set_active', { email: 'siti@venue.my', active: true });
    const reset = await t.post(manager, '/v1/admin/staff/reset_password', {
      email: 'siti@venue.my',
      password: 'another-password',
    });
    expect(reset.statusCode).toBe(200);
    const back = await t.signIn('siti@venue.my', { password: 'another-password' });
    const promoted = await t.post(manager, '/v1/admin/staff/edit', {
      email: 'siti@venue.my',
      changes: { role: 'manager', last: 'Aminah Binti Ali' },
    });
    expect(promoted.json()).toMatchObject({
      role: 'manager',
      name: { first: 'Siti', last: 'Aminah Binti Ali' },
    });
    expect((await t.post(back, '/v1/admin/staff/list')).statusCode).toBe(200);
    const pin = await t.post(manager, '/v1/admin/staff/reset_pin', { email: 'siti@venue.my', pin: '9042' });
    expect(pin.statusCode).toBe(200);
    const sitiId = (await t.post(manager, '/v1/admin/staff/list'))
      .json<{ _id: string; email: string }[]>()
      .find((member) => member.email === 'siti@venue.my')?._id;
    const verified = await t.post(cashier, '/v1/admin/verify_pin', { approver: sitiId, pin: '9042' });
    expect(verified.statusCode).toBe(200);
  });

  it('keeps a manager: nobody disables or demotes themselves, and the last active manager stays', async () => {
    const self = await t.post(manager, '/v1/admin/staff/set_active', { email: MANAGER, active: false });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot disable your own account');
    const demote = await t.post(manager, '/v1/admin/staff/edit', {
      email: MANAGER,
      changes: { role: 'staff' },
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe('You cannot take the manager role from your own account');
    // siti (a manager since the test above) cannot take the last other manager away either once alone.
    const siti = await t.signIn('siti@venue.my', { password: 'another-password' });
    expect(
      (await t.post(siti, '/v1/admin/staff/set_active', { email: MANAGER, active: false })).statusCode,
    ).toBe(200);
    const last = await t.post(manager, '/v1/admin/staff/list');
    expect(last.statusCode).toBe(403); // Max is disabled now: his token ended
    const alone = await t.post(siti, '/v1/admin/staff/edit', {
      email: 'siti@venue.my',
      changes: { role: 'staff' },
    });
    expect(alone.statusCode).toBe(422);
    await t.post(siti, '/v1/admin/staff/set_active', { email: MANAGER, active: true });
    manager = await t.signIn(MANAGER);
    const taken = await t.post(manager, '/v1/admin/staff/edit', {
      email: 'siti@venue.my',
      changes: { email: CASHIER },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('changes venue settings; the time zone not while a shift is open', async () => {
    const set = await t.post(manager, '/v1/admin/settings/set', {
      name: 'Demo Climbing Gym',
      address: '12 Jalan Ampang',
      registration_no: '202601234567',
      receipt_footer: 'See you on the wall!',
    });
    expect(set.statusCode).toBe(200);
    expect((await t.post(cashier, '/v1/admin/venue')).json()).toMatchObject({
      name: 'Demo Climbing Gym',
      receipt_footer: 'See you on the wall!',
      time_zone: 'Asia/Kuala_Lumpur',
    });
    const zone = await t.post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Singapore' });
    expect(zone.statusCode).toBe(409);
    expect(zone.json().message).toBe(
      'The time zone cannot change while a shift is open: end every open shift first',
    );
    const badZone = await t.post(manager, '/v1/admin/settings/set', { time_zone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    await t.post(cashier, '/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 });
    const moved = await t.post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Singapore' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().time_zone).toBe('Asia/Singapore');
    await t.post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Kuala_Lumpur' });
  });

  it('pages the audit log newest first, filtered by staff', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const first = await t.post(manager, '/v1/admin/audit', { from, limit: 2, staff: MANAGER });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ entries: { at: string; staff: { email: string } }[]; next_cursor: string }>();
    expect(page.entries).toHaveLength(2);
    expect(page.entries.every((entry) => entry.staff.email === MANAGER)).toBe(true);
    expect(page.next_cursor).not.toBeNull();
    const second = await t.post(manager, '/v1/admin/audit', {
      from,
      limit: 2,
      staff: MANAGER,
      cursor: page.next_cursor,
    });
    const next = second.json<{ entries: { at: string }[] }>().entries;
    expect((next[0]?.at ?? '') <= (page.entries[1]?.at ?? '')).toBe(true);
    const bad = await t.post(manager, '/v1/admin/audit', { from, cursor: 'drop table' });
    expect(bad.statusCode).toBe(400);
  });
});

describeOnEngines('venue time zone on the order calls', (engine) => {
  it('is read before a transaction, never inside one: a note, a cancel and a refund answer after the cache expired', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      const cashier = await t.signIn(CASHIER);
      await openShift(t, cashier);
      const first = await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
      const second = await sell(t, cashier, checkoutBody([cartItem('DAY-CHILD', 1, clock())]));
      clock.advance(3_000);
      const note = await t.post(cashier, '/v1/admin/add_order_note', {
        order_id: first.order._id,
        note: 'ok',
      });
      expect(note.statusCode).toBe(200);
      clock.advance(3_000);
      const cancel = await t.post(cashier, '/v1/admin/cancel_order', { order_id: first.order._id });
      expect(cancel.json().status).toBe('CANCELED');
      clock.advance(3_000);
      const refund = await t.post(cashier, '/v1/admin/refund_order', {
        invoice_id: second.order.invoice?._id,
        message: 'Changed mind',
      });
      expect(refund.json().status).toBe('REFUNDED');
    } finally {
      await t.close();
    }
  });
});
