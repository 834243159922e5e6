import { type Clock, systemClock } from '../clock';
import {
  type AcceptedDocument,
  type CallOutcome,
  duplicateOf,
  hasErrorCode,
  type MyInvoisError,
  type RejectedDocument,
  type SubmitOutcome,
  type TransientOutcome,
} from './myinvoisOutcome';
import type { SubmissionDocument } from './submissionDocument';

/** Options of {@link createMyInvoisClient}. */
export interface MyInvoisClientOptions {
  /** The identity service's base address (`/connect/token`), e.g. "https://preprod-api.myinvois.hasil.gov.my". */
  identityUrl: string;
  /** The API's base address (`/api/v1.0/...`). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Default the global `fetch`. */
  fetch?: typeof fetch;
  clock?: Clock;
  /** Log in again this long before the token expires; default 60 s. */
  tokenRenewMs?: number;
  /** Give up on a call after this long (a transient outcome); default 30 s. */
  timeoutMs?: number;
  /** The wait when a 429 or 422 carries no usable `Retry-After`; default 60 s. */
  defaultRetryAfterMs?: number;
}

/** Status of a submission (`overallStatus`), as MyInvois spells it. */
export type SubmissionStatus = 'InProgress' | 'Valid' | 'Partially Valid' | 'Invalid';

/** Status of a document. */
export type DocumentStatus = 'Submitted' | 'Valid' | 'Invalid' | 'Cancelled';

/** A document in a submission's summary (the fields this system reads; MyInvois sends more). */
export interface DocumentSummary {
  uuid: string;
  submissionUid: string;
  /** For a valid document: the id of its public validation link (`{portal}/{uuid}/share/{longId}`). */
  longId?: string;
  internalId: string;
  status: DocumentStatus;
  dateTimeValidated?: string;
}

/** A submission: https://sdk.myinvois.hasil.gov.my/einvoicingapi/06-get-submission/. */
export interface Submission {
  submissionUid: string;
  documentCount: number;
  dateTimeReceived: string;
  overallStatus: SubmissionStatus;
  documentSummary: DocumentSummary[];
}

/** One validation step of a document. */
export interface ValidationStep {
  name: string;
  status: 'Submitted' | 'Valid' | 'Invalid';
  error?: MyInvoisError;
}

/** A document's details with its validation: https://sdk.myinvois.hasil.gov.my/einvoicingapi/08-get-document-details/. */
export interface DocumentDetails extends DocumentSummary {
  validationResults?: { status: string; validationSteps: ValidationStep[] };
}

/** The client of the MyInvois API. Every method answers an outcome and never throws for what MyInvois answers. */
export interface MyInvoisClient {
  /** Submits documents once (POST /api/v1.0/documentsubmissions). Never re-submits: retrying is the caller's. */
  submit(documents: readonly SubmissionDocument[]): Promise<SubmitOutcome>;
  /** A submission's status and its documents (one page of at most 100). */
  getSubmission(
    submissionUid: string,
    page?: { pageNo: number; pageSize: number },
  ): Promise<CallOutcome<Submission>>;
  /** A document's details and validation results. */
  getDocumentDetails(uuid: string): Promise<CallOutcome<DocumentDetails>>;
  /** Cancels a valid document (within 72 hours of its validation). */
  cancel(uuid: string, reason: string): Promise<CallOutcome<{ uuid: string; status: string }>>;
}

const SUBMISSION_STATUSES: Record<string, SubmissionStatus> = {
  inprogress: 'InProgress',
  'in progress': 'InProgress',
  valid: 'Valid',
  'partially valid': 'Partially Valid',
  partiallyvalid: 'Partially Valid',
  invalid: 'Invalid',
};

/** An answer that arrived: its status, headers and body (JSON when it parses, else undefined). */
interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One line of an unknown failure, no stack. */
const reasonOf = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
};

/** The errors of an error answer: its `error` (the standard response), or the body itself. */
function errorsOf(answer: Answer): MyInvoisError[] {
  const body = answer.body as { error?: unknown } | undefined;
  if (body !== undefined && body !== null && typeof body === 'object') {
    if (typeof body.error === 'object' && body.error !== null) return [body.error as MyInvoisError];
    if (typeof body.error === 'string') {
      // The identity service's OAuth errors: { error, error_description }.
      const description = (body as { error_description?: unknown }).error_description;
      return [{ errorCode: body.error, error: typeof description === 'string' ? description : body.error }];
    }
  }
  return [{ error: `HTTP ${answer.status}` }];
}

