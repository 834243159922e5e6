import { useSignals } from '@preact/signals-react/runtime';
import type { Notice, NoticesService } from 'pos-sdk';
import { signalValues } from './signalValues';
import { usePos } from './usePos';

/** What {@link useNotices} returns. */
export interface NoticesState {
  /** The toasts shown now, oldest first. */
  readonly items: readonly Notice[];
  /** `push`, `dismiss`, `clear`. */
  readonly notices: NoticesService;
}

/** The live toasts; a component that reads `items` re-renders when one comes or goes. */
export function useNotices(): NoticesState {
  useSignals();
  const { notices } = usePos();
  return Object.assign(signalValues(notices, ['items']), { notices });
}
