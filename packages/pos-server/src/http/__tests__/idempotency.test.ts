import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
} from '../../__tests__/support/testApp';
import { recordAudit } from '../../audit/recordAudit';
import { sqlitePath } from '../../db/createDb';
import type { Database } from '../../db/Database';
import { whenDurable } from '../../db/groupCommit';
import { HttpProblem } from '../HttpProblem';
import {
  hashRequestBody,
  readIdempotencyKey,
  StoredAnswer,
  withIdempotency,
  withIdempotencyInStatement,
} from '../idempotency';

describe('hashRequestBody', () => {
  it('hashes the same body in another key order the same, and another body differently', () => {
    expect(hashRequestBody({ a: 1, b: [{ x: 1, y: 2 }] })).toBe(
      hashRequestBody({ b: [{ y: 2, x: 1 }], a: 1 }),
    );
    expect(hashRequestBody({ a: 1 })).not.toBe(hashRequestBody({ a: 2 }));
  });
});

describe('readIdempotencyKey', () => {
  it('reads the Idempotency-Key header, or undefined without one', () => {
    expect(readIdempotencyKey({ 'idempotency-key': '8a6e0804-2bd0-4672-b79d-d97027f9071a' })).toBe(
      '8a6e0804-2bd0-4672-b79d-d97027f9071a',
    );
    expect(readIdempotencyKey({})).toBeUndefined();
  });

  it('answers 400 naming Idempotency-Key for a malformed key', () => {
    expect(() => readIdempotencyKey({ 'idempotency-key': 'has spaces in it' })).toThrowError(HttpProblem);
    expect(() => readIdempotencyKey({ 'idempotency-key': 'x'.repeat(201) })).toThrowError(/Idempotency-Key/);
  });
});

