import type { ReactNode } from 'react';

/** A note that what is shown comes from this terminal, not the server (a pending sale, a pass as last known). */
export function OfflineNote({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p
      className="flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 p-3 font-semibold text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-800"
      data-testid={testId}
    >
      {children}
    </p>
  );
}
