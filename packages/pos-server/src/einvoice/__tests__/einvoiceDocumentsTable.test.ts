import type { Insertable } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
} from '../../__tests__/support/testApp';
import type { EinvoiceDocumentsTable } from '../../db/Database';

/** The e-invoice outbox's table (migration 0031): what its constraints promise the sender that will use it. */
describeOnEngines('einvoice_documents', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine, seed: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  const at = '2026-11-29T01:15:30.000Z';
  const row = (
    id: string,
    changes: Partial<Insertable<EinvoiceDocumentsTable>> = {},
  ): Insertable<EinvoiceDocumentsTable> => ({
    id,
    store: 'STORE',
    event_key: `consolidated:STORE:${id}`,
    type_code: '01' as const,
    number: `CONS-${id}`,
    order_id: null,
    original_id: null,
    status: 'queued' as const,
    next_attempt_at: at,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    document_json: null,
    document_hash: null,
    submission_uid: null,
    uuid: null,
    long_id: null,
    validation_errors: null,
    created_at: at,
    submitted_at: null,
    validated_at: null,
    cancelled_at: null,
    ...changes,
  });
  const insert = (values: Insertable<EinvoiceDocumentsTable>) =>
    t.db.insertInto('einvoice_documents').values(values).execute();

  it('keeps a queued document with its attempts at 0 and finds it due', async () => {
    await insert(row('a'));
    const due = await t.db
      .selectFrom('einvoice_documents')
      .select(['id', 'attempts', 'status'])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', at)
      .execute();
    expect(due.map((d) => ({ ...d, attempts: Number(d.attempts) }))).toEqual([
      { id: 'a', attempts: 0, status: 'queued' },
    ]);
  });

  it('one event never issues two documents, nor a store one number twice', async () => {
    await insert(row('b'));
    await expect(insert(row('c', { event_key: 'consolidated:STORE:b' }))).rejects.toThrow();
    await expect(insert(row('d', { number: 'CONS-b' }))).rejects.toThrow();
    // Another store may use the same number.
    await insert(row('e', { store: 'OTHER', number: 'CONS-b' }));
  });

  it('a note names the document it corrects; an unknown order or original is refused', async () => {
    await insert(row('f'));
    await insert(row('g', { type_code: '02', original_id: 'f' }));
    await expect(insert(row('h', { type_code: '04', original_id: 'no-such-document' }))).rejects.toThrow();
    await expect(insert(row('i', { order_id: 'no-such-order' }))).rejects.toThrow();
  });
});
