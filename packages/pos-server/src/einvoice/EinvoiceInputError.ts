/**
 * The input of an e-invoice cannot make a valid MyInvois document: a sale's figures that do not add up, a code
 * that is not in LHDN's table, a credit note without its original. `problems` names each, one line a problem.
 * Not retryable: the input has to change.
 */
export class EinvoiceInputError extends Error {
  override readonly name = 'EinvoiceInputError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`The e-invoice cannot be built: ${problems.join('; ')}`);
    this.problems = problems;
  }
}
