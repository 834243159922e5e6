import type { OfflinePrepareResponse } from 'pos-sdk/contract';
import { sen, toRinggit } from 'pos-sdk/money';
import type { Config } from '../config';
import type { Db } from '../db/Database';
import { ticketsToWire } from '../tickets';
import { reserveTicketIds } from './reserveTicketIds';

/** How far back offline_prepare looks for tickets to hand to a terminal: sold or used in the last 7 days. */
export const OFFLINE_TICKETS_DAYS = 7;

/** The most tickets offline_prepare hands to a terminal (newest first). */
export const OFFLINE_TICKETS_MAX = 2_000;

/**
 * What a terminal needs to keep working through an outage (offline_prepare): the offline policy of the server's
 * settings, the ticket ids reserved for it (topped up), and the tickets it can check at the gate while offline:
 * not canceled, not expired, sold or used in the last {@link OFFLINE_TICKETS_DAYS} days, newest first, at most
 * {@link OFFLINE_TICKETS_MAX}.
 */
export async function prepareOffline(
  db: Db,
  options: { terminalId: string; store: string; now: Date; timeZone: string; policy: Config['offline'] },
): Promise<OfflinePrepareResponse> {
  const { now, policy } = options;
  const ticketIds = await reserveTicketIds(db, { terminalId: options.terminalId, now });
  const since = new Date(now.getTime() - OFFLINE_TICKETS_DAYS * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('tickets')
    .selectAll()
    .where('store', '=', options.store)
    .where('status', '=', 'Valid')
    .where('expires_at', '>', now.toISOString())
    .where((eb) =>
      eb.or([
        eb(
          'order_id',
          'in',
          eb
            .selectFrom('orders')
            .select('orders.id')
            .where('orders.store', '=', options.store)
            .where('orders.created_at', '>=', since),
        ),
        eb(
          'id',
          'in',
          eb.selectFrom('ticket_uses').select('ticket_uses.ticket_id').where('ticket_uses.at', '>=', since),
        ),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(OFFLINE_TICKETS_MAX)
    .execute();
  return {
    policy: {
      max_offline_minutes: policy.maxMinutes,
      max_offline_amount: toRinggit(sen(policy.maxAmountSen)),
      max_offline_sales: policy.maxSales,
    },
    ticket_ids: ticketIds,
    tickets: await ticketsToWire(db, rows, { now, timeZone: options.timeZone }),
    server_time: now.toISOString(),
  };
}
