import type { ReadonlySignal } from '@preact/signals-core';

/** How a notice is shown. */
export type NoticeKind = 'success' | 'warning' | 'error' | 'info';

/**
 * A toast: the one place the product's success, warning and error messages come from (spec section 8).
 * Two-line warnings carry a `title` ('Shopping Cart Empty' / 'No item to checkout').
 */
export interface Notice {
  /** Unique within the `Pos` instance. */
  readonly id: string;
  readonly kind: NoticeKind;
  readonly title?: string;
  /** The spec's text, word for word. */
  readonly message: string;
  /** How long it stays before it expires on its own: warnings 3000 ms, the photo error 5000 ms. */
  readonly durationMs: number;
}

/** What a caller passes to push its own notice; `durationMs` defaults by kind. */
export interface NoticeInput {
  readonly kind: NoticeKind;
  readonly title?: string;
  readonly message: string;
  readonly durationMs?: number;
}

/** The live list of notices. Each expires after its `durationMs` or on `dismiss`. */
export interface NoticesService {
  /** The notices currently shown, oldest first. */
  readonly items: ReadonlySignal<readonly Notice[]>;
  /**
   * Calls `listener` once for every new notice (a CLI prints it; the UI may prefer `items`).
   * @returns a function that unsubscribes.
   */
  subscribe(listener: (notice: Notice) => void): () => void;
  /** Shows a notice (for the clients' own messages). */
  push(input: NoticeInput): Notice;
  /** Removes a notice before it expires. */
  dismiss(id: string): void;
  /** Removes every notice. */
  clear(): void;
}

/** Timer functions the notices use to expire; default the global ones (so fake timers work). */
export interface Timers {
  /** Calls `fn` after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a pending `setTimeout`. */
  clearTimeout(handle: unknown): void;
}
