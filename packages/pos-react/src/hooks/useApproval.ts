import { useSignals } from '@preact/signals-react/runtime';
import type { ApprovalService, PinState } from 'pos-sdk';
import type { UserEntry } from 'pos-sdk/contract';
import { signalValues } from './signalValues';
import { usePos } from './usePos';

/** What {@link useApproval} returns. */
export interface ApprovalState {
  /** The approvers (users list). */
  readonly users: readonly UserEntry[];
  readonly pinState: PinState;
  readonly verifying: boolean;
  /** `loadUsers`, `approveDiscount`. */
  readonly approval: ApprovalService;
}

/** Discount approval: approvers and the PIN state; re-renders when what the component reads changes. */
export function useApproval(): ApprovalState {
  useSignals();
  const { approval } = usePos();
  return Object.assign(signalValues(approval, ['users', 'pinState', 'verifying']), { approval });
}
