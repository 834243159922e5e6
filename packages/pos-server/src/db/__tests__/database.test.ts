import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestEngine,
  withSchemaChangeLock,
} from '../../__tests__/support/testApp';
import { recordAudit } from '../../audit/recordAudit';
import { hashToken } from '../../auth/opaqueToken';
import { verifySecret } from '../../auth/secretHash';
import { findTokenHolder } from '../../auth/staffTokens';
import { isDatabaseEmpty, seedDemo } from '../../demo/seedDemo';
import { formatInvoiceId, issueInvoice } from '../../invoices/issueInvoice';
import { terminalStore } from '../../terminals/terminals';
import { createDb } from '../createDb';
import { migrateToLatest } from '../migrateToLatest';

/** Catalogue introspection on PostgreSQL must not overlap another test process dropping its schema. */
const whileNoSchemaChanges = <T>(engine: TestEngine, work: () => Promise<T>): Promise<T> =>
  engine === 'postgres' ? withSchemaChangeLock(work) : work();

const TABLES = [
  'staff',
  'tokens',
  'approvals',
  'auth_attempts',
  'stores',
  'terminals',
  'shifts',
  'float_entries',
  'pass_products',
  'pass_variants',
  'pass_prices',
  'merchandise',
  'merch_variants',
  'members',
  'orders',
  'order_items',
  'tenders',
  'order_notes',
  'invoices',
  'invoice_counters',
  'tickets',
  'ticket_uses',
  'membership_renewals',
  'idempotency_keys',
  'face_photos',
  'audit_log',
];

