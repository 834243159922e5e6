import { type KeyboardEvent, useId } from 'react';

/** One choice of a {@link SegmentedControl}. */
export interface Segment<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** Props of {@link SegmentedControl}. */
export interface SegmentedControlProps<T extends string> {
  /** The group's name for assistive technology (shown when `showLabel`). */
  readonly label: string;
  readonly showLabel?: boolean;
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly options: readonly Segment<T>[];
  readonly className?: string;
}

/**
 * A row of mutually exclusive choices (a WAI-ARIA radio group): Tab reaches the checked one, the
 * arrow keys move and check, each segment is 48 px tall.
 */
export function SegmentedControl<T extends string>({
  label,
  showLabel = false,
  value,
  onChange,
  options,
  className = '',
}: SegmentedControlProps<T>) {
  const labelId = useId();
  const checkedIndex = Math.max(
    options.findIndex((option) => option.value === value),
    0,
  );
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    onChange(option.value);
    const buttons = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]');
    buttons?.[next]?.focus();
  };
  return (
    <div role="radiogroup" aria-labelledby={labelId} className={`flex flex-col gap-1.5 ${className}`}>
      <span
        id={labelId}
        className={showLabel ? 'text-sm font-semibold text-slate-700 dark:text-slate-200' : 'sr-only'}
      >
        {label}
      </span>
      <div className="flex rounded-xl bg-slate-200 p-1 dark:bg-slate-800">
        {options.map((option, index) => {
          const checked = index === checkedIndex;
          return (
            // Buttons with the radio role (roving focus), not radio inputs: an input would be labelled with
            // the segment's words, the same as the amount field under it ('Percentage (%)').
            // biome-ignore lint/a11y/useSemanticElements: see above
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChange(option.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg px-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${
                checked
                  ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-600 dark:text-white'
                  : 'text-slate-700 dark:text-slate-200'
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
