import { useSignals } from '@preact/signals-react/runtime';
import type { MembershipService } from 'pos-sdk';
import type { LookupMembershipResponse, Member } from 'pos-sdk/contract';
import { signalValues } from './signalValues';
import { usePos } from './usePos';

/** What {@link useMembership} returns. */
export interface MembershipState {
  readonly result: LookupMembershipResponse | null;
  readonly selectedMember: Member | null;
  readonly searching: boolean;
  readonly renewing: boolean;
  /** `lookup`, `clear`, `selectMember`, `renewalDefaults`, `renewalAmount`, `renew`. */
  readonly membership: MembershipService;
}

/** Member lookup and renewal; re-renders when what the component reads changes. */
export function useMembership(): MembershipState {
  useSignals();
  const { membership } = usePos();
  return Object.assign(signalValues(membership, ['result', 'selectedMember', 'searching', 'renewing']), {
    membership,
  });
}
