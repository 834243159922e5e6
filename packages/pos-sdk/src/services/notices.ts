import { signal } from '@preact/signals-core';
import type { Notice, NoticeInput, NoticeKind, NoticesService, Timers } from './NoticesService';

/** How long each kind of notice stays, in ms (spec section 9: warnings 3 s). */
export const NOTICE_DURATIONS: Readonly<Record<NoticeKind, number>> = {
  success: 3000,
  info: 3000,
  warning: 3000,
  error: 4000,
};

/** How long the photo register failure stays (spec section 9: 5 s). */
export const PHOTO_ERROR_DURATION_MS = 5000;

/** The global timers, looked up at call time so test fake timers are honoured. */
const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The notices service plus what `createPos` needs to shut it down. */
export interface NoticesController extends NoticesService {
  /** Cancels every timer and listener. */
  dispose(): void;
}

/**
 * Creates the toast list: every notice expires on its own after `durationMs` (timers injected). A notice pushed
 * while the same one (kind, title, message) is shown replaces it, so a message never stands twice.
 *
 * @example
 * const notices = createNotices();
 * notices.push({ kind: 'success', message: 'Checkout completed' });
 */
export function createNotices(timers: Timers = globalTimers): NoticesController {
  const items = signal<readonly Notice[]>([]);
  const expiries = new Map<string, unknown>();
  const listeners = new Set<(notice: Notice) => void>();
  let sequence = 0;

  const dismiss = (id: string): void => {
    const handle = expiries.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    expiries.delete(id);
    if (items.value.some((notice) => notice.id === id)) {
      items.value = items.value.filter((notice) => notice.id !== id);
    }
  };

  const push = (input: NoticeInput): Notice => {
    // The same notice still shown (a money call's two retries, a failure told by two layers) is not stacked twice:
    // it moves last with its time restarted, and listeners (the CLI's stderr) are not told again.
    const shown = items.value.find(
      (notice) =>
        notice.kind === input.kind && notice.message === input.message && notice.title === input.title,
    );
    if (shown !== undefined) dismiss(shown.id);
    sequence += 1;
    const notice: Notice = {
      id: `notice-${sequence}`,
      kind: input.kind,
      ...(input.title === undefined ? {} : { title: input.title }),
      message: input.message,
      durationMs: input.durationMs ?? NOTICE_DURATIONS[input.kind],
    };
    items.value = [...items.value, notice];
    expiries.set(
      notice.id,
      timers.setTimeout(() => dismiss(notice.id), notice.durationMs),
    );
    if (shown === undefined) for (const listener of listeners) listener(notice);
    return notice;
  };

  const clear = (): void => {
    for (const id of [...expiries.keys()]) dismiss(id);
    items.value = [];
  };

  return {
    items,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push,
    dismiss,
    clear,
    dispose: () => {
      clear();
      listeners.clear();
    },
  };
}
