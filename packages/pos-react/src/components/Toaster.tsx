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
function Toast({ notice, depth, onDismiss }: { notice: Notice; depth: number; onDismiss: () => void }) {
  const style = STYLES[notice.kind];
  const urgent = notice.kind === 'error' || notice.kind === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      data-testid="toast"
      data-kind={notice.kind}
      // The newest on top; the ones before it lie under it, a step smaller, until they expire or are dismissed.
      style={{
        zIndex: 100 - depth,
        transform: depth === 0 ? undefined : `scale(${1 - Math.min(depth, 3) * 0.03})`,
      }}
      className={`pointer-events-auto absolute inset-x-0 top-0 flex max-h-[5.5rem] items-start gap-2 overflow-hidden rounded-xl border px-3 py-2 shadow-lg transition-transform ${style.box} ${depth === 0 ? '' : 'opacity-90'}`}
    >
      <Icon name={style.icon} className={`mt-0.5 size-5 shrink-0 ${style.iconColour}`} />
      <div className="min-w-0 flex-1 text-sm leading-snug">
        <span className="sr-only">{style.label}: </span>
        {notice.title ? <p className="font-bold">{notice.title}</p> : null}
        <p className={notice.title ? '' : 'font-semibold'}>{notice.message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        // A tap on Dismiss leaves the focus where the work is (a dialog's field): Enter still submits it after.
        onMouseDown={(event) => event.preventDefault()}
        aria-label="Dismiss"
        className="-my-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-lg opacity-80 hover:bg-black/5 hover:opacity-100 dark:hover:bg-white/10"
      >
        <Icon name="close" className="size-4" />
      </button>
    </div>
  );
}

/**
 * The toasts of `pos.notices` (every success, warning and error of spec section 8), in one place where they hide no
 * work: the top band of the window, over the header (and, on a phone, the cart's column headers), never as low as a
 * cart row, a dialog's buttons, a receipt or a member's photo, at any width from 390 px. They do not stack down the
 * screen: the newest lies on top of the ones before it, which show again when it goes (each still expires on its own
 * time, and the SDK replaces a repeated message rather than adding it twice). On wide screens the band is centred left
 * of the screen's right-hand column (`--pos-rail`: TOTAL, Payment, Checkout). Rendered outside the app's root so an
 * open dialog does not make it inert.
 */
export function Toaster() {
  const { items, notices } = useNotices();
  return createPortal(
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-1 left-1/2 z-[70] h-0 w-[min(28rem,calc(100vw-1rem))] -translate-x-1/2 min-[992px]:left-[calc((100vw-var(--pos-rail,0px))/2)]"
    >
      {items.map((notice, index) => (
        <Toast
          key={notice.id}
          notice={notice}
          depth={items.length - 1 - index}
          onDismiss={() => notices.dismiss(notice.id)}
        />
      ))}
    </section>,
    toastsContainer(),
  );
}
