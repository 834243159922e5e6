import { batch, computed, signal } from '@preact/signals-core';
import type { Ticket } from '../contract';
import { RuleError } from '../errors/RuleError';
import { MESSAGES } from '../rules/messages';
import { validatePassId } from '../rules/promptInputs';
import { RULE_CODES } from '../rules/result';
import { checkRedeem, deriveTicketStatus, canRedeem as isRedeemable } from '../rules/ticketStatus';
import { PHOTO_ERROR_DURATION_MS } from './notices';
import { notifyFailure } from './notifyFailure';
import type { ServiceContext } from './ServiceContext';
import type { FacePhoto, TicketsService } from './TicketsService';

/** The tickets service plus what sign-out calls. */
export interface TicketsController extends TicketsService {
  /** Same as `clear`. */
  reset(): void;
}

/**
 * Does registering this ticket's face send no photo? Yes for a non-shareable ticket already used
 * (spec section 7, register_face).
 */
function registersWithoutPhoto(ticket: Ticket): boolean {
  return !ticket.pass.shareable && ticket.used.length > 0;
}

/** Creates the Check Pass service (spec sections 4 and 7, tickets). */
export function createTickets(context: ServiceContext): TicketsController {
  const { api, notices } = context;
  const current = signal<Ticket | null>(null);
  const loading = signal(false);
  const redeeming = signal(false);
  const registering = signal(false);
  const capturedPhoto = signal<FacePhoto | null>(null);
  const status = computed(() => (current.value ? deriveTicketStatus(current.value, context.clock()) : null));
  const canRedeem = computed(() =>
    current.value ? isRedeemable(current.value, context.clock(), redeeming.value) : false,
  );

  const clear = (): void => {
    batch(() => {
      current.value = null;
      capturedPhoto.value = null;
    });
  };

  return {
    current,
    status,
    canRedeem,
    loading,
    redeeming,
    registering,
    capturedPhoto,
    get: async (input) => {
      const id = validatePassId(input);
      if (!id.ok) throw RuleError.from(id);
      loading.value = true;
      try {
        const ticket = await api.getTicket({ ticket_id: id.value });
        current.value = ticket;
        return ticket;
      } catch (error) {
        current.value = null; // a failed ticket fetch clears the ticket (spec section 4)
        throw notifyFailure(notices, error);
      } finally {
        loading.value = false;
      }
    },
    redeem: async () => {
      const ticket = current.value;
      if (!ticket)
        throw RuleError.from({ ok: false, code: RULE_CODES.required, message: MESSAGES.passIdRequired });
      // Redeem is enabled only when Active, allow_redeem and no request in flight (spec section 4).
      if (redeeming.value)
        throw new RuleError(MESSAGES.ticketRedeemNotAllowed, { rule: RULE_CODES.redeem_not_allowed });
      const allowed = checkRedeem(ticket, context.clock());
      if (!allowed.ok) throw RuleError.from(allowed);
      redeeming.value = true;
      try {
        const answer = await api.checkTicketRedeem(ticket._id);
        current.value = answer.ticket;
        notices.push({ kind: 'success', message: MESSAGES.ticketRedeemed });
        return answer.ticket;
      } catch (error) {
        throw notifyFailure(notices, error);
      } finally {
        redeeming.value = false;
      }
    },
    registerFace: async (jpeg) => {
      const ticket = current.value;
      if (!ticket)
        throw RuleError.from({ ok: false, code: RULE_CODES.required, message: MESSAGES.passIdRequired });
      const photo = registersWithoutPhoto(ticket) ? undefined : (jpeg ?? capturedPhoto.value ?? undefined);
      registering.value = true;
      try {
        const updated = await api.registerFace(ticket._id, photo);
        current.value = updated; // a successful photo register updates the ticket
        notices.push({ kind: 'success', message: MESSAGES.photoRegistered });
        return updated;
      } catch (error) {
        // Spec section 8: the server message for 5 seconds, and the captured photo is cleared.
        capturedPhoto.value = null;
        throw notifyFailure(notices, error, { durationMs: PHOTO_ERROR_DURATION_MS });
      } finally {
        registering.value = false;
      }
    },
    setCapturedPhoto: (photo) => {
      capturedPhoto.value = photo;
    },
    photo: async (ticketId) => {
      try {
        return await api.ticketPhoto(ticketId);
      } catch (error) {
        throw notifyFailure(notices, error);
      }
    },
    clear,
    reset: clear,
  };
}
