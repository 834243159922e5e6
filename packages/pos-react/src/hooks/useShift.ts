import { useSignals } from '@preact/signals-react/runtime';
import type { ShiftService } from 'pos-sdk';
import type { Shift, ShiftReport } from 'pos-sdk/contract';
import type { Sen } from 'pos-sdk/money';
import { signalValues } from './signalValues';
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

/** The cash shift; re-renders when what the component reads changes. */
export function useShift(): ShiftState {
  useSignals();
  const { shift } = usePos();
  return Object.assign(signalValues(shift, ['current', 'needsFloat', 'floatTotal', 'lastReport', 'busy']), {
    shift,
  });
}
