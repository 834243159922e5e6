import { batch, signal } from '@preact/signals-core';
import { signalOnly, throwIfAborted } from '../api/aborted';
import type { UserEntry } from '../contract';
import { FormError } from '../errors/FormError';
import { validateDiscountForm } from '../rules/discountForm';
import { personName } from '../rules/displayText';
import type { ApprovalService, PinState } from './ApprovalService';
import type { CartController } from './cart';
import { notifyFailure } from './notifyFailure';
import type { ServiceContext } from './ServiceContext';

/** The approval service plus what sign-out calls. */
export interface ApprovalController extends ApprovalService {
  /** Forgets the users list and resets the PIN state. */
  reset(): void;
}

/** Creates the discount approval service (spec section 4, discount; section 6, approval by PIN). */
export function createApproval(context: ServiceContext, cart: CartController): ApprovalController {
  const { api, notices } = context;
  const users = signal<readonly UserEntry[]>([]);
  const pinState = signal<PinState>('unauthorised');
  const verifying = signal(false);
  /** The toasts of refused PINs ('Incorrect PIN'), taken down once a PIN is accepted. */
  const refusals = new Set<string>();
  const dismissRefusals = (): void => {
    for (const id of refusals) notices.dismiss(id);
    refusals.clear();
  };

  return {
    users,
    pinState,
    verifying,
    loadUsers: async (options) => {
      try {
        const list = await api.users(signalOnly(options));
        users.value = list; // a fetched list replaces the stored one
        return list;
      } catch (error) {
        throw notifyFailure(notices, error);
      }
    },
    approveDiscount: async (sku, form, options) => {
      throwIfAborted(options);
      const known = users.value.map((user) => user._id);
      const checked = validateDiscountForm(form, known.length > 0 ? known : undefined);
      if (!checked.ok) throw FormError.fromFields(checked.errors);
      const { value, type, approver, pin } = checked.value;
      verifying.value = true;
      let approval: string;
      try {
        approval = (await api.verifyPin({ approver, pin }, signalOnly(options))).approval;
      } catch (error) {
        // A failed verification leaves the PIN state unauthorised (spec section 4).
        const stopWatching = notices.subscribe((notice) => refusals.add(notice.id));
        try {
          throw notifyFailure(notices, error);
        } finally {
          stopWatching();
        }
      } finally {
        verifying.value = false;
      }
      // The PIN is right: an 'Incorrect PIN' shown for an earlier try is no longer true.
      dismissRefusals();
      pinState.value = 'authorised';
      try {
        const user = users.value.find((candidate) => candidate._id === approver);
        return cart.applyDiscount(sku, {
          type,
          value,
          approver,
          approval,
          ...(user ? { approver_name: personName(user.name) } : {}),
        });
      } finally {
        // On authorisation the discount is applied and the PIN state resets to unauthorised.
        pinState.value = 'unauthorised';
      }
    },
    reset: () => {
      dismissRefusals();
      batch(() => {
        users.value = [];
        pinState.value = 'unauthorised';
        verifying.value = false;
      });
    },
  };
}
