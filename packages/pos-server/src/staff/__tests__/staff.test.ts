import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  demoPin,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { consumeApproval } from '../../auth/approvals';

const idOf = async (t: TestApp, email: string) =>
  (await t.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describeOnEngines('staff', (engine) => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    session = await t.signIn(CASHIER);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('lists the users (approvers) as {_id, name: {first, last}} with their email: the managers only, at first', async () => {
    const response = await t.post(session, '/v1/admin/users');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { _id: await idOf(t, MANAGER), email: MANAGER, name: { first: 'Max', last: 'Manager' } },
    ]);
  });

  it("verifies the approver's PIN and answers a single-use approval", async () => {
    const approver = await idOf(t, MANAGER);
    const response = await t.post(session, '/v1/admin/verify_pin', { approver, pin: demoPin(MANAGER) });
    expect(response.statusCode).toBe(200);
    const { verified, approval } = response.json();
    expect(verified).toBe(true);
    expect(approval).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('approvals').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(approval);

    const now = new Date();
    expect(await consumeApproval(t.db, approval, { approverId: await idOf(t, CASHIER), now })).toBe(false);
    expect(await consumeApproval(t.db, approval, { approverId: approver, now })).toBe(true);
    expect(await consumeApproval(t.db, approval, { approverId: approver, now })).toBe(false);
  });

  it("answers 422 'Incorrect PIN' for a wrong PIN (never 403: the cashier stays signed in)", async () => {
    const response = await t.post(session, '/v1/admin/verify_pin', {
      approver: await idOf(t, MANAGER),
      pin: '9999',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Incorrect PIN', code: 'rule' });
    expect((await t.post(session, '/v1/admin/users')).statusCode).toBe(200);
  });

  it("answers 400 'Only numbers allowed' for a PIN with other characters", async () => {
    const response = await t.post(session, '/v1/admin/verify_pin', {
      approver: await idOf(t, CASHIER),
      pin: '12a4',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'pin', message: 'Only numbers allowed' }]);
  });

  it('answers 404 for an approver who is not a user', async () => {
    const response = await t.post(session, '/v1/admin/verify_pin', { approver: 'nobody', pin: '1111' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('records approvals and rejections in the audit log', async () => {
    const actions = await t.db.selectFrom('audit_log').select('action').execute();
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['pin.approved', 'pin.rejected']),
    );
  });
});

describeOnEngines('staff PIN lockout', (engine) => {
  it('locks an approver for 5 minutes after 5 wrong PINs (429, even for the right PIN); others are not locked', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      const session = await t.signIn(CASHIER);
      const manager = await idOf(t, MANAGER);
      for (let i = 0; i < 5; i++) {
        const wrong = await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' });
        expect(wrong.statusCode).toBe(422);
        clock.advance(10_000);
      }
      const locked = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('locked');
      await t.db.updateTable('staff').set({ approve_discounts: 1 }).where('email', '=', CASHIER).execute();
      const other = await t.post(session, '/v1/admin/verify_pin', {
        approver: await idOf(t, CASHIER),
        pin: '1111',
      });
      expect(other.statusCode).toBe(200);

      clock.advance(5 * 60_000);
      const after = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(after.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('forgets wrong PINs older than 5 minutes', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      const session = await t.signIn(CASHIER);
      const manager = await idOf(t, MANAGER);
      for (let i = 0; i < 4; i++)
        await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' });
      clock.advance(5 * 60_000 + 1);
      for (let i = 0; i < 4; i++) {
        expect(
          (await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' })).statusCode,
        ).toBe(422);
      }
      const right = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('counts wrong PINs sent at the same moment: the sixth of six concurrent tries finds the approver locked', async () => {
    const t = await createTestApp({ engine });
    try {
      const session = await t.signIn(CASHIER);
      const manager = await idOf(t, MANAGER);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([422, 422, 422, 422, 422]);
      const next = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(next.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('checks at most 5 of 8 wrong PINs sent at the same moment: the other 3 find the approver locked (429)', async () => {
    const t = await createTestApp({ engine });
    try {
      const session = await t.signIn(CASHIER);
      const manager = await idOf(t, MANAGER);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
      const right = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(right.statusCode).toBe(429);
      const actions = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'in', ['pin.rejected', 'pin.locked'])
        .execute();
      expect(actions.map((row) => row.action).sort()).toEqual([
        'pin.locked',
        'pin.rejected',
        'pin.rejected',
        'pin.rejected',
        'pin.rejected',
      ]);
    } finally {
      await t.close();
    }
  });

  it('keeps the approver locked for the whole 5 minutes even when the window of the first wrong PIN ends first', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      const session = await t.signIn(CASHIER);
      const manager = await idOf(t, MANAGER);
      await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' });
      clock.advance(4 * 60_000);
      for (let i = 0; i < 4; i++)
        await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' });
      clock.advance(2 * 60_000); // 6 minutes after the first wrong PIN, 2 after the lock
      const right = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(right.statusCode).toBe(429);
      clock.advance(3 * 60_000);
      const later = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(later.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('lets the right PIN through as the fifth try and forgets the four wrong ones', async () => {
    const t = await createTestApp({ engine });
    try {
      const session = await t.signIn(CASHIER);
      const manager = await idOf(t, MANAGER);
      for (let i = 0; i < 4; i++)
        await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' });
      const right = await t.post(session, '/v1/admin/verify_pin', {
        approver: manager,
        pin: demoPin(MANAGER),
      });
      expect(right.statusCode).toBe(200);
      const wrong = await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: '0000' });
      expect(wrong.statusCode).toBe(422);
    } finally {
      await t.close();
    }
  });

  it('expires an approval after 10 minutes', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      const session = await t.signIn(CASHIER);
      const manager = await idOf(t, MANAGER);
      const { approval } = (
        await t.post(session, '/v1/admin/verify_pin', { approver: manager, pin: demoPin(MANAGER) })
      ).json();
      clock.advance(10 * 60_000);
      expect(await consumeApproval(t.db, approval, { approverId: manager, now: clock() })).toBe(false);
    } finally {
      await t.close();
    }
  });
});
