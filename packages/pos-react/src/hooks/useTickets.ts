import { useSignals } from '@preact/signals-react/runtime';
import type { FacePhoto, TicketsService } from 'pos-sdk';
import type { Ticket, TicketDisplayStatus } from 'pos-sdk/contract';
import { signalValues } from './signalValues';
import { usePos } from './usePos';

/** What {@link useTickets} returns. */
export interface TicketsState {
  readonly current: Ticket | null;
  /** `current` is what this terminal last knew of the pass (the server could not be reached). */
  readonly offline: boolean;
  readonly status: TicketDisplayStatus | null;
  readonly canRedeem: boolean;
  readonly loading: boolean;
  readonly redeeming: boolean;
  readonly registering: boolean;
  readonly capturedPhoto: FacePhoto | null;
  /** `get`, `redeem`, `registerFace`, `setCapturedPhoto`, `photo`, `clear`. */
  readonly tickets: TicketsService;
}

/** Check Pass: the current ticket; re-renders when what the component reads changes. */
export function useTickets(): TicketsState {
  useSignals();
  const { tickets } = usePos();
  return Object.assign(
    signalValues(tickets, [
      'current',
      'offline',
      'status',
      'canRedeem',
      'loading',
      'redeeming',
      'registering',
      'capturedPhoto',
    ]),
    { tickets },
  );
}
