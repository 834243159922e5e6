import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/** A data table with the product's styling; put `<thead>`/`<tbody>` inside. */
export function Table({
  children,
  label,
  className = '',
}: {
  children: ReactNode;
  label: string;
  className?: string;
}) {
  return (
    <table aria-label={label} className={`w-full border-collapse text-left text-base ${className}`}>
      {children}
    </table>
  );
}

/** A header cell: small caps-like labels; `numeric` right-aligns (amounts, quantities). */
export function Th({
  numeric = false,
  className = '',
  children,
  ...rest
}: ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={`sticky top-0 z-10 bg-slate-50 px-2 py-2.5 sm:px-3 text-xs font-bold uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300 ${
        numeric ? 'text-right' : ''
      } ${className}`}
      {...rest}
    >
      {children}
    </th>
  );
}

/** A body cell; `numeric` right-aligns in tabular figures. */
export function Td({
  numeric = false,
  className = '',
  children,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return (
    <td
      className={`px-2 py-2 align-top sm:px-3 ${numeric ? 'text-right tabular-nums' : ''} ${className}`}
      {...rest}
    >
      {children}
    </td>
  );
}