describeOnEngines('database', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('creates every table of the product', async () => {
    const current =
      engine === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema
        : undefined;
    const tables = (await whileNoSchemaChanges(engine, () => t.db.introspection.getTables()))
      .filter((table) => current === undefined || table.schema === current)
      .map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
  });

  it('migrates once: running the migrations again applies nothing', async () => {
    expect(await whileNoSchemaChanges(engine, () => migrateToLatest(t.db))).toEqual([]);
  });

  it('seeds the demo data only into an empty database', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(false);
    expect(await seedDemo(t.db, { store: 'STORE', now: new Date() })).toBe(false);
    expect((await t.db.selectFrom('staff').select('id').execute()).length).toBe(2);
  });

  it('stores passwords and PINs as scrypt hashes, never as they were typed', async () => {
    const staff = await t.db
      .selectFrom('staff')
      .selectAll()
      .where('email', '=', 'cashier@demo.pos')
      .executeTakeFirstOrThrow();
    expect(staff.password_hash).toMatch(/^scrypt\$/);
    expect(staff.password_hash).not.toContain('demo1234');
    expect(await verifySecret('demo1234', staff.password_hash)).toBe(true);
    expect(await verifySecret('1111', staff.pin_hash)).toBe(true);
    expect(await verifySecret('1112', staff.pin_hash)).toBe(false);
  });

  it('keeps the audit log append-only: the database refuses UPDATE and DELETE', async () => {
    await recordAudit(t.db, {
      action: 'order.refunded',
      staffId: null,
      terminalId: 'TICKET01',
      at: new Date(),
    });
    await expect(t.db.updateTable('audit_log').set({ action: 'order.paid' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });

  it('enforces foreign keys', async () => {
    await expect(
      t.db
        .insertInto('float_entries')
        .values({
          id: 'f1',
          shift_id: 'no-such-shift',
          position: 1,
          cash_sen: 100,
          staff_id: 'nobody',
          at: '',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('returns money columns and sums as numbers on both engines', async () => {
    const row = await t.db
      .selectFrom('pass_prices')
      .select((eb) => [eb.fn.sum<number>('value_sen').as('total'), eb.fn.countAll<number>().as('n')])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ total: 4900 + 4000 + 35000 + 3000 + 12000 + 12000, n: 6 });
    const { value_sen } = await t.db.selectFrom('pass_prices').select('value_sen').executeTakeFirstOrThrow();
    expect(typeof value_sen).toBe('number');
  });
});

describeOnEngines('issueInvoice', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  /** An order row to hang an invoice on. */
  const newOrder = async (id: string) => {
    const staff = await t.db.selectFrom('staff').select('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db
      .insertInto('terminals')
      .values({ id: 'TICKET01', store: 'STORE', created_at: now, last_seen_at: now })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    let shift = await t.db.selectFrom('shifts').select('id').executeTakeFirst();
    if (shift === undefined) {
      shift = { id: 'shift-1' };
      await t.db
        .insertInto('shifts')
        .values({
          id: shift.id,
          terminal_id: 'TICKET01',
          store: 'STORE',
          staff_id: staff.id,
          opened_at: now,
          closed_at: null,
          closed_by: null,
          counted_cash_sen: null,
          counted_card_sen: null,
          counted_ewallet_sen: null,
        })
        .execute();
    }
    await t.db
      .insertInto('orders')
      .values({
        id,
        kind: 'sale',
        store: 'STORE',
        terminal_id: 'TICKET01',
        shift_id: shift.id,
        staff_id: staff.id,
        status: 'PAID',
        currency: 'MYR',
        customer_email: null,
        num_items: 1,
        subtotal_sen: 4900,
        discount_sen: 0,
        total_sen: 4900,
        tendered_sen: 4900,
        change_sen: 0,
        created_at: now,
        canceled_at: null,
        canceled_by: null,
        cancel_reason: null,
        refunded_at: null,
        refunded_by: null,
        refund_reason: null,
        reversed_in_shift_id: null,
      })
      .execute();
  };

  it('numbers invoices sequentially per store as STORE-000001, STORE-000002 …', async () => {
    expect(formatInvoiceId('STORE', 42)).toBe('STORE-000042');
    await newOrder('o1');
    await newOrder('o2');
    expect(await issueInvoice(t.db, { store: 'STORE', orderId: 'o1', now: new Date() })).toBe('STORE-000001');
    expect(await issueInvoice(t.db, { store: 'STORE', orderId: 'o2', now: new Date() })).toBe('STORE-000002');
  });

  it('gives concurrent sales distinct numbers without gaps, and a rolled-back sale leaves no gap', async () => {
    const ids = ['c1', 'c2', 'c3', 'c4', 'c5'];
    for (const id of ids) await newOrder(id);
    const issued = await Promise.all(
      ids.map((orderId) =>
        t.db.transaction().execute((trx) => issueInvoice(trx, { store: 'STORE', orderId, now: new Date() })),
      ),
    );
    expect([...issued].sort()).toEqual([
      'STORE-000003',
      'STORE-000004',
      'STORE-000005',
      'STORE-000006',
      'STORE-000007',
    ]);
    await newOrder('r1');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await issueInvoice(trx, { store: 'STORE', orderId: 'r1', now: new Date() });
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await issueInvoice(t.db, { store: 'STORE', orderId: 'r1', now: new Date() })).toBe('STORE-000008');
  });
});

describeOnEngines('migration 0008_face_photo_files', (engine) => {
  it('keeps the photos registered before it (bytes in their row, size recorded) and lets new rows go without bytes', async () => {
    const t = await createTestApp({ engine, migrateUpTo: '0007_membership_renewals' });
    try {
      const staff = await t.db.selectFrom('staff').select('id').executeTakeFirstOrThrow();
      const at = '2026-11-22T02:00:00.000Z';
      // TICKET01 is registered by the demo seed.
      await t.db
        .insertInto('shifts')
        .values({
          id: 's1',
          terminal_id: 'TICKET01',
          store: 'STORE',
          staff_id: staff.id,
          opened_at: at,
          closed_at: null,
          closed_by: null,
          counted_cash_sen: null,
          counted_card_sen: null,
          counted_ewallet_sen: null,
        })
        .execute();
      await sql`insert into orders (id, kind, store, terminal_id, shift_id, staff_id, status, currency, num_items,
        subtotal_sen, discount_sen, total_sen, tendered_sen, change_sen, created_at)
        values ('o1', 'sale', 'STORE', 'TICKET01', 's1', ${staff.id}, 'PAID', 'MYR', 1, 4900, 0, 4900, 4900, 0, ${at})`.execute(
        t.db,
      );
      await sql`insert into order_items (id, order_id, position, type, sku, name, quantity, unit_price_sen, amount_sen,
        discount_sen, total_sen) values ('i1', 'o1', 1, 'PASS', 'DAY-ADULT', 'Day Pass', 1, 4900, 4900, 0, 4900)`.execute(
        t.db,
      );
      for (const id of ['T0000000001', 'T0000000002']) {
        await sql`insert into tickets (id, order_id, order_item_id, store, sku, pass_name, category, variant_group,
          visit_date, usage_limit, quantity, status, valid_from, expires_at, created_at)
          values (${id}, 'o1', 'i1', 'STORE', 'DAY-ADULT', 'Day Pass', 'Day Pass', 'Adult', '2026-11-22', 1, 1, 'Valid',
          ${at}, ${at}, ${at})`.execute(t.db);
      }
      const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
      await sql`insert into face_photos (id, ticket_id, content_type, data, staff_id, created_at)
        values ('f1', 'T0000000001', 'image/jpeg', ${photo}, ${staff.id}, ${at}),
          ('f2', 'T0000000002', 'none', ${Buffer.alloc(0)}, ${staff.id}, ${at})`.execute(t.db);

      const applied = await whileNoSchemaChanges(engine, () => migrateToLatest(t.db, {}));
      expect(applied[0]).toBe('0008_face_photo_files');
      const rows = await t.db.selectFrom('face_photos').selectAll().orderBy('id').execute();
      expect(rows.map((row) => ({ ...row, data: row.data === null ? null : Buffer.from(row.data) }))).toEqual(
        [
          {
            id: 'f1',
            ticket_id: 'T0000000001',
            content_type: 'image/jpeg',
            data: photo,
            byte_size: photo.length,
            staff_id: staff.id,
            created_at: at,
          },
          {
            id: 'f2',
            ticket_id: 'T0000000002',
            content_type: 'none',
            data: Buffer.alloc(0),
            byte_size: 0,
            staff_id: staff.id,
            created_at: at,
          },
        ],
      );
      await t.db.deleteFrom('face_photos').where('id', '=', 'f2').execute();
      await t.db
        .insertInto('face_photos')
        .values({
          id: 'f3',
          ticket_id: 'T0000000002',
          content_type: 'image/jpeg',
          data: null,
          byte_size: 2048,
          staff_id: staff.id,
          created_at: at,
        })
        .execute();
      // Still one row per ticket, and still tied to its ticket and staff member.
      await expect(
        t.db
          .insertInto('face_photos')
          .values({
            id: 'f4',
            ticket_id: 'T0000000002',
            content_type: 'none',
            byte_size: 0,
            staff_id: staff.id,
            created_at: at,
          })
          .execute(),
      ).rejects.toThrow();
      await expect(
        t.db
          .insertInto('face_photos')
          .values({
            id: 'f5',
            ticket_id: 'T9999999999',
            content_type: 'none',
            byte_size: 0,
            staff_id: staff.id,
            created_at: at,
          })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});

describeOnEngines('migration 0009_terminal_bound_tokens', (engine) => {
  it('keeps the terminals used before as registered, and refuses the tokens issued before it', async () => {
    const t = await createTestApp({ engine, migrateUpTo: '0008_face_photo_files' });
    try {
      const staff = await t.db.selectFrom('staff').select('id').executeTakeFirstOrThrow();
      const at = new Date();
      await sql`insert into tokens (token_hash, kind, staff_id, created_at, expires_at)
        values (${hashToken('old-token')}, 'user', ${staff.id}, ${at.toISOString()},
          ${new Date(at.getTime() + 3_600_000).toISOString()})`.execute(t.db);
      const applied = await whileNoSchemaChanges(engine, () => migrateToLatest(t.db, {}));
      expect(applied).toContain('0009_terminal_bound_tokens');
      expect(await terminalStore(t.db, 'TICKET01')).toBe('STORE');
      expect(await findTokenHolder(t.db, 'old-token', at)).toBeUndefined();
      const response = await t.inject({
        method: 'POST',
        url: '/v1/admin/users',
        headers: t.headers('old-token'),
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe('statement reuse', () => {
  it('prepares each SQL text once on SQLite: the same query again reuses its statement', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-statements-'));
    const prepare = vi.spyOn(BetterSqlite3.prototype, 'prepare');
    const db = createDb(`sqlite:${join(dir, 'pos.db')}`);
    try {
      await sql`create table t (id integer primary key, name text)`.execute(db);
      prepare.mockClear();
      for (let i = 0; i < 5; i++)
        await db
          .selectFrom('t' as never)
          .selectAll()
          .where('id' as never, '=', i as never)
          .execute();
      expect(prepare).toHaveBeenCalledTimes(1);
    } finally {
      prepare.mockRestore();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
