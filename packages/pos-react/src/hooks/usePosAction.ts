import { NetworkError, RuleError, toPosError, ValidationError } from 'pos-sdk';
import { RULE_CODES } from 'pos-sdk/rules';
import { useCallback, useRef, useState } from 'react';
import { usePos } from './usePos';

/** A refusal because the server cannot be reached (docs/offline.md): said by a toast, not under a field. */
function isOfflineRefusal(failure: unknown): boolean {
  return (
    failure instanceof RuleError &&
    (failure.rule === RULE_CODES.offline_not_allowed || failure.rule === RULE_CODES.offline_limit)
  );
}

/** What {@link usePosAction} returns. */
export interface PosAction<A extends unknown[], R> {
  /**
   * Runs the action unless it is already running (a double tap submits once). Resolves the
   * action's result, or `undefined` when it failed (the failure is in `error`/`fieldErrors`).
   */
  run(...args: A): Promise<R | undefined>;
  /** True while running: put it on the button (`loading`). */
  readonly busy: boolean;
  /** The failure's message (for an inline alert), or `null`. */
  readonly error: string | null;
  /** A `ValidationError`'s messages by field name (`details[].path`). */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Forgets `error` and `fieldErrors` (when a dialog reopens). */
  reset(): void;
}

/**
 * Runs an SDK action from a button or form: a busy flag against double submits, a form's
 * `ValidationError` turned into per-field messages, any other failure kept as `error`. This is the
 * UI's toast boundary: the SDK toasts most failures itself and marks them `notified`; one it did
 * not is toasted here, so every failure is shown exactly once.
 *
 * @example
 * const setFloat = usePosAction((text: string) => pos.shift.setFloat(text));
 * <form onSubmit={() => setFloat.run(value)}> ... {setFloat.fieldErrors.float}
 */
export function usePosAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R> | R,
): PosAction<A, R> {
  const pos = usePos();
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setError(null);
      setFieldErrors({});
      try {
        return await latest.current(...args);
      } catch (thrown) {
        const failure = toPosError(thrown);
        if (failure instanceof ValidationError && failure.details.length > 0) {
          setFieldErrors(
            Object.fromEntries(failure.details.map((issue) => [String(issue.path), issue.message])),
          );
          return undefined;
        }
        // No answer from the server is not a problem of a field: it is the spec's 'Server not responding' toast
        // only, never a red error under a valid email (the dialog and the sale stay as they are, ready to retry).
        // Nor is what cannot be done while the server is down ('Memberships and renewals need the server').
        if (!(failure instanceof NetworkError) && !isOfflineRefusal(failure)) setError(failure.message);
        if (!failure.notified) pos.notices.push({ kind: 'error', message: failure.message });
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [pos],
  );

  const reset = useCallback(() => {
    setError(null);
    setFieldErrors({});
  }, []);

  return { run, busy, error, fieldErrors, reset };
}
