import { batch, computed, signal } from '@preact/signals-core';
import { isAborted, signalOnly, throwIfAborted } from '../api/aborted';
import { newIdempotencyKey as newNonce } from '../api/newIdempotencyKey';
import type { Ticket } from '../contract';
import { NetworkError } from '../errors/NetworkError';
import { PosError } from '../errors/PosError';
import { RuleError } from '../errors/RuleError';
import { MESSAGES } from '../rules/messages';
import { OFFLINE_MESSAGES } from '../rules/offlineMessages';
import { validatePassId } from '../rules/promptInputs';
import { RULE_CODES } from '../rules/result';
import { TICKET_MESSAGES } from '../rules/serverMessages';
import { checkRedeem, deriveTicketStatus, canRedeem as isRedeemable } from '../rules/ticketStatus';
import { isNoAnswer, type SyncController } from '../sync/createSync';
import { PHOTO_ERROR_DURATION_MS } from './notices';
import { notifyFailure } from './notifyFailure';
import { openDoorQuietly } from './printDocument';
import type { ServiceContext } from './ServiceContext';
import type { FacePhoto, TicketsService } from './TicketsService';
import { warnRefusal } from './warnRefusal';

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
export function createTickets(
  context: ServiceContext,
  /** With offline selling (docs/offline.md): passes are checked and redeemed through an outage. */
  sync?: SyncController,
): TicketsController {
  const { api, notices } = context;
  const current = signal<Ticket | null>(null);
  /** Whether `current` is what this terminal last knew, not the server's answer. */
  const offline = signal(false);

  /** The ticket as this terminal last knew it (an outage), or the failure to show. */
  const knownOffline = (id: string, error: unknown): Ticket => {
    const known = sync?.findTicket(id);
    if (known === undefined) {
      if (sync !== undefined && isNoAnswer(error)) {
        throw warnRefusal(notices, {
          ok: false,
          code: RULE_CODES.offline_not_allowed,
          message: OFFLINE_MESSAGES.ticketUnknownOffline,
        });
      }
      throw notifyFailure(notices, error);
    }
    notices.push({ kind: 'warning', message: OFFLINE_MESSAGES.ticketOffline });
    return known;
  };
  const loading = signal(false);
  const redeeming = signal(false);
  const registering = signal(false);
  const capturedPhoto = signal<FacePhoto | null>(null);
  const lastEntry = signal<{ ticketId: string; usedAt: string } | null>(null);
  const annulling = { value: false };
  // The venue's zone: a membership's entries are counted per venue day.
  const { timeZone } = context;
  const status = computed(() =>
    current.value ? deriveTicketStatus(current.value, context.clock(), timeZone) : null,
  );
  const canRedeem = computed(() =>
    current.value ? isRedeemable(current.value, context.clock(), timeZone, redeeming.value) : false,
  );

  const clear = (): void => {
    batch(() => {
      current.value = null;
      offline.value = false;
      capturedPhoto.value = null;
      lastEntry.value = null;
    });
  };

  return {
    current,
    offline,
    status,
    canRedeem,
    loading,
    redeeming,
    registering,
    capturedPhoto,
    lastEntry,
    get: async (input, options) => {
      throwIfAborted(options);
      const id = validatePassId(input);
      if (!id.ok) throw RuleError.from(id);
      loading.value = true;
      try {
        if (sync !== undefined && sync.connection.value === 'offline') {
          throw new NetworkError(); // known to be offline: what the terminal knows, at once
        }
        const ticket = await api.getTicket({ ticket_id: id.value }, signalOnly(options));
        batch(() => {
          current.value = ticket;
          offline.value = false;
        });
        return ticket;
      } catch (error) {
        if (isAborted(error)) throw error; // given up by the app: no failure, the screen stays as it was
        current.value = null; // a failed ticket fetch clears the ticket (spec section 4)
        offline.value = false;
        if (sync === undefined || !isNoAnswer(error)) throw notifyFailure(notices, error);
        const known = knownOffline(id.value, error);
        batch(() => {
          current.value = known;
          offline.value = true;
        });
        return known;
      } finally {
        loading.value = false;
      }
    },
    redeem: async (options) => {
      throwIfAborted(options);
      const ticket = current.value;
      if (!ticket)
        throw RuleError.from({ ok: false, code: RULE_CODES.required, message: MESSAGES.passIdRequired });
      // Redeem is enabled only when Active, allow_redeem and no request in flight (spec section 4).
      if (redeeming.value)
        throw new RuleError(MESSAGES.ticketRedeemNotAllowed, { rule: RULE_CODES.redeem_not_allowed });
      const allowed = checkRedeem(ticket, context.clock(), timeZone);
      if (!allowed.ok) throw RuleError.from(allowed);
      redeeming.value = true;
      // With offline selling every redeem carries a nonce and its time: if the answer is lost and the use is
      // replayed after the outage, the server books it once.
      const scan =
        sync === undefined ? undefined : { nonce: newNonce(), used_at: sync.serverNow().toISOString() };
      try {
        if (
          sync !== undefined &&
          scan !== undefined &&
          (offline.value || sync.connection.value === 'offline')
        ) {
          throw new NetworkError();
        }
        const answer = await api.checkTicketRedeem(ticket._id, scan ?? {}, signalOnly(options));
        const use = answer.ticket.used.at(-1);
        batch(() => {
          current.value = answer.ticket;
          offline.value = false;
          lastEntry.value = use === undefined ? null : { ticketId: answer.ticket._id, usedAt: use.at };
        });
        notices.push({ kind: 'success', message: MESSAGES.ticketRedeemed });
        await openDoorQuietly(context);
        return answer.ticket;
      } catch (error) {
        if (sync === undefined || scan === undefined || !isNoAnswer(error))
          throw notifyFailure(notices, error);
        let used: Ticket;
        try {
          used = await sync.enqueueRedeem({ ticket_id: ticket._id, ...scan });
        } catch (refusal) {
          if (!(refusal instanceof RuleError)) throw notifyFailure(notices, refusal);
          notices.push({ kind: 'warning', message: refusal.message });
          throw refusal.markNotified();
        }
        batch(() => {
          current.value = used;
          offline.value = true;
        });
        notices.push({ kind: 'warning', message: OFFLINE_MESSAGES.redeemSaved });
        await openDoorQuietly(context);
        return used;
      } finally {
        redeeming.value = false;
      }
    },
    annul: async (options) => {
      throwIfAborted(options);
      const entry = lastEntry.value;
      if (entry === null || annulling.value) {
        throw new RuleError(MESSAGES.ticketRedeemNotAllowed, { rule: RULE_CODES.redeem_not_allowed });
      }
      annulling.value = true;
      try {
        const answer = await api.annulTicketRedeem(
          entry.ticketId,
          { used_at: entry.usedAt },
          signalOnly(options),
        );
        batch(() => {
          if (current.value === null || current.value._id === answer.ticket._id)
            current.value = answer.ticket;
          lastEntry.value = null;
        });
        notices.push({ kind: 'success', message: answer.message });
        return answer.ticket;
      } catch (error) {
        if (isAborted(error)) throw error;
        // A refusal (too late, already undone, another terminal's) will not change on a retry.
        if (error instanceof PosError && error.code === 'conflict') lastEntry.value = null;
        throw notifyFailure(notices, error);
      } finally {
        annulling.value = false;
      }
    },
    registerFace: async (jpeg, options) => {
      throwIfAborted(options);
      const ticket = current.value;
      if (!ticket)
        throw RuleError.from({ ok: false, code: RULE_CODES.required, message: MESSAGES.passIdRequired });
      const withoutPhoto = registersWithoutPhoto(ticket);
      // A photo handed over by the caller (`pos ticket face --file`) that would not be sent is refused, never
      // dropped with a success message; the camera's captured photo goes the spec's way (no body).
      if (withoutPhoto && jpeg !== undefined) {
        throw warnRefusal(notices, {
          ok: false,
          code: RULE_CODES.photo_not_taken,
          message: TICKET_MESSAGES.photoNotTaken,
        });
      }
      const photo = withoutPhoto ? undefined : (jpeg ?? capturedPhoto.value ?? undefined);
      registering.value = true;
      try {
        const updated = await api.registerFace(ticket._id, photo, signalOnly(options));
        current.value = updated; // a successful photo register updates the ticket
        notices.push({ kind: 'success', message: MESSAGES.photoRegistered });
        return updated;
      } catch (error) {
        if (isAborted(error)) throw error; // given up by the app: the photo stays for another try
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
    photo: async (ticketId, options) => {
      try {
        return await api.ticketPhoto(ticketId, signalOnly(options));
      } catch (error) {
        throw notifyFailure(notices, error);
      }
    },
    clear,
    reset: clear,
  };
}
