import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEinvoiceDocument } from '../buildEinvoiceDocument';
import type { EinvoiceInput, IdentifiedBuyer } from '../einvoiceInput';
import { createMyInvoisClient, type MyInvoisClient } from '../myinvoisClient';
import type { SubmitOutcome } from '../myinvoisOutcome';
import { signDocument } from '../signDocument';
import { loadSigningCredentials, type SigningCredentials } from '../signingCredentials';
import { type SubmissionDocument, submissionDocument } from '../submissionDocument';
import { GYM, MEMBER_INVOICE } from './support/einvoiceFixtures';
import { type MyInvoisSimulator, startMyInvoisSimulator } from './support/myinvoisSimulator';
import { makeTestCertificate, type TestCertificate } from './support/testCertificate';

const START = Date.parse('2026-11-29T01:16:00Z'); // a few seconds after MEMBER_INVOICE was issued
const VALIDATION_MS = 5_000;
const HOUR = 3_600_000;

describe('MyInvois client against the simulator', () => {
  let cert: TestCertificate;
  let stranger: TestCertificate;
  let credentials: SigningCredentials;
  let strangerCredentials: SigningCredentials;
  let now: number;
  let simulator: MyInvoisSimulator;
  let client: MyInvoisClient;
  let sequence = 0;

  beforeAll(() => {
    cert = makeTestCertificate();
    stranger = makeTestCertificate();
    credentials = loadSigningCredentials({ keyPem: cert.keyPem, certificatePem: cert.certificatePem });
    strangerCredentials = loadSigningCredentials({
      keyPem: stranger.keyPem,
      certificatePem: stranger.certificatePem,
    });
  });
  afterAll(() => {
    cert.remove();
    stranger.remove();
  });

  const clock = () => new Date(now);
  const makeClient = (overrides: Partial<Parameters<typeof createMyInvoisClient>[0]> = {}) =>
    createMyInvoisClient({
      identityUrl: simulator.url,
      apiUrl: simulator.url,
      clientId: 'gym-erp',
      clientSecret: 's3cret',
      clock,
      timeoutMs: 2_000,
      ...overrides,
    });

  beforeEach(async () => {
    now = START;
    simulator = await startMyInvoisSimulator({
      clock,
      clientId: 'gym-erp',
      clientSecret: 's3cret',
      taxpayerTin: GYM.tin,
      trustedCertificate: cert.certificatePem,
      validationDelayMs: VALIDATION_MS,
    });
    client = makeClient();
  });
  afterEach(async () => {
    await simulator.close();
  });

  /** A signed invoice with its own number, ready to submit. */
  const invoice = (
    changes: Partial<EinvoiceInput> = {},
    signer: SigningCredentials = credentials,
  ): SubmissionDocument => {
    sequence += 1;
    const input = { ...MEMBER_INVOICE, number: `STORE-${String(sequence).padStart(6, '0')}`, ...changes };
    return submissionDocument(signDocument(buildEinvoiceDocument(input), signer, clock()), input.number);
  };
  const submissions = () =>
    simulator.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1.0/documentsubmissions');
  const accepted = (outcome: SubmitOutcome) => {
    if (outcome.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(outcome)}`);
    return outcome;
  };

  describe('token', () => {
    it('logs in once and keeps the token for later calls', async () => {
      accepted(await client.submit([invoice()]));
      accepted(await client.submit([invoice()]));
      expect(simulator.tokensIssued()).toBe(1);
    });

    it('logs in again shortly before the token expires (60 s by default)', async () => {
      accepted(await client.submit([invoice()]));
      now += HOUR - 61_000;
      accepted(await client.submit([invoice()]));
      expect(simulator.tokensIssued()).toBe(1);
      now += 2_000; // 59 s before expiry
      accepted(await client.submit([invoice()]));
      expect(simulator.tokensIssued()).toBe(2);
    });

    it('a 401 (token gone on their side) logs in again and repeats the call once', async () => {
      accepted(await client.submit([invoice()]));
      simulator.revokeTokens();
      accepted(await client.submit([invoice()]));
      expect(simulator.tokensIssued()).toBe(2);
      expect(submissions().map((r) => r.status)).toEqual([202, 401, 202]);
    });

    it('concurrent calls share one login', async () => {
      const outcomes = await Promise.all([
        client.submit([invoice()]),
        client.submit([invoice()]),
        client.submit([invoice()]),
      ]);
      expect(outcomes.map((o) => o.kind)).toEqual(['accepted', 'accepted', 'accepted']);
      expect(simulator.tokensIssued()).toBe(1);
    });

    it('a refused login is transient (the credentials are fixed, the document kept) and nothing is submitted', async () => {
      const outcome = await makeClient({ clientSecret: 'wrong' }).submit([invoice()]);
      expect(outcome).toEqual({
        kind: 'transient',
        reason: 'MyInvois login refused (400): invalid_client Invalid client credentials',
        status: 400,
      });
      expect(submissions()).toHaveLength(0);
    });
  });

  describe('submit, then follow the submission', () => {
    it('202: the submission UID and each document UUID; InProgress, then Valid with its longId', async () => {
      const document = invoice();
      const outcome = accepted(await client.submit([document]));
      expect(outcome.accepted).toEqual([
        { uuid: expect.stringMatching(/^[0-9A-Z]{26}$/), invoiceCodeNumber: document.codeNumber },
      ]);
      expect(outcome.rejected).toEqual([]);
      const uuid = outcome.accepted[0]?.uuid as string;

      const pending = await client.getSubmission(outcome.submissionUid);
      expect(pending.kind === 'ok' && pending.value.overallStatus).toBe('InProgress');
      expect(pending.kind === 'ok' && pending.value.documentSummary[0]?.status).toBe('Submitted');

      now += VALIDATION_MS;
      const done = await client.getSubmission(outcome.submissionUid, { pageNo: 1, pageSize: 10 });
      if (done.kind !== 'ok') throw new Error(JSON.stringify(done));
      expect(done.value.overallStatus).toBe('Valid');
      expect(done.value.documentSummary).toEqual([
        expect.objectContaining({
          uuid,
          status: 'Valid',
          internalId: document.codeNumber,
          longId: expect.any(String),
        }),
      ]);

      const details = await client.getDocumentDetails(uuid);
      if (details.kind !== 'ok') throw new Error(JSON.stringify(details));
      expect(details.value.validationResults?.status).toBe('Valid');
      expect(details.value.validationResults?.validationSteps.map((step) => step.status)).toEqual([
        'Valid',
        'Valid',
        'Valid',
      ]);
      expect(details.value.longId).toBe(done.value.documentSummary[0]?.longId);
      expect(submissions()).toHaveLength(1);
    });

    it('a document signed with another certificate is taken, then Invalid with the signature step failed', async () => {
      const outcome = accepted(await client.submit([invoice({}, strangerCredentials)]));
      now += VALIDATION_MS;
      const submission = await client.getSubmission(outcome.submissionUid);
      expect(submission.kind === 'ok' && submission.value.overallStatus).toBe('Invalid');
      const details = await client.getDocumentDetails(outcome.accepted[0]?.uuid as string);
      if (details.kind !== 'ok') throw new Error(JSON.stringify(details));
      const signatureStep = details.value.validationResults?.validationSteps.find((step) =>
        step.name.includes('Signature'),
      );
      expect(signatureStep?.status).toBe('Invalid');
      expect(JSON.stringify(signatureStep?.error)).toContain("the signature is not the document's");
      expect(details.value.longId).toBeUndefined();
    });

    it('a document without a required field is Invalid naming the field; with a valid one the submission is Partially Valid', async () => {
      const good = invoice();
      const signed = signDocument(
        buildEinvoiceDocument({
          ...MEMBER_INVOICE,
          number: 'STORE-NO-BUYER-TIN',
          buyer: { ...(MEMBER_INVOICE.buyer as IdentifiedBuyer), tin: '' },
        }),
        credentials,
        clock(),
      );
      const outcome = accepted(await client.submit([good, submissionDocument(signed, 'STORE-NO-BUYER-TIN')]));
      now += VALIDATION_MS;
      const submission = await client.getSubmission(outcome.submissionUid);
      expect(submission.kind === 'ok' && submission.value.overallStatus).toBe('Partially Valid');
      const details = await client.getDocumentDetails(outcome.accepted[1]?.uuid as string);
      expect(JSON.stringify(details)).toContain(
        'AccountingCustomerParty.Party.PartyIdentification[TIN] is mandatory',
      );
    });

    it('an unknown submission or document is rejected with 404', async () => {
      const outcome = await client.getSubmission('NOSUCHSUBMISSION0000000000');
      expect(outcome).toMatchObject({ kind: 'rejected', status: 404, errors: [{ errorCode: 'NotFound' }] });
      expect(await client.getDocumentDetails('NOSUCHDOCUMENT')).toMatchObject({
        kind: 'rejected',
        status: 404,
      });
    });
  });

  describe('duplicates', () => {
    it('the same submission within 10 minutes: 422 DuplicateSubmission, retryAfter with its Retry-After', async () => {
      const document = invoice();
      accepted(await client.submit([document]));
      now += 4 * 60_000;
      expect(await client.submit([document])).toEqual({
        kind: 'retryAfter',
        ms: 6 * 60_000,
        status: 422,
        errorCode: 'DuplicateSubmission',
      });
    });

    it('a document submitted before (DS302): duplicate, naming the earlier document UUID', async () => {
      const first = accepted(await client.submit([invoice({ number: 'STORE-DUP' })]));
      now += 1_000;
      // Signed again a second later: another payload, the same document for LHDN (type, number, issue time, TIN).
      const outcome = await client.submit([invoice({ number: 'STORE-DUP' })]);
      expect(outcome).toMatchObject({
        kind: 'duplicate',
        rejected: [{ invoiceCodeNumber: 'STORE-DUP', duplicateOf: first.accepted[0]?.uuid }],
      });
    });

    it('an answer lost after the submission was taken: transient, and the outbox sending it again is caught, never doubled', async () => {
      const document = invoice();
      simulator.fault({ kind: 'lostAnswer' }, { path: '/api/v1.0/documentsubmissions', method: 'POST' });
      const lost = await client.submit([document]);
      expect(lost.kind).toBe('transient');
      expect(simulator.documents.size).toBe(1);
      const [held] = [...simulator.documents.values()];

      // The outbox tries again: within 10 minutes MyInvois says wait; after, the document is known (DS302).
      expect(await client.submit([document])).toMatchObject({ kind: 'retryAfter', status: 422 });
      now += 10 * 60_000;
      expect(await client.submit([document])).toMatchObject({
        kind: 'duplicate',
        rejected: [{ duplicateOf: held?.uuid }],
      });
      expect(simulator.documents.size).toBe(1);
    });
  });

  describe('faults', () => {
    it('429: retryAfter with Retry-After in ms, and the client does not send again', async () => {
      simulator.fault(
        { kind: 'status', status: 429, retryAfterSeconds: 7 },
        { path: '/api/v1.0/documentsubmissions' },
      );
      expect(await client.submit([invoice()])).toEqual({
        kind: 'retryAfter',
        ms: 7_000,
        status: 429,
        errorCode: 'TooManyRequests',
      });
      expect(submissions()).toHaveLength(1);
      expect(simulator.documents.size).toBe(0);
    });

    it('429 on a read is retryAfter too; without Retry-After, the default wait', async () => {
      const outcome = accepted(await client.submit([invoice()]));
      simulator.fault({ kind: 'status', status: 429 }, { path: '/api/v1.0/documentsubmissions/' });
      expect(
        await makeClient({ defaultRetryAfterMs: 45_000 }).getSubmission(outcome.submissionUid),
      ).toMatchObject({
        kind: 'retryAfter',
        ms: 45_000,
      });
    });

    it.each([
      ['503', { kind: 'status', status: 503 } as const, /^MyInvois answered 503/],
      ['500', { kind: 'status', status: 500 } as const, /^MyInvois answered 500/],
      ['down (no answer)', { kind: 'down' } as const, /^no answer from MyInvois/],
      [
        'slow (past the timeout)',
        { kind: 'slow', ms: 3_000 } as const,
        /^no answer from MyInvois: TimeoutError/,
      ],
    ])('%s: transient, sent once', async (_name, fault, reason) => {
      simulator.fault(fault, { path: '/api/v1.0/documentsubmissions', method: 'POST' });
      const outcome = await client.submit([invoice()]);
      expect(outcome.kind).toBe('transient');
      expect(outcome.kind === 'transient' && outcome.reason).toMatch(reason);
      expect(submissions()).toHaveLength(1);
    });

    it('a 202 it cannot read: transient, and not sent again (the outbox decides, MyInvois catches a repeat)', async () => {
      simulator.fault(
        { kind: 'status', status: 202 },
        { path: '/api/v1.0/documentsubmissions', method: 'POST' },
      );
      expect(await client.submit([invoice()])).toEqual({
        kind: 'transient',
        reason: 'MyInvois answered 202 without a submission UID',
        status: 202,
      });
      expect(submissions()).toHaveLength(1);
    });

    it('a token endpoint that is down: transient, nothing submitted', async () => {
      simulator.fault({ kind: 'down' }, { path: '/connect/token' });
      expect((await client.submit([invoice()])).kind).toBe('transient');
      expect(submissions()).toHaveLength(0);
    });
  });

  describe('limits and refusals', () => {
    it('over 100 documents: rejected 400 BadStructure', async () => {
      const document = invoice();
      const outcome = await client.submit(Array.from({ length: 101 }, () => document));
      expect(outcome).toMatchObject({
        kind: 'rejected',
        status: 400,
        errors: [{ errorCode: 'BadStructure' }],
      });
    });

    it('over 5 MB: rejected 400 MaximumSizeExceeded', async () => {
      const document = invoice();
      const big = { ...document, codeNumber: 'x'.repeat(5 * 1024 * 1024) };
      const outcome = await client.submit([big]);
      expect(outcome).toMatchObject({
        kind: 'rejected',
        status: 400,
        errors: [{ errorCode: 'MaximumSizeExceeded' }],
      });
    });

    it('a document over 300 KB is refused in the 202; alone, the submission is rejected', async () => {
      const long = 'Membership '.repeat(30_000);
      const outcome = await client.submit([
        invoice({ lines: MEMBER_INVOICE.lines.map((l) => ({ ...l, description: long })) }),
      ]);
      expect(outcome).toMatchObject({
        kind: 'rejected',
        status: 202,
        documents: [{ error: { errorCode: 'MaximumSizeExceeded' } }],
      });
    });

    it("another taxpayer's document: rejected 403 IncorrectSubmitter", async () => {
      const outcome = await client.submit([invoice({ supplier: { ...GYM, tin: 'C99999999999' } })]);
      expect(outcome).toMatchObject({
        kind: 'rejected',
        status: 403,
        errors: [{ errorCode: 'IncorrectSubmitter' }],
      });
    });
  });

  describe('cancel', () => {
    const validDocument = async () => {
      const outcome = accepted(await client.submit([invoice()]));
      now += VALIDATION_MS;
      return outcome.accepted[0]?.uuid as string;
    };

    it('within 72 hours of validation: Cancelled', async () => {
      const uuid = await validDocument();
      now += 71 * HOUR;
      expect(await client.cancel(uuid, 'Wrong buyer details')).toEqual({
        kind: 'ok',
        value: { uuid, status: 'Cancelled' },
      });
      const details = await client.getDocumentDetails(uuid);
      expect(details.kind === 'ok' && details.value.status).toBe('Cancelled');
    });

    it('after 72 hours: rejected OperationPeriodOver (a credit note is the way then)', async () => {
      const uuid = await validDocument();
      now += 72 * HOUR + 1_000;
      expect(await client.cancel(uuid, 'Wrong buyer details')).toMatchObject({
        kind: 'rejected',
        status: 400,
        errors: [{ errorCode: 'OperationPeriodOver' }],
      });
    });

    it('twice: the second is rejected IncorrectState', async () => {
      const uuid = await validDocument();
      expect((await client.cancel(uuid, 'Wrong invoice details')).kind).toBe('ok');
      expect(await client.cancel(uuid, 'Wrong invoice details')).toMatchObject({
        kind: 'rejected',
        errors: [{ errorCode: 'IncorrectState' }],
      });
    });
  });
});
