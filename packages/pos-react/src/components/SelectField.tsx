import { forwardRef, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

/** Props of {@link SelectField}. */
export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: ReactNode;
  readonly error?: string | undefined;
  readonly children: ReactNode;
}

/** A labelled native select (keyboard and screen-reader friendly everywhere) with its error. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, id, className = '', children, ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`min-h-12 rounded-xl bg-white px-3 text-base text-slate-900 ring-1 ring-inset focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100 ${
          error ? 'ring-red-600' : 'ring-slate-300 focus:ring-brand-500 dark:ring-slate-600'
        }`}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
});
