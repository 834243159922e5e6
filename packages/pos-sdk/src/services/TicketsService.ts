import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { Ticket, TicketDisplayStatus } from '../contract';

/** A face photo: JPEG bytes. */
export type FacePhoto = Uint8Array | Blob;

/** Check Pass: look up, redeem, register a face (spec sections 4 and 7). */
export interface TicketsService {
  readonly current: ReadonlySignal<Ticket | null>;
  /**
   * Whether `current` is what this terminal last knew of the pass (the server could not be reached), not the
   * server's answer: the ticket dialog says so (docs/offline.md).
   */
  readonly offline: ReadonlySignal<boolean>;
  /** The derived display status at the clock's now (evaluated when the ticket changes), or `null`. */
  readonly status: ReadonlySignal<TicketDisplayStatus | null>;
  /** Active, allow_redeem and no request in flight. */
  readonly canRedeem: ReadonlySignal<boolean>;
  readonly loading: ReadonlySignal<boolean>;
  readonly redeeming: ReadonlySignal<boolean>;
  readonly registering: ReadonlySignal<boolean>;
  /** The photo taken in the camera dialog, or `null`. */
  readonly capturedPhoto: ReadonlySignal<FacePhoto | null>;
  /**
   * The last entry `redeem` made on this terminal and the server booked (the ticket's id and the use's `at`), which
   * `annul` undoes; `null` once undone, cleared, or when the entry was saved offline.
   */
  readonly lastEntry: ReadonlySignal<{ readonly ticketId: string; readonly usedAt: string } | null>;
  /**
   * Undoes `lastEntry` (the door did not open, the member turned back): the server removes the use within the venue's
   * `entry_undo_seconds`, on this terminal only ('Entry undone'); the ticket is updated. A refusal (too late,
   * already undone) is a notice with the server's words.
   *
   * @throws `RuleError` when there is no entry to undo.
   */
  annul(options?: CallOptions): Promise<Ticket>;
  /** Fetches a ticket by pass id; a failure clears the ticket. @throws `RuleError` for an empty id. */
  get(ticketId: string, options?: CallOptions): Promise<Ticket>;
  /** Redeems the current ticket ('Ticket redemption successful'). @throws `RuleError` when not redeemable. */
  redeem(options?: CallOptions): Promise<Ticket>;
  /**
   * Registers the face photo (`jpeg`, else `capturedPhoto`) for the current ticket; a
   * non-shareable ticket already used is registered with no body (a `jpeg` handed over for it is refused with a
   * warning, `RULE_CODES.photo_not_taken`, and nothing is sent). Success updates the ticket
   * ('Photo successfully registered'); failure toasts the server's message for 5 s and clears
   * `capturedPhoto`.
   */
  registerFace(jpeg?: FacePhoto, options?: CallOptions): Promise<Ticket>;
  setCapturedPhoto(photo: FacePhoto | null): void;
  /** The registered photo of a ticket. */
  photo(ticketId: string, options?: CallOptions): Promise<Blob>;
  /** Clears the ticket and the captured photo. */
  clear(): void;
}
