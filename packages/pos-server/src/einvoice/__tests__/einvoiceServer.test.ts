import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { sen } from 'pos-sdk/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT_MS } from '../../__tests__/support/testApp';
import { DEFAULT_CONFIG, type EinvoiceConfig } from '../../config';
import { type RunningServer, startServer } from '../../server';
import { buildEinvoiceDocument } from '../buildEinvoiceDocument';
import { consolidatedInput } from '../consolidatedInput';
import { createMyInvoisClient } from '../myinvoisClient';
import { signDocument } from '../signDocument';
import { loadSigningCredentials } from '../signingCredentials';
import { submissionDocument } from '../submissionDocument';
import { GYM } from './support/einvoiceFixtures';
import { type MyInvoisSimulator, startMyInvoisSimulator } from './support/myinvoisSimulator';
import { makeTestCertificate, type TestCertificate } from './support/testCertificate';

const SUBMISSIONS = '/api/v1.0/documentsubmissions';

/** The e-invoice sender as the server runs it: started with the server only when e-invoicing is on, over a socket. */
describe('the e-invoice sender in a running server', () => {
  let dir: string;
  let cert: TestCertificate;
  let simulator: MyInvoisSimulator;
  let einvoice: EinvoiceConfig;
  const clock = () => new Date();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pos-einvoice-server-'));
    cert = makeTestCertificate();
    simulator = await startMyInvoisSimulator({
      clock,
      clientId: 'gym-erp',
      clientSecret: 's3cret',
      taxpayerTin: GYM.tin,
      trustedCertificate: cert.certificatePem,
    });
    einvoice = {
      environment: 'sandbox',
      apiUrl: simulator.url,
      identityUrl: simulator.url,
      portalUrl: 'https://preprod.myinvois.hasil.gov.my',
      clientId: 'gym-erp',
      clientSecret: 's3cret',
      signing: {
        keyFile: join(cert.folder, 'key.pem'),
        certificateFile: join(cert.folder, 'cert.pem'),
        passphrase: undefined,
      },
    };
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await simulator?.close();
    cert?.remove();
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
      loadSigningCredentials({ keyPem: cert.keyPem, certificatePem: cert.certificatePem }),
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
});
