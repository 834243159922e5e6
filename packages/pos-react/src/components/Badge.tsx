import type { ReactNode } from 'react';

/** Badge colours; colour never carries meaning alone: the badge always has its words. */
export type BadgeTone = 'green' | 'grey' | 'slate' | 'amber' | 'red' | 'blue';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-200',
  grey: 'bg-gray-100 text-gray-700 ring-gray-500/30 dark:bg-gray-800 dark:text-gray-200',
  slate: 'bg-slate-200 text-slate-800 ring-slate-600/30 dark:bg-slate-700 dark:text-slate-100',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/60 dark:text-amber-100',
  red: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-900/60 dark:text-red-100',
  blue: 'bg-brand-100 text-brand-800 ring-brand-600/30 dark:bg-brand-800 dark:text-brand-100',
};

/** A labelled status pill (ticket status, order status). */
export function Badge({ tone = 'grey', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
