import { useSignals } from '@preact/signals-react/runtime';
import type { Notice, NoticesService } from 'pos-sdk';
import { usePos } from './usePos';

/** What {@link useNotices} returns. */
export interface NoticesState {
  /** The toasts shown now, oldest first. */
  readonly items: readonly Notice[];
  /** `push`, `dismiss`, `clear`. */
  readonly notices: NoticesService;
}

/** The live toasts; re-renders when one comes or goes. */
export function useNotices(): NoticesState {
  useSignals();
  const { notices } = usePos();
  return { items: notices.items.value, notices };
}
