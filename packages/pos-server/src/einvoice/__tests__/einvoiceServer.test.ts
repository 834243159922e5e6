import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import type { Receipt } from 'pos-sdk/contract';
import { sen } from 'pos-sdk/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody } from '../../__tests__/support/saleSupport';
import { CASHIER, DEMO_PASSWORD, MANAGER, SETUP_TIMEOUT_MS } from '../../__tests__/support/testApp';
import { DEFAULT_CONFIG, type EinvoiceConfig } from '../../config';
import { type RunningServer, startServer } from '../../server';
import { registerTerminal } from '../../terminals';
import { buildEinvoiceDocument } from '../buildEinvoiceDocument';
import { consolidatedInput } from '../consolidatedInput';
import { createMyInvoisClient } from '../myinvoisClient';
import { signDocument } from '../signDocument';
import { loadSigningCredentials } from '../signingCredentials';
import { submissionDocument } from '../submissionDocument';
import { GYM } from './support/einvoiceFixtures';
import type { MyInvoisSimulator } from './support/myinvoisSimulator';
import { type MyInvoisTestBed, startMyInvoisTestBed } from './support/myinvoisTestBed';

const SUBMISSIONS = '/api/v1.0/documentsubmissions';

/** The e-invoice sender as the server runs it: started with the server only when e-invoicing is on, over a socket. */
describe('the e-invoice sender in a running server', () => {
  let dir: string;
  let bed: MyInvoisTestBed;
  let simulator: MyInvoisSimulator;
  let einvoice: EinvoiceConfig;
  const clock = () => new Date();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pos-einvoice-server-'));
    bed = await startMyInvoisTestBed(clock);
    ({ simulator, einvoice } = bed);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await bed?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (withEinvoice: boolean) =>
    startServer({
      config: {
        ...DEFAULT_CONFIG,
        port: 0,
        databaseUrl: `sqlite:${join(dir, 'pos.db')}`,
        dataDir: dir,
        einvoice: withEinvoice ? einvoice : undefined,
      },
      logger: pino({ level: 'silent' }),
    });
  /** A month's signed document, as `submitMonth` keeps it. */
  const signedMonth = (month: string) => {
    const input = consolidatedInput({
      store: 'STORE',
      month,
      issuedAt: new Date(Math.floor(Date.now() / 1000) * 1000),
      supplier: GYM,
      receipts: [
        {
          number: 1,
          receipt: 'STORE-000001',
          parts: [{ taxType: '02', taxRateBp: 800, taxName: 'SST8', excludingTax: sen(4537), tax: sen(363) }],
        },
      ],
    });
    const signed = signDocument(
      buildEinvoiceDocument(input),
      loadSigningCredentials({ keyPem: bed.cert.keyPem, certificatePem: bed.cert.certificatePem }),
      new Date(),
    );
    return {
      number: input.number,
      json: signed.json,
      hash: submissionDocument(signed, input.number).documentHash,
    };
  };
  const insert = async (
    server: RunningServer,
    month: string,
    changes: Record<string, string | number> = {},
  ) => {
    const signed = signedMonth(month);
    const id = randomUUID();
    const at = new Date().toISOString();
    await server.db
      .insertInto('einvoice_documents')
      .values({
        id,
        store: 'STORE',
        event_key: `consolidated:STORE:${month}`,
        type_code: '01',
        number: signed.number,
        status: 'queued',
        next_attempt_at: at,
        created_at: at,
        document_json: signed.json,
        document_hash: signed.hash,
        ...changes,
      })
      .execute();
    return { id, signed };
  };
  const statusOf = async (server: RunningServer, id: string) =>
    await server.db
      .selectFrom('einvoice_documents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const until = async (server: RunningServer, id: string, status: string) => {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const row = await statusOf(server, id);
      if (row.status === status) return row;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return statusOf(server, id);
  };
  const taken = () =>
    simulator.requests.filter((r) => r.method === 'POST' && r.path === SUBMISSIONS && r.status === 202);

  it('runs no sender when e-invoicing is off; with it on, submits a queued document and follows it to valid', async () => {
    const off = await start(false);
    expect(off.einvoice).toBeUndefined();
    await off.close();

    const server = await start(true);
    try {
      expect(server.einvoice).toBeDefined();
      const { id } = await insert(server, '2026-09');
      server.einvoice?.wake();
      const row = await until(server, id, 'valid');
      expect(row).toMatchObject({ status: 'valid', attempts: 1 });
      expect(row.long_id).toBeTruthy();
      expect(taken()).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a server restarted with a document submitted but not yet validated polls it to valid and never submits it again', async () => {
    const server = await start(true);
    await server.close(); // migrated, then stopped
    const client = createMyInvoisClient({ ...einvoice });
    const signed = signedMonth('2026-10');
    // The stopped server had sent it and recorded the 202: the row is `submitted` with MyInvois's UUID.
    const outcome = await client.submit([
      {
        format: 'JSON',
        document: Buffer.from(signed.json).toString('base64'),
        documentHash: signed.hash,
        codeNumber: signed.number,
      },
    ]);
    if (outcome.kind !== 'accepted') throw new Error(`not accepted: ${outcome.kind}`);
    const before = taken().length;
    const restarted = await start(true);
    try {
      const id = randomUUID();
      const at = new Date().toISOString();
      await restarted.db
        .insertInto('einvoice_documents')
        .values({
          id,
          store: 'STORE',
          event_key: 'consolidated:STORE:2026-10',
          type_code: '01',
          number: signed.number,
          status: 'submitted',
          attempts: 1,
          next_attempt_at: at,
          created_at: at,
          submitted_at: at,
          document_json: signed.json,
          document_hash: signed.hash,
          submission_uid: outcome.submissionUid,
          uuid: outcome.accepted[0]?.uuid ?? null,
        })
        .execute();
      restarted.einvoice?.wake();
      const row = await until(restarted, id, 'valid');
      expect(row.status).toBe('valid');
      expect(row.uuid).toBe(outcome.accepted[0]?.uuid);
      expect(taken().length - before).toBe(0);
    } finally {
      await restarted.close();
    }
  }, 60_000);
  it("a buyer's request through the running server: the receipt emailed with its request link, the e-invoice submitted, and once valid emailed to the buyer", async () => {
    const own = join(dir, 'buyer');
    mkdirSync(own);
    const server = await startServer({
      config: {
        ...DEFAULT_CONFIG,
        port: 0,
        databaseUrl: `sqlite:${join(own, 'pos.db')}`,
        dataDir: own,
        einvoice,
        publicUrl: 'https://pos.gym.example',
      },
      logger: pino({ level: 'silent' }),
      seedDemoIfEmpty: true,
    });
    try {
      const { app } = server;
      await registerTerminal(server.db, { id: 'TICKET01', store: 'STORE', by: 'test', now: new Date() });
      const signIn = async (email: string) => {
        const identity = await app.inject({
          method: 'POST',
          url: '/v1/identity/sign_in',
          payload: { email, password: DEMO_PASSWORD },
        });
        const login = await app.inject({
          method: 'POST',
          url: '/v1/admin_login',
          headers: { 'x-host-name': 'TICKET01' },
          payload: { idToken: identity.json<{ idToken: string }>().idToken },
        });
        return {
          authorization: `Bearer ${login.json<{ userToken: string }>().userToken}`,
          'x-host-name': 'TICKET01',
        };
      };
      const post = async (headers: Record<string, string>, url: string, payload: object, key = false) => {
        const response = await app.inject({
          method: 'POST',
          url,
          payload: payload as Record<string, unknown>,
          headers: { ...headers, ...(key ? { 'idempotency-key': randomUUID() } : {}) },
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response;
      };
      const manager = await signIn(MANAGER);
      const cashier = await signIn(CASHIER);
      await post(manager, '/v1/admin/settings/set', { name: GYM.name });
      await post(manager, '/v1/admin/einvoice/settings/set', {
        tin: GYM.tin,
        brn: GYM.brn,
        msic_code: '93118',
        activity: 'Fitness centre',
        address_line: 'Lot 12, Jalan Tun Razak',
        city: 'Kuala Lumpur',
        postcode: '50400',
        state_code: '14',
        phone: '+60321234567',
      });
      await post(cashier, '/v1/admin/start_shift', {});
      const sold = await post(
        cashier,
        '/v1/checkout',
        checkoutBody([cartItem('GRIP-M', 1, new Date())], { email: 'guest@example.com' }),
        true,
      );
      const { order } = sold.json<Receipt>();
      const link = order.einvoice_request_url ?? '';
      expect(link).toMatch(/^https:\/\/pos\.gym\.example\/e-invoice\//);
      const requested = await app.inject({
        method: 'POST',
        url: link.slice('https://pos.gym.example'.length),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          name: 'Aminah binti Hassan',
          tin: 'IG12345678901',
          id_type: 'NRIC',
          id_value: '900101145678',
          address_line: '12 Jalan Ampang',
          city: 'Kuala Lumpur',
          postcode: '50450',
          state_code: '14',
          phone: '+60123456789',
          email: 'aminah@example.com',
        }).toString(),
      });
      expect(requested.statusCode, requested.body).toBe(303);
      const document = await server.db
        .selectFrom('einvoice_documents')
        .select('id')
        .where('order_id', '=', order._id)
        .executeTakeFirstOrThrow();
      const valid = await until(server, document.id, 'valid');
      expect(valid.status).toBe('valid');
      // The sender's onValid queued the buyer's email, and the mail sender wrote it (no SMTP: an .eml file).
      const deadline = Date.now() + 20_000;
      let files: string[] = [];
      while (Date.now() < deadline) {
        files = readdirSync(join(own, 'outbox'), { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name);
        if (files.some((name) => name.includes('-einvoice-'))) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const read = (kind: string) =>
        simpleParser(
          readFileSync(join(own, 'outbox', files.find((name) => name.includes(`-${kind}-`)) ?? '')),
        );
      expect((await read('receipt')).text).toContain(link);
      const mail = await read('einvoice');
      expect(mail.to).toMatchObject({ text: 'aminah@example.com' });
      expect(mail.text).toContain(
        `https://preprod.myinvois.hasil.gov.my/${valid.uuid}/share/${valid.long_id}`,
      );
    } finally {
      await server.close();
    }
  }, 60_000);
});
