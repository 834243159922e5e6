import { FIELD_MESSAGES } from './serverMessages';

/** What a zod issue carries that its text is made from (zod 4's issue shapes, read loosely). */
export interface FieldIssueLike {
  readonly code?: string;
  readonly message: string;
  readonly origin?: string;
  readonly maximum?: number | bigint;
  readonly minimum?: number | bigint;
  readonly inclusive?: boolean;
  readonly expected?: string;
  readonly values?: readonly unknown[];
}

/**
 * The text of one wrong field in the product's words: a message the contract gives (`'must not be negative'`,
 * 'Invalid email format') as it is; one of zod's own English defaults ('Too big: expected number to be <=999',
 * 'Invalid input: expected number, received undefined') said as the contract's are: 'must be at most 999', 'must
 * be given'. The server answers 400s with it and the SDK reports its own checks with it.
 *
 * @example fieldIssueText({ code: 'too_big', origin: 'number', maximum: 999, inclusive: true, message: 'Too big: …' })
 * // 'must be at most 999'
 */
export function fieldIssueText(issue: FieldIssueLike): string {
  const { code, message } = issue;
  if (code === 'invalid_type' && message.startsWith('Invalid input:')) {
    return message.endsWith('received undefined')
      ? FIELD_MESSAGES.required
      : FIELD_MESSAGES.mustBeType(issue.expected ?? 'value');
  }
  if (code === 'too_big' && message.startsWith('Too big:') && issue.maximum !== undefined) {
    const limit = String(issue.maximum);
    if (issue.origin === 'string') return FIELD_MESSAGES.textAtMost(limit);
    if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MESSAGES.itemsAtMost(limit);
    return issue.inclusive === false ? FIELD_MESSAGES.lessThan(limit) : FIELD_MESSAGES.atMost(limit);
  }
  // Stryker disable next-line ConditionalExpression: zod says 'Too small:' only of a too_small issue
  if (code === 'too_small' && message.startsWith('Too small:') && issue.minimum !== undefined) {
    const limit = String(issue.minimum);
    if (issue.origin === 'string') {
      return limit === '1' ? FIELD_MESSAGES.notEmpty : FIELD_MESSAGES.textAtLeast(limit);
    }
    if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MESSAGES.itemsAtLeast(limit);
    return issue.inclusive === false ? FIELD_MESSAGES.moreThan(limit) : FIELD_MESSAGES.atLeast(limit);
  }
  // Stryker disable next-line ConditionalExpression: only an invalid_value issue has `values`
  if (code === 'invalid_value' && message.startsWith('Invalid ') && issue.values !== undefined) {
    return FIELD_MESSAGES.oneOf(issue.values.map((value) => JSON.stringify(value)));
  }
  return message;
}
