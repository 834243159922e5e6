import { useSignals } from '@preact/signals-react/runtime';
import type { Sen, Shift, ShiftReport, ShiftService } from 'pos-sdk';
import { usePos } from './usePos';

/** What {@link useShift} returns. */
export interface ShiftState {
  readonly current: Shift | null;
  /** An open shift without float: the 'New Shift' dialog must show. */
  readonly needsFloat: boolean;
  readonly floatTotal: Sen;
  readonly lastReport: ShiftReport | null;
  readonly busy: boolean;
  /** `start`, `setFloat`, `cancelNewShift`, `openFloatFromMenu`, `report`, `end`, `openDrawer`. */
  readonly shift: ShiftService;
}

/** The cash shift; re-renders when it changes. */
export function useShift(): ShiftState {
  useSignals();
  const { shift } = usePos();
  return {
    current: shift.current.value,
    needsFloat: shift.needsFloat.value,
    floatTotal: shift.floatTotal.value,
    lastReport: shift.lastReport.value,
    busy: shift.busy.value,
    shift,
  };
}
