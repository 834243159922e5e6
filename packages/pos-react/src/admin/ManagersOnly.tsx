import { Link } from 'react-router';
import { Icon } from '../components/Icon';

/** What a staff member who is not a manager sees at /admin: why, and the way back; they stay signed in. */
export function ManagersOnly({ name }: { name: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-100 p-4 dark:bg-slate-950">
      <section
        aria-labelledby="managers-only"
        className="flex max-w-md flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <Icon name="user" className="size-10 text-slate-500" />
        <h1 id="managers-only" className="text-2xl font-bold text-slate-900 dark:text-slate-50">
          Managers only
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          The back office is for managers. {name ? `${name} is` : 'You are'} signed in as staff: ask a
          manager, or sign in as one on this device.
        </p>
        <Link
          to="/main"
          className="mt-2 inline-flex min-h-12 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Back to the till
        </Link>
      </section>
    </div>
  );
}
