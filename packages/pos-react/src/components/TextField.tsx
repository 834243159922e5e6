import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** Props of {@link TextField}: an input's props plus its label, hint and error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  readonly label: ReactNode;
  /** The rule's message for this field (shown below it, in red, and announced). */
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  /** Text before the input, e.g. 'RM'. */
  readonly prefix?: string;
  /** Larger text for amounts and codes. */
  readonly large?: boolean;
}

/** A labelled text input with its error message; 48 px tall. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, prefix, large = false, id, className = '', ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div
        className={`flex min-h-12 items-center rounded-xl bg-white ring-1 ring-inset focus-within:ring-2 dark:bg-slate-900 ${
          error
            ? 'ring-red-600 focus-within:ring-red-600'
            : 'ring-slate-300 focus-within:ring-brand-500 dark:ring-slate-600'
        }`}
      >
        {prefix ? (
          <span className="pl-3 font-semibold text-slate-600 dark:text-slate-300" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`w-full min-w-0 flex-1 rounded-xl bg-transparent px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-none dark:text-slate-100 dark:placeholder:text-slate-400 ${
            large ? 'text-2xl font-semibold tabular-nums' : 'text-base'
          }`}
          {...rest}
        />
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
});
