import { Label, Radio, RadioGroup } from '@headlessui/react';

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

/** A row of mutually exclusive choices (a radio group): arrow keys move, each segment is 48 px tall. */
export function SegmentedControl<T extends string>({
  label,
  showLabel = false,
  value,
  onChange,
  options,
  className = '',
}: SegmentedControlProps<T>) {
  return (
    <RadioGroup value={value} onChange={onChange} className={`flex flex-col gap-1.5 ${className}`}>
      <Label className={showLabel ? 'text-sm font-semibold text-slate-700 dark:text-slate-200' : 'sr-only'}>
        {label}
      </Label>
      <div className="flex rounded-xl bg-slate-200 p-1 dark:bg-slate-800">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg px-3 text-base font-semibold text-slate-700 data-checked:bg-white data-checked:text-brand-700 data-checked:shadow-sm data-focus:outline-2 data-focus:outline-brand-500 dark:text-slate-200 dark:data-checked:bg-slate-600 dark:data-checked:text-white"
          >
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
