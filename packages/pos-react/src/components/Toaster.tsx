import type { Notice, NoticeKind } from 'pos-sdk';
import { createPortal } from 'react-dom';
import { useNotices } from '../hooks/useNotices';
import { toastsContainer } from '../layout/toastsContainer';
import { Icon, type IconName } from './Icon';

const STYLES: Record<NoticeKind, { icon: IconName; box: string; iconColour: string; label: string }> = {
  success: {
    icon: 'check',
    box: 'border-emerald-600/40 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50',
    iconColour: 'text-emerald-700 dark:text-emerald-300',
    label: 'Success',
  },
  info: {
    icon: 'info',
    box: 'border-brand-500/40 bg-brand-50 text-slate-900 dark:bg-slate-800 dark:text-slate-50',
    iconColour: 'text-brand-700 dark:text-brand-200',
    label: 'Information',
  },
  warning: {
    icon: 'alert',
    box: 'border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
    iconColour: 'text-amber-700 dark:text-amber-300',
    label: 'Warning',
  },
  error: {
    icon: 'error',
    box: 'border-red-600/50 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
    iconColour: 'text-red-700 dark:text-red-300',
    label: 'Error',
  },
};

/** One toast: the spec's title and message; errors and warnings are alerts, the rest status. */
function Toast({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const style = STYLES[notice.kind];
  const urgent = notice.kind === 'error' || notice.kind === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-testid="toast"
      data-kind={notice.kind}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-3 shadow-lg ${style.box}`}
    >
      <Icon name={style.icon} className={`mt-0.5 size-6 shrink-0 ${style.iconColour}`} />
      <div className="min-w-0 flex-1">
        <span className="sr-only">{style.label}: </span>
        {notice.title ? <p className="font-bold">{notice.title}</p> : null}
        <p className={notice.title ? 'text-sm' : 'font-semibold'}>{notice.message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 grid size-10 shrink-0 place-items-center rounded-lg opacity-80 hover:bg-black/5 hover:opacity-100 dark:hover:bg-white/10"
      >
        <Icon name="close" className="size-4" />
      </button>
    </div>
  );
}

/**
 * The toasts of `pos.notices` (every success, warning and error of spec section 8), stacked at the
 * top right under the header (and the offline banner, which sets `--pos-banner`), and below the cart's column headers where a cart is shown
 * (`useToastsBelow`). On wide screens a screen with a right-hand column (TOTAL, Payment,
 * Checkout) sets `--pos-rail` so the stack stays left of it and never covers them. Rendered
 * outside the app's root so an open dialog does not make it inert.
 */
export function Toaster() {
  const { items, notices } = useNotices();
  return createPortal(
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-[var(--pos-toasts-top,calc(4rem+var(--pos-banner,0px)))] right-2 z-[70] flex w-[min(21rem,calc(100vw-1rem))] flex-col gap-2 min-[992px]:right-[calc(var(--pos-rail,0px)+0.75rem)]"
    >
      {items.map((notice) => (
        <Toast key={notice.id} notice={notice} onDismiss={() => notices.dismiss(notice.id)} />
      ))}
    </section>,
    toastsContainer(),
  );
}
