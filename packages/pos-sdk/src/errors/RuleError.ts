import type { RuleFailure } from '../rules/result';
import { PosError, type PosErrorOptions } from './PosError';

/** What a {@link RuleError} carries besides the common options. */
export interface RuleErrorOptions extends PosErrorOptions {
  /** The rule that refused (a `RuleCode` for client-side refusals). */
  readonly rule?: string;
  /** Title of a two-line warning ('Insufficient Amount', 'Shopping Cart Empty'). */
  readonly title?: string;
}

/**
 * A business rule refused: a 422 from the server, or a client-side refusal by `rules/`.
 * `message` is the spec's text, shown as is.
 */
export class RuleError extends PosError {
  override readonly name: string = 'RuleError';
  /** The rule that refused, when known. */
  readonly rule?: string;
  /** Title of a two-line warning, when the rule has one. */
  readonly title?: string;

  constructor(message: string, options: RuleErrorOptions = {}) {
    const { rule, title, ...rest } = options;
    super('rule', message, rest);
    if (rule !== undefined) this.rule = rule;
    if (title !== undefined) this.title = title;
  }

  /**
   * The error for a client-side refusal of `rules/`, with its message, code and title.
   * @example
   * const result = checkPayment(cart, tenders);
   * if (!result.ok) throw RuleError.from(result);
   */
  static from(failure: RuleFailure): RuleError {
    return new RuleError(
      failure.message,
      failure.title === undefined ? { rule: failure.code } : { rule: failure.code, title: failure.title },
    );
  }
}
