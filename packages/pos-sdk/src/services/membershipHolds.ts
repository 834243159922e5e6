import type { ReadonlySignal, Signal } from '@preact/signals-core';
import { signal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import { isAborted, signalOnly, throwIfAborted } from '../api/aborted';
import type {
  LookupMembershipResponse,
  MembershipHoldEntry,
  MembershipHoldResponse,
  Ticket,
} from '../contract';
import { FormError } from '../errors/FormError';
import { formatRM } from '../money';
import {
  DEFAULT_HOLD_LIMITS,
  HOLD_MESSAGES,
  type HoldFormErrors,
  type HoldFormInput,
  type HoldLimits,
  type HoldRequestValue,
  validateHoldForm,
} from '../rules/membershipHold';
import type { FormResult } from '../rules/result';
import { venueDate } from '../rules/venueDay';
import type { CatalogController } from './catalog';
import { createHoldFee, type HoldFee, type PendingHold } from './holdFee';
import { notifyFailure } from './notifyFailure';
import type { ServiceContext } from './ServiceContext';

/** Options of {@link MembershipHolds.hold}. */
export interface HoldOptions extends CallOptions {
  /**
   * The `_id` of the paid order that carried the venue's hold fee, when it charges one (staff need it; a manager may
   * hold without): each order pays for one hold. The till passes it itself ({@link MembershipHolds.holdWithFee}).
   */
  readonly feeOrder?: string;
}

/** Holding a membership while its member is away: part of `pos.membership`. */
export interface MembershipHolds {
  /** True while a hold or its end is in flight. */
  readonly holding: ReadonlySignal<boolean>;
  /** The venue's least and most days of a hold (its settings once loaded, else 7 and 90). */
  holdLimits(): HoldLimits;
  /**
   * The hold form's check for a membership ticket (`validateHoldForm`): the first day ('' for today; DD-MM-YYYY),
   * not before today and before the expiry, and the days within the venue's limits. For field messages as typed.
   */
  checkHold(
    ticket: Pick<Ticket, 'expiry'>,
    input: HoldFormInput,
  ): FormResult<HoldRequestValue, Required<HoldFormErrors>>;
  /**
   * Holds the membership from `input.from` for `input.days` days: entries are refused on those days and the expiry
   * moves by them. 'Membership put on hold'. A manager, or staff with the `hold_memberships` right (else 403
   * `not_permitted`, which signs nobody out).
   * @throws `FormError` (details `from`, `days`) for an invalid form, before any call.
   */
  hold(
    ticket: Pick<Ticket, '_id' | 'expiry'>,
    input: HoldFormInput,
    options?: HoldOptions,
  ): Promise<MembershipHoldResponse>;
  /** Ends the membership's hold today (the expiry moves back by the days not held). 'Membership hold ended'. */
  endHold(ticketId: string, options?: CallOptions): Promise<MembershipHoldResponse>;
  /** The membership's holds, newest first. */
  holds(ticketId: string, options?: CallOptions): Promise<MembershipHoldEntry[]>;
  /**
   * The venue's hold fee (its settings' `hold_fee_sku`, priced by the catalogue), or null when holds cost nothing:
   * then {@link MembershipHolds.hold} places a hold at once.
   */
  holdFee(): HoldFee | null;
  /** Holds waiting for the sale that carries their fee (kept in storage with the cart). */
  readonly pendingHolds: ReadonlySignal<readonly PendingHold[]>;
  /**
   * At the till, when the venue charges a hold fee: checks the form, puts the fee into the cart and keeps the hold
   * waiting; the hold is placed (with the sale's order as `fee_order`) when the sale carrying the fee completes.
   * The server checks the hold first (`check_only`: the right, the membership, the days), so a hold it would refuse
   * never gets its fee sold. Removing the fee from the cart drops the waiting hold. 'Hold fee RM 20.00 added to the
   * cart: …'.
   * @returns the waiting hold; undefined when there is no fee or the cart refused it (its warning shown).
   * @throws `FormError` (details `from`, `days`) for an invalid form, before anything changes.
   */
  holdWithFee(ticket: Pick<Ticket, '_id' | 'expiry'>, input: HoldFormInput): Promise<PendingHold | undefined>;
  /** Forgets a membership's waiting hold. */
  cancelPendingHold(ticketId: string): void;
}

/**
 * Creates the hold calls of the membership service. `result` is the member lookup's answer: a held ticket replaces
 * its old self there, so a dialog showing the member sees the new expiry and hold at once.
 */
export function createMembershipHolds(
  context: ServiceContext,
  result: Signal<LookupMembershipResponse | null>,
  till: { catalog: Pick<CatalogController, 'findEntry'>; addToCart: (sku: string) => Promise<unknown> },
): MembershipHolds {
  const { api, notices } = context;
  const holding = signal(false);
  const limits = (): HoldLimits => context.holdLimits?.() ?? DEFAULT_HOLD_LIMITS;
  const checkHold: MembershipHolds['checkHold'] = (ticket, input) => {
    const now = context.clock();
    return validateHoldForm(input, {
      today: venueDate(now, context.timeZone),
      expiryDate: venueDate(ticket.expiry, context.timeZone),
      limits: limits(),
    });
  };
  const replaceTicket = (ticket: Ticket): void => {
    const found = result.peek();
    if (found === null || !found.tickets.some((each) => each._id === ticket._id)) return;
    result.value = {
      ...found,
      tickets: found.tickets.map((each) => (each._id === ticket._id ? ticket : each)),
    };
  };
  const fee = createHoldFee(context, till.catalog, (answer) => replaceTicket(answer.ticket));
  const change = async (
    call: () => Promise<MembershipHoldResponse>,
    options: CallOptions | undefined,
  ): Promise<MembershipHoldResponse> => {
    throwIfAborted(options);
    holding.value = true;
    try {
      const answer = await call();
      replaceTicket(answer.ticket);
      notices.push({ kind: 'success', message: answer.message });
      return answer;
    } catch (error) {
      if (isAborted(error)) throw error;
      throw notifyFailure(notices, error);
    } finally {
      holding.value = false;
    }
  };
  return {
    holding,
    holdLimits: limits,
    checkHold,
    hold: async (ticket, input, options) => {
      const checked = checkHold(ticket, input);
      if (!checked.ok) throw FormError.fromFields(checked.errors);
      const { from, days } = checked.value;
      const feeOrder = options?.feeOrder?.trim();
      const body = { ticket_id: ticket._id, from, days, ...(feeOrder ? { fee_order: feeOrder } : {}) };
      return change(() => api.holdMembership(body, signalOnly(options)), options);
    },
    holdFee: fee.holdFee,
    pendingHolds: fee.pendingHolds,
    holdWithFee: async (ticket, input) => {
      const checked = checkHold(ticket, input);
      if (!checked.ok) throw FormError.fromFields(checked.errors);
      const holdFee = fee.holdFee();
      if (holdFee === null) return undefined;
      const { from, days } = checked.value;
      // Asked first, so the customer never pays for a hold the server would refuse (no right, already on hold...).
      try {
        await api.holdMembership({ ticket_id: ticket._id, from, days, check_only: true });
      } catch (error) {
        if (isAborted(error)) throw error;
        throw notifyFailure(notices, error);
      }
      const added = await till.addToCart(holdFee.sku);
      if (added === undefined) return undefined;
      const pending: PendingHold = { ticket_id: ticket._id, ...checked.value, fee_sku: holdFee.sku };
      fee.addPending(pending);
      notices.push({ kind: 'success', message: HOLD_MESSAGES.feeInCart(formatRM(holdFee.price)) });
      return pending;
    },
    cancelPendingHold: fee.cancelPending,
    endHold: (ticketId, options) =>
      change(() => api.endMembershipHold({ ticket_id: ticketId }, signalOnly(options)), options),
    holds: async (ticketId, options) => {
      throwIfAborted(options);
      try {
        return await api.membershipHolds({ ticket_id: ticketId }, signalOnly(options));
      } catch (error) {
        if (isAborted(error)) throw error;
        throw notifyFailure(notices, error);
      }
    },
  };
}