describeOnEngines('withIdempotency', (engine) => {
  let t: TestApp;
  let staffId: string;
  let otherStaffId: string;
  let keyCounter = 0;
  const newKey = () => `key-${engine}-${++keyCounter}`;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const ids = await t.db.selectFrom('staff').select(['id', 'email']).execute();
    staffId = ids.find((row) => row.email === CASHIER)?.id ?? '';
    otherStaffId = ids.find((row) => row.email === MANAGER)?.id ?? '';
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  /** The money-moving work: one audit row per run (so runs can be counted), answering the run's number. */
  const makeWork = (subject: string) => {
    let runs = 0;
    const work = async (trx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
      runs++;
      await recordAudit(trx, {
        action: 'order.paid',
        staffId,
        terminalId: 'TICKET01',
        at: new Date(),
        subject: { type: 'test', id: subject },
      });
      return { run: runs, subject };
    };
    return { work, runs: () => runs };
  };
  const countRows = async (db: Kysely<Database>, subject: string) =>
    (await db.selectFrom('audit_log').select('id').where('subject_id', '=', subject).execute()).length;
  const request = (
    key: string | undefined,
    body: unknown,
    overrides: Partial<{ staffId: string; now: Date }> = {},
  ) => ({
    key,
    scope: 'checkout',
    staffId,
    bodyHash: hashRequestBody(body),
    now: new Date(),
    ...overrides,
  });

  it('runs the work every time without a key', async () => {
    const { work, runs } = makeWork('no-key');
    await withIdempotency(t.db, request(undefined, { a: 1 }), work);
    await withIdempotency(t.db, request(undefined, { a: 1 }), work);
    expect(runs()).toBe(2);
  });

  it('returns the first answer for the same key and the same body, without doing the work again', async () => {
    const key = newKey();
    const { work, runs } = makeWork(key);
    const first = await withIdempotency(t.db, request(key, { total: 49 }), work);
    const second = await withIdempotency(t.db, request(key, { total: 49 }), work);
    expect(first).toEqual({ body: { run: 1, subject: key }, replayed: false });
    expect(second).toEqual({ body: { run: 1, subject: key }, replayed: true });
    expect(runs()).toBe(1);
    expect(await countRows(t.db, key)).toBe(1);
  });

  it('answers 409 conflict for the same key with another body, or from another staff member', async () => {
    const key = newKey();
    const { work } = makeWork(key);
    await withIdempotency(t.db, request(key, { total: 49 }), work);
    await expect(withIdempotency(t.db, request(key, { total: 50 }), work)).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
    });
    await expect(
      withIdempotency(t.db, request(key, { total: 49 }, { staffId: otherStaffId }), work),
    ).rejects.toMatchObject({ status: 409 });
    expect(await countRows(t.db, key)).toBe(1);
  });

  it('treats the same key on another call as another request', async () => {
    const key = newKey();
    const { work, runs } = makeWork(key);
    await withIdempotency(t.db, request(key, {}), work);
    await withIdempotency(t.db, { ...request(key, {}), scope: 'refund_order' }, work);
    expect(runs()).toBe(2);
  });

  it('does the work exactly once when the same request arrives 8 times at once', async () => {
    const key = newKey();
    const { work, runs } = makeWork(key);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => withIdempotency(t.db, request(key, { total: 49 }), work)),
    );
    expect(runs()).toBe(1);
    expect(await countRows(t.db, key)).toBe(1);
    expect(answers.every((answer) => answer.body.run === 1)).toBe(true);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
  });

  it('stores nothing when the work fails, so the same key can be retried', async () => {
    const key = newKey();
    const failing = async () => {
      throw HttpProblem.rule('Payment is short by RM 1.00');
    };
    await expect(withIdempotency(t.db, request(key, { total: 49 }), failing)).rejects.toMatchObject({
      status: 422,
    });
    const { work, runs } = makeWork(key);
    expect((await withIdempotency(t.db, request(key, { total: 49 }), work)).replayed).toBe(false);
    expect(runs()).toBe(1);
  });

  it('rolls back what the failed work wrote', async () => {
    const key = newKey();
    await expect(
      withIdempotency(t.db, request(key, {}), async (trx) => {
        await recordAudit(trx, {
          action: 'order.paid',
          staffId,
          terminalId: null,
          at: new Date(),
          subject: { type: 'test', id: key },
        });
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await countRows(t.db, key)).toBe(0);
  });

  it('forgets a key after 24 hours', async () => {
    const key = newKey();
    const { work, runs } = makeWork(key);
    const then = new Date('2026-11-20T02:00:00.000Z');
    await withIdempotency(t.db, request(key, {}, { now: then }), work);
    await withIdempotency(
      t.db,
      request(key, {}, { now: new Date(then.getTime() + 24 * 60 * 60_000 + 1) }),
      work,
    );
    expect(runs()).toBe(2);
  });

  it('does not store again an answer the work stored itself with the key (StoredAnswer)', async () => {
    const key = newKey();
    const { work, runs } = makeWork(key);
    const first = await withIdempotency(t.db, request(key, {}), async (trx, slot) => {
      const body = await work(trx);
      if (slot === undefined) throw new Error('A keyed call has an answer slot');
      // What the work stores differs from what it answers: the stored one is replayed.
      await trx
        .updateTable('idempotency_keys')
        .set({ status: 'done', response_status: 200, response_body: JSON.stringify({ stored: true }) })
        .where('scope', '=', slot.scope)
        .where('key', '=', slot.key)
        .execute();
      return new StoredAnswer(body);
    });
    expect(first).toEqual({ body: { run: 1, subject: key }, replayed: false });
    expect(await withIdempotency(t.db, request(key, {}), work)).toEqual({
      body: { stored: true },
      replayed: true,
    });
    expect(runs()).toBe(1);
    const unkeyed = await withIdempotency(
      t.db,
      request(undefined, {}),
      async () => new StoredAnswer('plain'),
    );
    expect(unkeyed).toEqual({ body: 'plain', replayed: false });
  });

  it('replays the row work claiming the key itself found taken, before it began or at its claim', async () => {
    const key = newKey();
    const { work } = makeWork(key);
    await withIdempotency(t.db, request(key, { total: 49 }), work);
    const row = await t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const found = await withIdempotencyInStatement(
      t.db,
      { ...request(key, { total: 49 }), key },
      async () => ({
        kind: 'taken' as const,
        row,
      }),
    );
    expect(found).toEqual({ body: { run: 1, subject: key }, replayed: true });
    // A claim that lost: the row is read.
    const lost = await withIdempotencyInStatement(
      t.db,
      { ...request(key, { total: 49 }), key },
      async () => ({
        kind: 'taken' as const,
        row: null,
      }),
    );
    expect(lost).toEqual({ body: { run: 1, subject: key }, replayed: true });
    await expect(
      withIdempotencyInStatement(t.db, { ...request(key, { total: 50 }), key }, async () => ({
        kind: 'taken' as const,
        row: null,
      })),
    ).rejects.toMatchObject({ status: 409 });
    const stored = await withIdempotencyInStatement(
      t.db,
      { ...request(newKey(), {}), key: newKey() },
      async (_db, claim) => {
        expect(claim.expired < claim.createdAt && claim.abandoned < claim.createdAt).toBe(true);
        return new StoredAnswer({ sold: true });
      },
    );
    expect(stored).toEqual({ body: { sold: true }, replayed: false });
  });

  /** A `pending` row committed on its own, as servers before crash-safe idempotency wrote their claim. */
  const insertLegacyClaim = (key: string, createdAt: Date) =>
    t.db
      .insertInto('idempotency_keys')
      .values({
        scope: 'checkout',
        key,
        staff_id: staffId,
        body_hash: hashRequestBody({}),
        status: 'pending',
        response_status: null,
        response_body: null,
        created_at: createdAt.toISOString(),
        completed_at: null,
      })
      .execute();

  it("answers 409 'Request in progress' at once for a young pending claim left by an older server version", async () => {
    const key = newKey();
    await insertLegacyClaim(key, new Date());
    const { work, runs } = makeWork(key);
    await expect(withIdempotency(t.db, request(key, {}), work)).rejects.toMatchObject({
      status: 409,
      message: 'Request in progress',
    });
    expect(runs()).toBe(0);
  });

  it('takes over a pending claim of an older server version that died more than a minute ago', async () => {
    const key = newKey();
    await insertLegacyClaim(key, new Date(Date.now() - 2 * 60_000));
    const { work, runs } = makeWork(key);
    expect((await withIdempotency(t.db, request(key, {}), work)).replayed).toBe(false);
    expect(runs()).toBe(1);
  });

  it('keeps no claim outside the work: while the work runs, no pending row is visible to others', async () => {
    const key = newKey();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = withIdempotency(t.db, request(key, {}), async (trx) => {
      started();
      await released;
      return makeWork(key).work(trx);
    });
    await running;
    // Another connection sees no claim: it is part of the uncommitted transaction, so a crash rolls it back. (On
    // SQLite the app's one connection is busy with the work, so the look is through a second connection.)
    const claimsSeenElsewhere = async () => {
      if (engine === 'postgres') {
        return t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
      }
      const other = new BetterSqlite3(sqlitePath(t.config.databaseUrl), { readonly: true });
      try {
        return other.prepare('select key from idempotency_keys where key = ?').all(key);
      } finally {
        other.close();
      }
    };
    try {
      expect(await claimsSeenElsewhere()).toEqual([]);
    } finally {
      release();
    }
    await expect(first).resolves.toMatchObject({ replayed: false });
    await whenDurable(); // SQLite commits the work's batch at the end of this turn of the event loop
    expect(await claimsSeenElsewhere()).toEqual([{ key }]);
  });

  it('never runs the work twice for one key, however long the first request runs', async () => {
    const key = newKey();
    const { work, runs } = makeWork(key);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const firstAt = new Date();
    const first = withIdempotency(t.db, request(key, {}, { now: firstAt }), async (trx) => {
      started();
      await released;
      return work(trx);
    });
    await running;
    // The duplicate arrives 5 minutes later by the clock: the first is still running, and must not be taken over.
    const duplicate = withIdempotency(
      t.db,
      request(key, {}, { now: new Date(firstAt.getTime() + 5 * 60_000) }),
      work,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const [a, b] = await Promise.all([first, duplicate]);
    expect(runs()).toBe(1);
    expect(await countRows(t.db, key)).toBe(1);
    expect(a).toEqual({ body: { run: 1, subject: key }, replayed: false });
    expect(b).toEqual({ body: { run: 1, subject: key }, replayed: true });
  });
});
