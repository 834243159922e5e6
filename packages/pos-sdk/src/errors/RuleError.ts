import type { RuleFailure } from '../rules/result';
import { PosError, type PosErrorOptions } from './PosError';
import type { RuleDetails } from './posErrorCodes';

/** What a {@link RuleError} carries besides the common options. */
export interface RuleErrorOptions extends Omit<PosErrorOptions<'rule'>, 'details'> {
  /** The rule that refused (a `RuleCode` for client-side refusals). */
  readonly rule?: string;
  /** Title of a two-line warning ('Insufficient Amount', 'Shopping Cart Empty'). */
  readonly title?: string;
}

/**
 * Code `rule`: a business rule refused, a 422 from the server or a refusal by `rules/` on the terminal. `message` is
 * the spec's text, shown as is. `rule` says which rule (one of `RULE_CODES`: the refusal's own code within the one
 * error code `rule`), and `title` the first line of a two-line warning; both are in `details` too.
 */
export class RuleError extends PosError<'rule'> {
  override readonly name: string = 'RuleError';
  /** The rule that refused (`RULE_CODES`), when known. */
  readonly rule?: string;
  /** Title of a two-line warning, when the rule has one. */
  readonly title?: string;
  declare readonly details: RuleDetails;

  constructor(message: string, options: RuleErrorOptions = {}) {
    const { rule, title, ...rest } = options;
    const details: RuleDetails = {
      ...(rule === undefined ? {} : { rule }),
      ...(title === undefined ? {} : { title }),
    };
    super('rule', message, { ...rest, details });
    if (rule !== undefined) this.rule = rule;
    if (title !== undefined) this.title = title;
  }

  /**
   * The error for a client-side refusal of `rules/`, with its message, code and title .
   * @example
   * const result = checkPayment(cart, tenders);
   * if (!result.ok) throw RuleError.from(result);
   */
  static from(failure: RuleFailure): RuleError {
    return new RuleError(failure.message, {
      rule: failure.code,
      ...(failure.title === undefined ? {} : { title: failure.title }),
    });
  }
}
