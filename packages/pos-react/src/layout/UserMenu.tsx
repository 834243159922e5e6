import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Icon, type IconName } from '../components/Icon';
import { useOpenedOnce } from '../components/useOpenedOnce';
import { usePos } from '../hooks/usePos';
import { useSession } from '../hooks/useSession';
import { useSync } from '../hooks/useSync';
import { runSyncNow } from '../sync/runSyncNow';

/** Loaded the first time they are opened, not with the sales screen. */
const MyAccountDialog = lazy(() =>
  import('./MyAccountDialog').then((module) => ({ default: module.MyAccountDialog })),
);
const SyncDialog = lazy(() =>
  import('../sync/SyncDialog').then((module) => ({ default: module.SyncDialog })),
);
/** The queue's summary: loaded when the menu first opens (the service worker keeps it cached). */
const SyncSummary = lazy(() =>
  import('../sync/SyncSummary').then((module) => ({ default: module.SyncSummary })),
);

/** Initials for the avatar ('AC' for Ana Cashier). */
function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** The items of the open menu `list`, in order. */
function itemsOf(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

const itemClass =
  'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left font-medium text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800 dark:aria-disabled:text-slate-400';

/** One item of the menu. */
interface MenuEntry {
  readonly label: string;
  readonly icon: IconName;
  readonly action: () => void;
  /** Shown, focusable, but does nothing (a sync already running). */
  readonly disabled?: boolean;
  /** The id of what describes it (Sync now: the queue's summary). */
  readonly describedBy?: string;
}

/**
 * The header's user menu (spec section 2): My Account and Logout. With no profile loaded,
 * opening it signs out (spec section 6). With offline selling (docs/offline.md) it starts with the
 * queue's summary (connection, how many wait to sync, the oldest one's age, the conflicts) and adds
 * Sync now and Offline sales (the waiting sales and the conflicts' messages, in a dialog).
 *
 * A menu button (WAI-ARIA APG): Enter, Space or Arrow Down opens it on the first item, Arrow Up on
 * the last; the arrows, Home and End move between the items; Escape closes it and focus returns to
 * the button; Tab or a click elsewhere closes it. It drops down under the header's right edge.
 */
export function UserMenu() {
  const pos = usePos();
  const { displayName, session } = useSession();
  const sync = useSync();
  const [open, setOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [syncOpen, setSyncOpen] = useState(false);
  const accountUsed = useOpenedOnce(accountOpen);
  const syncUsed = useOpenedOnce(syncOpen);
  const summaryId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  /** What takes the focus when the menu opens: an item (keyboard), or the list itself (a pointer opened it). */
  const focusOnOpen = useRef<'first' | 'last' | 'list'>('list');
  const buttonId = useId();
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const all = itemsOf(list.current);
    const item =
      focusOnOpen.current === 'first' ? all[0] : focusOnOpen.current === 'last' ? all.at(-1) : null;
    (item ?? list.current)?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const show = (focus: 'first' | 'last' | 'list') => {
    focusOnOpen.current = focus;
    session.ensureProfile();
    setOpen(true);
  };
  const hide = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = itemsOf(list.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(-1);
    else if (event.key === 'Escape') hide(true);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  const choose = (action: () => void) => {
    hide(true);
    action();
  };

  const syncEntries: readonly MenuEntry[] =
    sync === null
      ? []
      : [
          {
            label: 'Sync now',
            icon: 'history',
            // Also with nothing waiting: it asks the server at once whether it is back.
            action: () => void runSyncNow(pos).catch(() => undefined),
            disabled: sync.connection === 'syncing',
            describedBy: summaryId,
          },
          {
            label: 'Offline sales',
            icon: 'receipt',
            action: () => setSyncOpen(true),
          },
        ];
  const entries: readonly MenuEntry[] = [
    ...syncEntries,
    { label: 'My Account', icon: 'user', action: () => setAccountOpen(true) },
    { label: 'Logout', icon: 'logout', action: () => session.signOut() },
  ];

  return (
    <>
      <div ref={root} className="relative">
        <button
          ref={button}
          type="button"
          id={buttonId}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => (open ? hide(false) : show('list'))}
          onKeyDown={onButtonKeyDown}
          className={`flex min-h-12 items-center gap-2 rounded-xl px-2 font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 ${
            open ? 'bg-slate-100 dark:bg-slate-800' : ''
          }`}
        >
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800 dark:bg-brand-800 dark:text-brand-100"
          >
            {initialsOf(displayName)}
          </span>
          <span className="max-w-40 truncate max-sm:sr-only">{displayName || 'Account'}</span>
          <Icon name="chevronDown" className="size-4" />
        </button>
        {open ? (
          <div className="absolute top-full right-0 z-40 mt-1 w-64 rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-900/10 dark:bg-slate-900 dark:ring-white/10">
            {sync !== null ? (
              <Suspense
                // The summary's height, so that the items do not move when it arrives.
                fallback={<div className="mb-1 h-[7.25rem] rounded-lg bg-slate-50 dark:bg-slate-800/60" />}
              >
                <SyncSummary id={summaryId} state={sync} />
              </Suspense>
            ) : null}
            <div
              ref={list}
              id={menuId}
              role="menu"
              aria-labelledby={buttonId}
              tabIndex={-1}
              onKeyDown={onMenuKeyDown}
              className="focus:outline-none"
            >
              {entries.map((entry) => (
                <button
                  key={entry.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={entry.disabled ? true : undefined}
                  aria-describedby={entry.describedBy}
                  className={itemClass}
                  onClick={() => {
                    if (!entry.disabled) choose(entry.action);
                  }}
                >
                  <Icon name={entry.icon} />
                  {entry.label}
                </button>
              ))}
            </div>
          </div>
        ) : null}
      </div>
      {accountUsed ? (
        <Suspense fallback={null}>
          <MyAccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
        </Suspense>
      ) : null}
      {syncUsed ? (
        <Suspense fallback={null}>
          <SyncDialog open={syncOpen} onClose={() => setSyncOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