/**
 * Creates the client of the MyInvois API (https://sdk.myinvois.hasil.gov.my/einvoicingapi/):
 *
 * - **Token.** Logs in as the taxpayer's system (OAuth 2.0 client credentials, `POST /connect/token`) once, keeps the
 *   token until `tokenRenewMs` before it expires (LHDN: "use this token for API operations rather than generating a
 *   new one for each request"), and shares one login among concurrent calls. A 401 drops the token, logs in again and
 *   repeats the call once: a 401 is an answer given before anything was done.
 * - **Outcomes, not retries.** A 429 (and a submission's 422 DuplicateSubmission) is `retryAfter` with its
 *   `Retry-After`; no answer, a timeout or a 5xx is `transient`; any other 4xx is `rejected` with MyInvois's errors.
 *   Waiting and trying again is the caller's outbox's, with its backoff.
 * - **Never twice.** A submission is sent once per call; after a 2xx nothing is sent again. A submission whose answer
 *   was lost (transient) and that the outbox sends again is caught by MyInvois: within 10 minutes as 422
 *   DuplicateSubmission, later as DS302, which this client reports as `duplicate` with the earlier document's UUID.
 */
export function createMyInvoisClient(options: MyInvoisClientOptions): MyInvoisClient {
  const fetchImpl = options.fetch ?? fetch;
  const clock = options.clock ?? systemClock;
  const renewMs = options.tokenRenewMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const defaultRetryAfterMs = options.defaultRetryAfterMs ?? 60_000;
  const trim = (url: string) => url.replace(/\/+$/, '');
  const identityUrl = trim(options.identityUrl);
  const apiUrl = trim(options.apiUrl);

  let token: { value: string; expiresAt: number } | undefined;
  let login: Promise<string | TransientOutcome> | undefined;

  /** Sends one request; an Answer, or a transient outcome when none came. */
  const send = async (url: string, init: RequestInit): Promise<Answer | TransientOutcome> => {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return { kind: 'transient', reason: `no answer from MyInvois: ${reasonOf(error)}` };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return { kind: 'transient', reason: `answer cut off: ${reasonOf(error)}`, status: response.status };
    }
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body };
  };

  const isTransient = (value: unknown): value is TransientOutcome =>
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'transient';

  /** Milliseconds to wait from `Retry-After` (seconds, or an HTTP date). */
  const retryAfterMs = (headers: Headers): number => {
    const header = headers.get('retry-after');
    if (header === null) return defaultRetryAfterMs;
    if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
    const at = Date.parse(header);
    return Number.isNaN(at) ? defaultRetryAfterMs : Math.max(0, at - clock().getTime());
  };

  const logIn = async (): Promise<string | TransientOutcome> => {
    const answer = await send(`${identityUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
        scope: 'InvoicingAPI',
      }).toString(),
    });
    if (isTransient(answer)) return answer;
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (
      answer.status === 200 &&
      typeof body?.access_token === 'string' &&
      typeof body.expires_in === 'number'
    ) {
      token = { value: body.access_token, expiresAt: clock().getTime() + body.expires_in * 1000 };
      return body.access_token;
    }
    const [error] = errorsOf(answer);
    // A refused login (a wrong client secret, a blocked system user) is not the document's fault: the outbox keeps
    // the document and tries again once the credentials are fixed.
    return {
      kind: 'transient',
      reason:
        `MyInvois login refused (${answer.status}): ${error?.errorCode ?? ''} ${error?.error ?? ''}`.trim(),
      status: answer.status,
    };
  };

  const accessToken = async (): Promise<string | TransientOutcome> => {
    if (token !== undefined && clock().getTime() < token.expiresAt - renewMs) return token.value;
    login ??= logIn().finally(() => {
      login = undefined;
    });
    return login;
  };

  /** Calls the API with the token; on a 401, logs in again and calls once more. */
  const call = async (path: string, init: RequestInit): Promise<Answer | TransientOutcome> => {
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await accessToken();
      if (isTransient(bearer)) return bearer;
      const answer = await send(`${apiUrl}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
        },
      });
      if (isTransient(answer) || answer.status !== 401 || attempt === 2) return answer;
      token = undefined;
    }
  };

  /** The outcome of an answer that is not a success. */
  const failure = (answer: Answer): CallOutcome<never> => {
    if (answer.status === 429) {
      return {
        kind: 'retryAfter',
        ms: retryAfterMs(answer.headers),
        status: 429,
        errorCode: 'TooManyRequests',
      };
    }
    if (answer.status >= 500 || answer.status === 401) {
      const [error] = errorsOf(answer);
      return {
        kind: 'transient',
        reason: `MyInvois answered ${answer.status}${error?.error ? `: ${error.error}` : ''}`,
        status: answer.status,
      };
    }
    return { kind: 'rejected', status: answer.status, errors: errorsOf(answer) };
  };

  const read = async <T>(
    path: string,
    init: RequestInit,
    parse: (body: unknown) => T,
  ): Promise<CallOutcome<T>> => {
    const answer = await call(path, init);
    if (isTransient(answer)) return answer;
    if (answer.status < 200 || answer.status > 299) return failure(answer);
    if (answer.body === undefined) {
      return {
        kind: 'transient',
        reason: `MyInvois answered ${answer.status} without JSON`,
        status: answer.status,
      };
    }
    return { kind: 'ok', value: parse(answer.body) };
  };

  const rejectedDocument = (raw: { invoiceCodeNumber?: unknown; error?: unknown }): RejectedDocument => {
    const error = (raw.error ?? {}) as MyInvoisError;
    const earlier = duplicateOf(error);
    return {
      invoiceCodeNumber: String(raw.invoiceCodeNumber ?? ''),
      error,
      ...(earlier === undefined ? {} : { duplicateOf: earlier }),
    };
  };

  return {
    async submit(documents) {
      const answer = await call('/api/v1.0/documentsubmissions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ documents }),
      });
      if (isTransient(answer)) return answer;
      if (answer.status === 422) {
        const [error] = errorsOf(answer);
        return {
          kind: 'retryAfter',
          ms: retryAfterMs(answer.headers),
          status: 422,
          errorCode: error?.errorCode ?? 'DuplicateSubmission',
        };
      }
      if (answer.status < 200 || answer.status > 299) return failure(answer) as SubmitOutcome;
      const body = answer.body as
        | {
            submissionUid?: unknown;
            submissionUID?: unknown;
            acceptedDocuments?: unknown;
            rejectedDocuments?: unknown;
          }
        | undefined;
      const submissionUid = body?.submissionUid ?? body?.submissionUID;
      if (typeof submissionUid !== 'string') {
        // Taken (2xx) but unreadable: not sent again here; the outbox's next try meets MyInvois's duplicate checks.
        return {
          kind: 'transient',
          reason: `MyInvois answered ${answer.status} without a submission UID`,
          status: answer.status,
        };
      }
      const accepted = (Array.isArray(body?.acceptedDocuments) ? body.acceptedDocuments : []).map(
        (raw: { uuid?: unknown; invoiceCodeNumber?: unknown }): AcceptedDocument => ({
          uuid: String(raw.uuid),
          invoiceCodeNumber: String(raw.invoiceCodeNumber ?? ''),
        }),
      );
      const rejected = (Array.isArray(body?.rejectedDocuments) ? body.rejectedDocuments : []).map(
        rejectedDocument,
      );
      if (accepted.length > 0) return { kind: 'accepted', submissionUid, accepted, rejected };
      if (rejected.length > 0 && rejected.every((document) => hasErrorCode(document.error, 'DS302'))) {
        return { kind: 'duplicate', submissionUid, rejected };
      }
      return {
        kind: 'rejected',
        status: answer.status,
        errors: rejected.map((document) => document.error),
        documents: rejected,
      };
    },

    getSubmission(submissionUid, page) {
      const query = page === undefined ? '' : `?pageNo=${page.pageNo}&pageSize=${page.pageSize}`;
      return read(
        `/api/v1.0/documentsubmissions/${encodeURIComponent(submissionUid)}${query}`,
        { method: 'GET' },
        (body) => {
          const raw = body as Submission & { overallStatus: string };
          return {
            ...raw,
            overallStatus:
              SUBMISSION_STATUSES[String(raw.overallStatus).toLowerCase()] ??
              (raw.overallStatus as SubmissionStatus),
            documentSummary: Array.isArray(raw.documentSummary) ? raw.documentSummary : [],
          };
        },
      );
    },

    getDocumentDetails(uuid) {
      return read(
        `/api/v1.0/documents/${encodeURIComponent(uuid)}/details`,
        { method: 'GET' },
        (body) => body as DocumentDetails,
      );
    },

    cancel(uuid, reason) {
      return read(
        `/api/v1.0/documents/state/${encodeURIComponent(uuid)}/state`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'cancelled', reason }),
        },
        (body) => body as { uuid: string; status: string },
      );
    },
  };
}
