import type { ReactNode } from 'react';

/** Props of {@link WelcomeCard}. */
export interface WelcomeCardProps {
  /** The screen's one level-one heading ('Sign in', 'Pair this till'). */
  readonly title: string;
  /** One line under it. */
  readonly subtitle: string;
  readonly children: ReactNode;
}

/** The centred card of the screens before the till is in use (sign-in, pairing): the POS mark, a title, the form. */
export function WelcomeCard({ title, subtitle, children }: WelcomeCardProps) {
  return (
    <div className="grid min-h-dvh place-items-center bg-gradient-to-br from-brand-50 via-slate-100 to-slate-200 p-4 dark:from-slate-900 dark:via-slate-950 dark:to-black">
      <main className="w-full max-w-md">
        <div className="rounded-3xl bg-white p-8 shadow-xl ring-1 ring-slate-900/5 dark:bg-slate-900 dark:ring-white/10">
          <div className="mb-6 flex items-center gap-3">
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-2xl bg-brand-600 text-lg font-extrabold text-white"
            >
              POS
            </span>
            <div>
              <h1 className="text-2xl font-bold">{title}</h1>
              <p className="text-slate-600 dark:text-slate-400">{subtitle}</p>
            </div>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
