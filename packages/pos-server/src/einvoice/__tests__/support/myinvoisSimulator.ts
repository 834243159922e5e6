import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A MyInvois stand-in for tests: a real HTTP server on 127.0.0.1 that behaves as LHDN's SDK documents it
 * (https://sdk.myinvois.hasil.gov.my/einvoicingapi/ and /api/), with faults on demand. Its checks of a document are
 * written here from the SDK's pages, not taken from the code under test.
 *
 * - `POST /connect/token`: client credentials; a token lives `tokenLifetimeSeconds` (3600) by the simulator's clock.
 * - `POST /api/v1.0/documentsubmissions`: 202 with `submissionUid`, `acceptedDocuments`, `rejectedDocuments`.
 *   400 MaximumSizeExceeded over 5 MB, 400 BadStructure over 100 documents or without documents, a document over
 *   300 KB rejected; 403 IncorrectSubmitter for a document of another taxpayer; 422 DuplicateSubmission with
 *   `Retry-After` for the same payload within 10 minutes; DS302 for a document already submitted (same type,
 *   version, issue date and time, number and supplier TIN).
 * - Each accepted document is validated (required fields, issue time within 72 hours, the signature against the
 *   trusted certificate) and its result shows `validationDelayMs` after submission: `Submitted` until then.
 * - `GET /api/v1.0/documentsubmissions/{uid}`, `GET /api/v1.0/documents/{uuid}/details`,
 *   `PUT /api/v1.0/documents/state/{uuid}/state` (cancel within 72 hours of validation).
 */
export interface SimulatorOptions {
  clock: () => Date;
  clientId: string;
  clientSecret: string;
  /** The taxpayer the client belongs to: documents of another supplier TIN are refused (403). */
  taxpayerTin: string;
  /** The certificate whose key must have signed the documents. */
  trustedCertificate: string | Buffer;
  tokenLifetimeSeconds?: number;
  /** How long validation takes (by the simulator's clock); default 0: done at once. */
  validationDelayMs?: number;
}

/** A scripted fault for the next matching requests. */
export type Fault =
  /** Answer this status (with `Retry-After` when given) instead of serving the request. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** Close the connection without an answer, before doing anything. */
  | { kind: 'down' }
  /** Wait this long, then serve the request. */
  | { kind: 'slow'; ms: number }
  /** Serve the request (a submission is taken), then close the connection without answering. */
  | { kind: 'lostAnswer' };

/** A document the simulator holds. */
export interface SimulatedDocument {
  uuid: string;
  submissionUid: string;
  codeNumber: string;
  internalId: string;
  typeCode: string;
  issuerTin: string;
  receivedAt: number;
  /** The validation's result, revealed at `receivedAt + validationDelayMs`. */
  outcome: {
    status: 'Valid' | 'Invalid';
    steps: { name: string; status: 'Valid' | 'Invalid'; error?: object }[];
  };
  longId?: string;
  cancelledAt?: number;
  cancelReason?: string;
  duplicateKey: string;
}

/** The running simulator. */
export interface MyInvoisSimulator {
  /** Its base address (both identity and API). */
  url: string;
  /** The next `times` (1) requests whose path starts with `path` (any) and whose method is `method` (any) fail. */
  fault(fault: Fault, match?: { path?: string; method?: string; times?: number }): void;
  /** Every request served or refused, in order. */
  readonly requests: { method: string; path: string; status: number | 'dropped' }[];
  readonly documents: Map<string, SimulatedDocument>;
  /** How many tokens were issued. */
  tokensIssued(): number;
  /** Revokes every token, as an early expiry on LHDN's side. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const MAX_SUBMISSION_BYTES = 5 * 1024 * 1024;
const MAX_DOCUMENTS = 100;
const MAX_DOCUMENT_BYTES = 300 * 1024;
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const CANCEL_WINDOW_MS = 72 * 3_600_000;
const ISSUE_WINDOW_MS = 72 * 3_600_000;

type Json = Record<string, unknown>;
const first = (node: unknown, name: string): Json | undefined =>
  ((node as Record<string, Json[]> | undefined)?.[name] ?? [])[0];
const text = (node: unknown, name: string): unknown => first(node, name)?._;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data);

/** An id of 26 Latin alphanumerics, as MyInvois's submission and document UIDs. */
const uid = () => {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return [...randomBytes(26)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

const standardError = (errorCode: string, error: string, innerError: object[] | null = null) => ({
  error: { propertyName: null, propertyPath: null, errorCode, error, errorMS: error, innerError },
});

/** The TIN of a party (`PartyIdentification` with schemeID TIN). */
function tinOf(party: Json | undefined): string | undefined {
  const ids = (party?.PartyIdentification as Json[] | undefined) ?? [];
  const tin = ids.map((id) => first(id, 'ID')).find((id) => id?.schemeID === 'TIN');
  return typeof tin?._ === 'string' ? tin._ : undefined;
}

/** The required fields of a version 1.1 document that the tests exercise (https://sdk.myinvois.hasil.gov.my/documents/invoice-v1-1/). */
function missingFields(invoice: Json): string[] {
  const missing: string[] = [];
  const need = (ok: boolean, path: string) => {
    if (!ok) missing.push(path);
  };
  const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  need(nonEmpty(text(invoice, 'ID')), 'Invoice.ID');
  need(/^\d{4}-\d{2}-\d{2}$/.test(String(text(invoice, 'IssueDate'))), 'Invoice.IssueDate');
  need(/^\d{2}:\d{2}:\d{2}Z$/.test(String(text(invoice, 'IssueTime'))), 'Invoice.IssueTime');
  need(first(invoice, 'InvoiceTypeCode')?.listVersionID === '1.1', 'Invoice.InvoiceTypeCode.listVersionID');
  need(nonEmpty(text(invoice, 'DocumentCurrencyCode')), 'Invoice.DocumentCurrencyCode');
  const supplier = first(first(invoice, 'AccountingSupplierParty'), 'Party');
  need(nonEmpty(tinOf(supplier)), 'AccountingSupplierParty.Party.PartyIdentification[TIN]');
  need(
    nonEmpty(text(supplier, 'IndustryClassificationCode')),
    'AccountingSupplierParty.Party.IndustryClassificationCode',
  );
  need(
    nonEmpty(text(first(supplier, 'PartyLegalEntity'), 'RegistrationName')),
    'AccountingSupplierParty.Party.PartyLegalEntity.RegistrationName',
  );
  const buyer = first(first(invoice, 'AccountingCustomerParty'), 'Party');
  need(nonEmpty(tinOf(buyer)), 'AccountingCustomerParty.Party.PartyIdentification[TIN]');
  need(
    nonEmpty(text(first(buyer, 'PartyLegalEntity'), 'RegistrationName')),
    'AccountingCustomerParty.Party.PartyLegalEntity.RegistrationName',
  );
  need(typeof text(first(invoice, 'TaxTotal'), 'TaxAmount') === 'number', 'Invoice.TaxTotal.TaxAmount');
  need(
    typeof text(first(invoice, 'LegalMonetaryTotal'), 'PayableAmount') === 'number',
    'Invoice.LegalMonetaryTotal.PayableAmount',
  );
  const lines = (invoice.InvoiceLine as Json[] | undefined) ?? [];
  need(lines.length > 0, 'Invoice.InvoiceLine');
  lines.forEach((line, index) => {
    need(
      typeof text(line, 'LineExtensionAmount') === 'number',
      `Invoice.InvoiceLine[${index}].LineExtensionAmount`,
    );
    const item = first(line, 'Item');
    need(nonEmpty(text(item, 'Description')), `Invoice.InvoiceLine[${index}].Item.Description`);
    need(
      first(first(item, 'CommodityClassification'), 'ItemClassificationCode')?.listID === 'CLASS',
      `Invoice.InvoiceLine[${index}].Item.CommodityClassification[CLASS]`,
    );
  });
  const type = text(invoice, 'InvoiceTypeCode');
  if (type === '02' || type === '03' || type === '04') {
    const reference = first(first(invoice, 'BillingReference'), 'InvoiceDocumentReference');
    need(nonEmpty(text(reference, 'UUID')), 'Invoice.BillingReference.InvoiceDocumentReference.UUID');
  }
  return missing;
}

/**
 * The signature's problems, checked as https://sdk.myinvois.hasil.gov.my/signature-creation-json/ builds it: the
 * document digest, the RSA-SHA256 signature with the trusted certificate's key, the certificate digest, the
 * signed-properties digest.
 */
function signatureProblems(document: Json, trusted: X509Certificate): string[] {
  const invoice = (document.Invoice as Json[] | undefined)?.[0];
  if (invoice === undefined) return ['no Invoice'];
  const signature = first(
    first(
      first(
        first(first(first(invoice, 'UBLExtensions'), 'UBLExtension'), 'ExtensionContent'),
        'UBLDocumentSignatures',
      ),
      'SignatureInformation',
    ),
    'Signature',
  );
  if (signature === undefined || invoice.Signature === undefined) return ['the document is not signed'];
  const problems: string[] = [];
  const { UBLExtensions: _e, Signature: _s, ...unsigned } = invoice;
  const canonical = JSON.stringify({ ...document, Invoice: [unsigned] });
  const references = (first(signature, 'SignedInfo')?.Reference as Json[] | undefined) ?? [];
  const docReference = references.find((reference) => reference.URI === '');
  if (text(docReference, 'DigestValue') !== sha256(canonical).digest('base64')) {
    problems.push('the document digest does not match the document');
  }
  const signatureValue = String(text(signature, 'SignatureValue') ?? '');
  if (!verify('sha256', Buffer.from(canonical), trusted.publicKey, Buffer.from(signatureValue, 'base64'))) {
    problems.push("the signature is not the document's, by the certificate's key");
  }
  const embedded = String(text(first(first(signature, 'KeyInfo'), 'X509Data'), 'X509Certificate') ?? '');
  if (embedded !== trusted.raw.toString('base64'))
    problems.push('the signing certificate is not the trusted one');
  const qualifying = first(first(signature, 'Object'), 'QualifyingProperties');
  const cert = first(
    first(first(first(qualifying, 'SignedProperties'), 'SignedSignatureProperties'), 'SigningCertificate'),
    'Cert',
  );
  if (text(first(cert, 'CertDigest'), 'DigestValue') !== sha256(trusted.raw).digest('base64')) {
    problems.push('the certificate digest does not match the certificate');
  }
  const propsReference = references.find((reference) => reference.URI === '#id-xades-signed-props');
  if (text(propsReference, 'DigestValue') !== sha256(JSON.stringify(qualifying)).digest('base64')) {
    problems.push('the signed properties digest does not match them');
  }
  return problems;
}

/** Starts the simulator on 127.0.0.1 and an ephemeral port. */
export async function startMyInvoisSimulator(options: SimulatorOptions): Promise<MyInvoisSimulator> {
  const trusted = new X509Certificate(options.trustedCertificate);
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const delay = options.validationDelayMs ?? 0;
  const now = () => options.clock().getTime();
  const tokens = new Map<string, number>();
  let issued = 0;
  const faults: { fault: Fault; path?: string; method?: string; times: number }[] = [];
  const requests: MyInvoisSimulator['requests'] = [];
  const documents = new Map<string, SimulatedDocument>();
  const submissions = new Map<string, { receivedAt: number; uuids: string[] }>();
  const payloads = new Map<string, number>();

  const statusOf = (document: SimulatedDocument): 'Submitted' | 'Valid' | 'Invalid' | 'Cancelled' => {
    if (document.cancelledAt !== undefined) return 'Cancelled';
    return now() < document.receivedAt + delay ? 'Submitted' : document.outcome.status;
  };
  const validatedAt = (document: SimulatedDocument) => document.receivedAt + delay;
  const summaryOf = (document: SimulatedDocument) => {
    const status = statusOf(document);
    const validated = status === 'Valid' || status === 'Cancelled';
    return {
      uuid: document.uuid,
      submissionUid: document.submissionUid,
      longId: validated ? document.longId : undefined,
      internalId: document.internalId,
      typeName: 'invoice',
      typeVersionName: '1.1',
      issuerTin: document.issuerTin,
      dateTimeReceived: new Date(document.receivedAt).toISOString(),
      dateTimeValidated: validated ? new Date(validatedAt(document)).toISOString() : undefined,
      status,
      cancelDateTime:
        document.cancelledAt === undefined ? undefined : new Date(document.cancelledAt).toISOString(),
      documentStatusReason: document.cancelReason,
    };
  };

  const submit = (
    body: Buffer,
    reply: (status: number, json: unknown, headers?: Record<string, string>) => void,
  ) => {
    if (body.length > MAX_SUBMISSION_BYTES) {
      return reply(
        400,
        standardError('MaximumSizeExceeded', `The submission exceeds ${MAX_SUBMISSION_BYTES} bytes`),
      );
    }
    const payloadHash = sha256(body).digest('hex');
    const seen = payloads.get(payloadHash);
    if (seen !== undefined && now() - seen < DUPLICATE_WINDOW_MS) {
      const seconds = Math.ceil((seen + DUPLICATE_WINDOW_MS - now()) / 1000);
      return reply(422, standardError('DuplicateSubmission', 'Duplicate submission detected'), {
        'retry-after': String(seconds),
      });
    }
    let parsed: { documents?: unknown };
    try {
      parsed = JSON.parse(body.toString('utf8')) as { documents?: unknown };
    } catch {
      return reply(400, standardError('BadStructure', 'The submission is not JSON'));
    }
    const entries = parsed.documents;
    if (!Array.isArray(entries) || entries.length === 0) {
      return reply(400, standardError('BadStructure', 'The submission has no documents'));
    }
    if (entries.length > MAX_DOCUMENTS) {
      return reply(400, standardError('BadStructure', `A submission has at most ${MAX_DOCUMENTS} documents`));
    }
    const decoded = entries.map((entry: Json) => {
      const bytes = Buffer.from(String(entry.document ?? ''), 'base64');
      let document: Json | undefined;
      try {
        document = JSON.parse(bytes.toString('utf8')) as Json;
      } catch {
        document = undefined;
      }
      return { entry, bytes, document, invoice: (document?.Invoice as Json[] | undefined)?.[0] };
    });
    // The taxpayer issues only its own documents (403 IncorrectSubmitter).
    if (
      decoded.some(
        ({ invoice }) =>
          invoice !== undefined &&
          tinOf(first(first(invoice, 'AccountingSupplierParty'), 'Party')) !== options.taxpayerTin,
      )
    ) {
      return reply(
        403,
        standardError('IncorrectSubmitter', 'The documents are not issued by the submitting taxpayer'),
      );
    }
    payloads.set(payloadHash, now());
    const submissionUid = uid();
    const acceptedDocuments: { uuid: string; invoiceCodeNumber: string }[] = [];
    const rejectedDocuments: { invoiceCodeNumber: string; error: object }[] = [];
    for (const { entry, bytes, document, invoice } of decoded) {
      const codeNumber = String(entry.codeNumber ?? '');
      const reject = (errorCode: string, error: string, innerError: object[] | null = null) =>
        rejectedDocuments.push({
          invoiceCodeNumber: codeNumber,
          error: standardError(errorCode, error, innerError).error,
        });
      if (entry.format !== 'JSON' || document === undefined || invoice === undefined) {
        reject('BadStructure', 'The document is not a JSON UBL invoice');
        continue;
      }
      if (bytes.length > MAX_DOCUMENT_BYTES) {
        reject('MaximumSizeExceeded', `A document is at most ${MAX_DOCUMENT_BYTES} bytes`);
        continue;
      }
      if (entry.documentHash !== sha256(bytes).digest('hex')) {
        reject('BadArgument', 'documentHash is not the SHA-256 of the document');
        continue;
      }
      const uuid = uid();
      // DS302: the same type and version, issue date and time, number and supplier TIN as a document already held
      // (https://sdk.myinvois.hasil.gov.my/documentvalidationrules/duplicate-document-validator-error/).
      const typeCode = first(invoice, 'InvoiceTypeCode');
      const issuerTin = options.taxpayerTin;
      const duplicateKey = [
        typeCode?._,
        typeCode?.listVersionID,
        text(invoice, 'IssueDate'),
        text(invoice, 'IssueTime'),
        text(invoice, 'ID'),
        issuerTin,
      ].join('|');
      const earlier = [...documents.values()].find(
        (held) => held.duplicateKey === duplicateKey && statusOf(held) !== 'Invalid',
      );
      if (earlier !== undefined) {
        const message = `Duplicated submitted document with UUID ${uuid} where the values of configured attributes match with values for the document with UUID: ${earlier.uuid}`;
        reject('Error03', 'Duplicated Submission Validator', [
          {
            propertyName: 'document',
            propertyPath: 'document',
            errorCode: 'DS302',
            error: message,
            errorMS: message,
            innerError: null,
          },
        ]);
        continue;
      }
      const steps: SimulatedDocument['outcome']['steps'] = [];
      const missing = missingFields(invoice);
      steps.push(
        missing.length === 0
          ? { name: 'Step02-Core Fields Validator', status: 'Valid' }
          : {
              name: 'Step02-Core Fields Validator',
              status: 'Invalid',
              error: standardError(
                'CF001',
                'Mandatory fields are missing',
                missing.map((path) => ({
                  propertyPath: path,
                  errorCode: 'CF001',
                  error: `${path} is mandatory`,
                })),
              ).error,
            },
      );
      const issuedAt = Date.parse(
        `${text(invoice, 'IssueDate')}T${String(text(invoice, 'IssueTime')).replace(/Z$/, '')}Z`,
      );
      const inWindow =
        !Number.isNaN(issuedAt) && issuedAt <= now() + 60_000 && now() - issuedAt <= ISSUE_WINDOW_MS;
      steps.push(
        inWindow
          ? { name: 'Step03-Issuance Date Time Validator', status: 'Valid' }
          : {
              name: 'Step03-Issuance Date Time Validator',
              status: 'Invalid',
              error: standardError('CV302', 'The issue date and time are not within the last 72 hours').error,
            },
      );
      const signature = signatureProblems(document, trusted);
      steps.push(
        signature.length === 0
          ? { name: 'Step06-Signature Validator', status: 'Valid' }
          : {
              name: 'Step06-Signature Validator',
              status: 'Invalid',
              error: standardError(
                'DS101',
                'The document signature is invalid',
                signature.map((problem) => ({ errorCode: 'DS101', error: problem })),
              ).error,
            },
      );
      const valid = steps.every((step) => step.status === 'Valid');
      documents.set(uuid, {
        uuid,
        submissionUid,
        codeNumber,
        internalId: String(text(invoice, 'ID') ?? ''),
        typeCode: String(typeCode?._ ?? ''),
        issuerTin,
        receivedAt: now(),
        outcome: { status: valid ? 'Valid' : 'Invalid', steps },
        ...(valid ? { longId: randomBytes(24).toString('hex').toUpperCase() } : {}),
        duplicateKey,
      });
      acceptedDocuments.push({ uuid, invoiceCodeNumber: codeNumber });
    }
    submissions.set(submissionUid, { receivedAt: now(), uuids: acceptedDocuments.map((d) => d.uuid) });
    return reply(202, { submissionUid, acceptedDocuments, rejectedDocuments });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const path = url.pathname;
    const log = { method, path, status: 0 as number | 'dropped' };
    requests.push(log);
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      log.status = status;
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(json === undefined ? '' : JSON.stringify(json));
    };
    const drop = () => {
      log.status = 'dropped';
      request.socket.destroy();
    };

    const index = faults.findIndex(
      (f) =>
        (f.path === undefined || path.startsWith(f.path)) && (f.method === undefined || f.method === method),
    );
    const scripted = index === -1 ? undefined : faults[index];
    if (scripted !== undefined) {
      scripted.times -= 1;
      if (scripted.times <= 0) faults.splice(index, 1);
    }
    const fault = scripted?.fault;
    if (fault?.kind === 'down') return drop();
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'status') {
      const headers: Record<string, string> =
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
      const code =
        fault.status === 429 ? 'TooManyRequests' : fault.status >= 500 ? 'InternalServerError' : 'BadRequest';
      return reply(fault.status, standardError(code, `Scripted ${fault.status}`), headers);
    }
    const answer = fault?.kind === 'lostAnswer' ? () => drop() : reply;

    if (method === 'POST' && path === '/connect/token') {
      const form = new URLSearchParams(body.toString('utf8'));
      if (form.get('grant_type') !== 'client_credentials') {
        return answer(400, { error: 'unsupported_grant_type' });
      }
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
        return answer(400, { error: 'invalid_client', error_description: 'Invalid client credentials' });
      }
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, now() + lifetime * 1000);
      issued += 1;
      return answer(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: lifetime,
        scope: 'InvoicingAPI',
      });
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || now() >= expiresAt) {
      return reply(401, standardError('Unauthorized', 'The access token is missing, invalid or expired'));
    }

    if (method === 'POST' && path === '/api/v1.0/documentsubmissions') return submit(body, answer);

    const submission = /^\/api\/v1\.0\/documentsubmissions\/([^/]+)$/.exec(path);
    if (method === 'GET' && submission) {
      const held = submissions.get(decodeURIComponent(submission[1] ?? ''));
      if (held === undefined) return answer(404, standardError('NotFound', 'No such submission'));
      const pageSize = Math.min(100, Number(url.searchParams.get('pageSize') ?? 100));
      const pageNo = Math.max(1, Number(url.searchParams.get('pageNo') ?? 1));
      const all = held.uuids.map((id) => documents.get(id) as SimulatedDocument);
      const statuses = all.map(statusOf);
      const overallStatus = statuses.includes('Submitted')
        ? 'InProgress'
        : statuses.every((status) => status === 'Invalid')
          ? 'Invalid'
          : statuses.some((status) => status === 'Invalid')
            ? 'Partially Valid'
            : 'Valid';
      return answer(200, {
        submissionUid: submission[1],
        documentCount: all.length,
        dateTimeReceived: new Date(held.receivedAt).toISOString(),
        overallStatus,
        documentSummary: all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(summaryOf),
      });
    }

    const details = /^\/api\/v1\.0\/documents\/([^/]+)\/details$/.exec(path);
    if (method === 'GET' && details) {
      const held = documents.get(decodeURIComponent(details[1] ?? ''));
      if (held === undefined) return answer(404, standardError('NotFound', 'No such document'));
      const status = statusOf(held);
      return answer(200, {
        ...summaryOf(held),
        validationResults: {
          status: status === 'Cancelled' ? 'Valid' : status,
          validationSteps: status === 'Submitted' ? [] : held.outcome.steps.map((step) => ({ ...step })),
        },
      });
    }

    const state = /^\/api\/v1\.0\/documents\/state\/([^/]+)\/state$/.exec(path);
    if (method === 'PUT' && state) {
      const held = documents.get(decodeURIComponent(state[1] ?? ''));
      if (held === undefined) return answer(404, standardError('NotFound', 'No such document'));
      let change: { status?: unknown; reason?: unknown };
      try {
        change = JSON.parse(body.toString('utf8')) as typeof change;
      } catch {
        change = {};
      }
      if (change.status !== 'cancelled' || typeof change.reason !== 'string' || change.reason.length > 300) {
        return answer(
          400,
          standardError('BadArgument', 'status must be "cancelled" with a reason of at most 300 characters'),
        );
      }
      if (statusOf(held) !== 'Valid') {
        return answer(400, standardError('IncorrectState', `The document is ${statusOf(held)}`));
      }
      if (now() - validatedAt(held) > CANCEL_WINDOW_MS) {
        return answer(
          400,
          standardError('OperationPeriodOver', 'The time to cancel the document has run out'),
        );
      }
      held.cancelledAt = now();
      held.cancelReason = change.reason;
      return answer(200, { uuid: held.uuid, status: 'Cancelled' });
    }

    return reply(404, standardError('NotFound', `No ${method} ${path}`));
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the body is not kept; its size is enough to refuse it.
      if (size <= MAX_SUBMISSION_BYTES + 1) chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const padded = size > body.length ? Buffer.concat([body, Buffer.alloc(size - body.length)]) : body;
      handle(request, response, padded).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify(standardError('InternalServerError', String(error))));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    fault: (fault, match = {}) =>
      faults.push({ fault, path: match.path, method: match.method, times: match.times ?? 1 }),
    requests,
    documents,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
