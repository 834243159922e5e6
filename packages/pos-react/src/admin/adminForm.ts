import { isPosError } from 'pos-sdk';
import { useState } from 'react';

/** A failed call as a form shows it: each wrong field's message under the field, the rest above the buttons. */
export interface FormFailure {
  /** Message per field, by the last part of the server's path (`changes.first` → `first`). */
  readonly fields: Readonly<Record<string, string>>;
  /** What is not about one field ('Staff member not found'); '' when every issue has its field. */
  readonly message: string;
  /** Every issue with its whole path (`rows.3.price`), for a form of many rows (an import). */
  readonly issues: readonly { readonly path: string; readonly message: string }[];
}

const NO_FAILURE: FormFailure = { fields: {}, message: '', issues: [] };

/** The server's answer to a form, split by field (a 400's `details`), or its message. */
export function formFailure(error: unknown): FormFailure {
  if (
    isPosError(error) &&
    error.code === 'invalid_request' &&
    Array.isArray(error.details) &&
    error.details.length > 0
  ) {
    const issues = error.details as readonly { path: string; message: string }[];
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const key = issue.path.split('.').at(-1) ?? issue.path;
      fields[key] ??= issue.message;
    }
    return { fields, message: '', issues };
  }
  return { fields: {}, message: error instanceof Error ? error.message : String(error), issues: [] };
}

/** A form's submission: busy while it waits, its failure kept for the fields, `run` resolves true on success. */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const run = async (call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      await call();
      return true;
    } catch (error) {
      setFailure(formFailure(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const reset = () => setFailure(NO_FAILURE);
  return { busy, failure, run, reset };
}
