import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/** A calm placeholder for an empty list: an icon, one line, an optional hint. */
export function EmptyState({ icon, title, hint }: { icon: IconName; title: string; hint?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-8 text-center text-slate-600 dark:text-slate-400">
      <Icon name={icon} className="size-10 text-slate-400 dark:text-slate-500" />
      <p className="max-w-full text-base font-semibold wrap-anywhere text-slate-700 dark:text-slate-200">
        {title}
      </p>
      {hint ? <p className="text-sm">{hint}</p> : null}
    </div>
  );
}
