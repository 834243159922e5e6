import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { LookupMembershipResponse, Member, RenewMembershipResponse } from '../contract';
import type { Sen } from '../money';
import type { RenewalFormInput, RenewalPayment, RenewalTenderInput } from '../rules/renewalForm';
import type { MembershipHolds } from './membershipHolds';

/**
 * The Renewal Checkout form, as typed (spec section 5, renewal form): the renewal variant's `sku`
 * and the fields of the renewal rule (`validateRenewalForm`'s `RenewalFormInput`: name, email,
 * country_code (only '60' is offered), phone (digits only), dob (`YYYY-MM-DD`, not in the
 * future), payment_type (CASH, CREDIT CARD or E-WALLET), quantity (1 to 12 when the duration
 * unit is Month, otherwise 1)) as text. A `FormError`'s `details` keys name these fields.
 */
export type RenewalForm = { readonly sku: string } & { readonly [K in keyof RenewalFormInput]-?: string } & {
  /**
   * A split payment, as the payment screen takes it: the amount typed per method (`{ CASH: '50', 'CREDIT CARD':
   * '100' }`). Left out or all blank, the payment type pays the exact amount.
   */
  readonly tenders?: RenewalTenderInput;
};

/** Member lookup and renewal (spec sections 4 and 5), and holds while a member is away. */
export interface MembershipService extends MembershipHolds {
  readonly result: ReadonlySignal<LookupMembershipResponse | null>;
  readonly selectedMember: ReadonlySignal<Member | null>;
  readonly searching: ReadonlySignal<boolean>;
  readonly renewing: ReadonlySignal<boolean>;
  /** Looks up members by email; a failure clears the selected member (and the result). */
  lookup(email: string, options?: CallOptions): Promise<LookupMembershipResponse>;
  /** Clears the search result and the selected member. */
  clear(): void;
  selectMember(member: Member | null): void;
  /** The renewal form prefilled from a member and the catalogue's renewal product. */
  renewalDefaults(member: Member): RenewalForm;
  /** The read-only payment amount: price × quantity (ZERO when the form cannot tell). */
  renewalAmount(form: Pick<RenewalForm, 'sku' | 'quantity'>): Sen;
  /**
   * How the form would be paid: the tenders, paid, change (in cash) or short by, and the refusal the Renew button
   * would meet ('Payment is short by RM 10.00', change beyond the cash tendered), for the form to show as it is typed.
   */
  renewalPayment(form: Pick<RenewalForm, 'sku' | 'quantity' | 'payment_type' | 'tenders'>): RenewalPayment;
  /**
   * Validates and renews (keyed; a retry reuses the key): one RENEW item with the member's details, paid by the
   * payment type or split as `tenders` says (change in cash). 'Membership renewed successfully'; the receipt is
   * printed (and the drawer opened for cash), and the server e-mails it to the member. A failure clears the selected
   * member.
   * @throws `FormError` (details per field, `tenders.CASH` for a method's amount and `tenders` for a short payment)
   * for an invalid form.
   */
  renew(form: RenewalForm, options?: CallOptions): Promise<RenewMembershipResponse>;
}
