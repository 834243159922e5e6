import type { FieldIssue } from '../contract/errors';
import { type FieldIssueLike, fieldIssueText } from '../rules/fieldIssueText';
import { NetworkError } from './NetworkError';
import { type AnyPosError, PosError } from './PosError';
import { ValidationError } from './ValidationError';

/** Messages of the `TypeError` that `fetch` rejects with when there is no answer, per runtime. */
const FETCH_FAILURES = [
  'fetch failed', // Node (undici)
  'Failed to fetch', // Chromium
  'NetworkError when attempting to fetch resource.', // Firefox
  'Load failed', // Safari
];

interface ZodLikeError {
  /** `ZodError` from `zod`, `$ZodError` from `zod/mini` (the contract's). */
  readonly name: 'ZodError' | '$ZodError';
  readonly issues: readonly (FieldIssueLike & { readonly path: readonly PropertyKey[] })[];
}

function isZodError(value: unknown): value is ZodLikeError {
  return (
    value instanceof Error &&
    (value.name === 'ZodError' || value.name === '$ZodError') &&
    Array.isArray((value as { issues?: unknown }).issues)
  );
}

/** Zod issues as the wire's field issues (`{ path: 'items.0.quantity', message }`), in the contract's words. */
export function toFieldIssues(issues: ZodLikeError['issues']): FieldIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: fieldIssueText(issue) }));
}

function isFetchFailure(value: unknown): boolean {
  return value instanceof TypeError && FETCH_FAILURES.includes(value.message);
}

/**
 * Normalises anything thrown into a {@link PosError}, once, at a boundary (a toast layer, the
 * CLI's `main`, a service action). A `PosError` is returned as is; a `ZodError` becomes a
 * {@link ValidationError} (`invalid_request`) with field issues; a fetch failure a {@link NetworkError} (`network`), a
 * timeout one with code `timeout`;
 * an abort a `PosError` with code `aborted`; anything else a `PosError` with code `unknown`
 * that keeps the original as `cause`.
 *
 * @example
 * catch (error) { toast(toPosError(error).message) }
 */
export function toPosError(value: unknown): AnyPosError {
  if (value instanceof PosError) return value as AnyPosError;
  if (isZodError(value)) {
    const details = toFieldIssues(value.issues);
    const first = details[0];
    const message =
      first === undefined ? 'Invalid input' : first.path ? `${first.path}: ${first.message}` : first.message;
    return new ValidationError(message, { status: undefined, details, cause: value }) as AnyPosError;
  }
  if (value instanceof Error && value.name === 'TimeoutError')
    return new NetworkError({ cause: value, timedOut: true }) as AnyPosError;
  if (isFetchFailure(value)) return new NetworkError({ cause: value }) as AnyPosError;
  if (value instanceof Error && value.name === 'AbortError') {
    return new PosError('aborted', 'The request was canceled', { cause: value });
  }
  if (value instanceof Error) {
    return new PosError('unknown', value.message || 'Something went wrong', { cause: value });
  }
  if (typeof value === 'string' && value !== '') return new PosError('unknown', value);
  return new PosError('unknown', 'Something went wrong', { cause: value });
}
