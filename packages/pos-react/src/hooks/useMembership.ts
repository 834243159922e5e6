import { useSignals } from '@preact/signals-react/runtime';
import type { LookupMembershipResponse, Member, MembershipService } from 'pos-sdk';
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

/** Member lookup and renewal; re-renders when they change. */
export function useMembership(): MembershipState {
  useSignals();
  const { membership } = usePos();
  return {
    result: membership.result.value,
    selectedMember: membership.selectedMember.value,
    searching: membership.searching.value,
    renewing: membership.renewing.value,
    membership,
  };
}
