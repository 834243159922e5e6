import { sen, toRinggit } from 'pos-sdk/money';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import type { EndpointBody, EndpointReply } from '../http/serveEndpoint';

/**
 * A page of the audit log, newest first (POST /v1/admin/audit): from a time, optionally before another, of one action
 * (or its family: `order` matches `order.paid`), by one staff member's email; `cursor` is the `next_cursor` of the
 * page before.
 *
 * @throws {HttpProblem} 400 'Invalid cursor' for a cursor that no page gave.
 */
export async function listAudit(
  db: Db,
  request: EndpointBody<'auditList'>,
): Promise<EndpointReply<'auditList'>> {
  const { from, to, action, staff, limit, cursor } = request;
  let query = db
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .select([
      'audit_log.seq',
      'audit_log.at',
      'audit_log.action',
      'audit_log.staff_id',
      'audit_log.terminal_id',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.amount_sen',
      'audit_log.details',
      'staff.email',
      'staff.first_name',
      'staff.last_name',
    ])
    .where('audit_log.at', '>=', new Date(from).toISOString());
  if (to !== undefined) query = query.where('audit_log.at', '<', new Date(to).toISOString());
  if (action !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.action', '=', action),
        eb('audit_log.action', 'like', `${action.replace(/[%_]/g, '')}.%`),
      ]),
    );
  }
  if (staff !== undefined) query = query.where('staff.email', '=', staff.trim().toLowerCase());
  if (cursor !== undefined) {
    if (!/^\d{1,15}$/.test(cursor)) {
      throw HttpProblem.invalidRequest('Invalid cursor', [
        { path: 'cursor', message: 'must come from next_cursor' },
      ]);
    }
    query = query.where('audit_log.seq', '<', Number(cursor));
  }
  const rows = await query
    .orderBy('audit_log.seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      at: row.at,
      action: row.action,
      staff:
        row.staff_id === null
          ? null
          : {
              _id: row.staff_id,
              email: row.email ?? '',
              name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
            },
      terminal: row.terminal_id,
      subject: row.subject_type === null ? null : { type: row.subject_type, id: row.subject_id ?? '' },
      amount: row.amount_sen === null ? null : toRinggit(sen(Number(row.amount_sen))),
      details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
    })),
    next_cursor: rows.length > limit && last !== undefined ? String(last.seq) : null,
  };
}
