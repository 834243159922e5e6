/**
 * An error as MyInvois reports it: the standard error response's `error`, with nested `innerError`s
 * (https://sdk.myinvois.hasil.gov.my/standard-error-response/).
 */
export interface MyInvoisError {
  errorCode?: string | null;
  error?: string | null;
  errorMS?: string | null;
  propertyName?: string | null;
  propertyPath?: string | null;
  target?: string | null;
  innerError?: MyInvoisError[] | null;
}

/**
 * No answer that settles the call: the network failed, the call timed out, MyInvois answered 5xx or could not be
 * logged in to. The caller's outbox tries again later with its backoff; the client never does.
 */
export interface TransientOutcome {
  kind: 'transient';
  /** One line for the outbox's last error. */
  reason: string;
  /** The HTTP status, when there was an answer. */
  status?: number;
}

/**
 * MyInvois asks to wait: 429 (throttled) or, for a submission, 422 DuplicateSubmission (the same submission within
 * 10 minutes). `ms` is its `Retry-After`.
 */
export interface RetryAfterOutcome {
  kind: 'retryAfter';
  ms: number;
  status: number;
  errorCode?: string;
}

/** MyInvois refused the call for good (4xx): it will not change without changing what is sent. */
export interface RejectedOutcome {
  kind: 'rejected';
  status: number;
  errors: MyInvoisError[];
}

/** A read or a state change that MyInvois answered. */
export interface OkOutcome<T> {
  kind: 'ok';
  value: T;
}

/** The outcome of a call other than a submission. */
export type CallOutcome<T> = OkOutcome<T> | RejectedOutcome | RetryAfterOutcome | TransientOutcome;

/** A document of a submission that MyInvois took for validation. */
export interface AcceptedDocument {
  uuid: string;
  invoiceCodeNumber: string;
}

/** A document of a submission that MyInvois did not take, with why. */
export interface RejectedDocument {
  invoiceCodeNumber: string;
  error: MyInvoisError;
  /** When the reason is DS302 (already submitted): the UUID of the document it duplicates, when named. */
  duplicateOf?: string;
}

/** The outcome of submitting documents. */
export type SubmitOutcome =
  /** 202 with at least one document taken; `rejected` lists the others. Never submitted again. */
  | { kind: 'accepted'; submissionUid: string; accepted: AcceptedDocument[]; rejected: RejectedDocument[] }
  /** 202 with every document refused as DS302: they were submitted before (`duplicateOf` names the earlier UUID). */
  | { kind: 'duplicate'; submissionUid: string; rejected: RejectedDocument[] }
  /** 4xx (BadStructure, MaximumSizeExceeded, IncorrectSubmitter), or 202 with every document refused. */
  | (RejectedOutcome & { documents?: RejectedDocument[] })
  | RetryAfterOutcome
  | TransientOutcome;

/** Whether `error` or one of its inner errors has `code`. */
export function hasErrorCode(error: MyInvoisError | null | undefined, code: string): boolean {
  if (error === null || error === undefined) return false;
  return error.errorCode === code || (error.innerError ?? []).some((inner) => hasErrorCode(inner, code));
}

/**
 * The UUID of the earlier document a DS302 error names ("Duplicated submitted document with UUID {0} where the values
 * of configured attributes match with values for the document with UUID: {1}": the last one), from
 * https://sdk.myinvois.hasil.gov.my/standard-error-response/.
 */
export function duplicateOf(error: MyInvoisError | null | undefined): string | undefined {
  if (error === null || error === undefined) return undefined;
  if (error.errorCode === 'DS302') {
    const uuids = [...(error.error ?? '').matchAll(/UUID:?\s*([A-Z0-9]+)/gi)].map((match) => match[1]);
    return uuids.at(-1);
  }
  for (const inner of error.innerError ?? []) {
    const found = duplicateOf(inner);
    if (found !== undefined) return found;
  }
  return undefined;
}
