import { type ApiClient, createApiClient, PosError } from 'pos-sdk';

/** What the gate's screen shows for a scanned ticket. */
export interface GateResult {
  readonly admitted: boolean;
  /** The server's message: 'Ticket redemption successful', 'Ticket is Fully Used' ... */
  readonly message: string;
  /** The pass name, when admitted. */
  readonly pass?: string;
}

/** The gate's client: a terminal id of its own and the token of the staff member signed in at the gate. */
export function createGateClient(options: { server: string; hostId: string; token: string }): ApiClient {
  return createApiClient({ baseUrl: options.server, hostId: options.hostId, getToken: () => options.token });
}

/**
 * Redeems one use of a scanned ticket. A refusal of the server (used up, expired, unknown) is shown, not thrown;
 * anything else (no answer) is thrown for the gate to say it is offline.
 */
export async function admit(api: ApiClient, ticketId: string): Promise<GateResult> {
  try {
    const { ticket, message } = await api.checkTicketRedeem(ticketId);
    return { admitted: true, message, pass: ticket.pass.name };
  } catch (error) {
    if (error instanceof PosError && error.status !== undefined)
      return { admitted: false, message: error.message };
    throw error;
  }
}
