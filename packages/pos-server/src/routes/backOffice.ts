import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatCatalogFile, sen, toRinggit } from 'pos-sdk';
import { recordAudit } from '../audit';
import { signedIn } from '../auth/authentication';
import {
  addCatalogItem,
  editCatalogItem,
  importCatalog,
  listCatalog,
  setCatalogActive,
} from '../catalogue/catalogAdmin';
import { HttpProblem } from '../HttpProblem';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { addStaff } from '../staff/addStaff';
import {
  type Actor,
  editStaff,
  listStaff,
  requireStaff,
  resetStaffPassword,
  resetStaffPin,
  setStaffActive,
  staffToWire,
} from '../staff/staffAdmin';
import { readVenueSettings, updateVenueSettings } from '../venue/venueSettings';

/** The signed-in manager as the actor of a back-office change. */
function actorOf(request: FastifyRequest, now: Date): Actor {
  const { staff, terminalId } = signedIn(request);
  return { staffId: staff.id, terminalId, now };
}

/**
 * The back office (a manager's token only: the contract's `role: 'manager'`, enforced by authentication with 403
 * `not_permitted`) and the venue settings every staff member reads. Every change runs in one transaction with its
 * audit entries.
 */
export function backOfficeRoutes(app: FastifyInstance, { db, config, clock, venue }: AppContext): void {
  const { store } = config;

  // --- venue settings ---
  serveEndpoint(app, 'venue', async () => readVenueSettings(db, config));

  serveEndpoint(app, 'settingsSet', async (request) => {
    const actor = actorOf(request, clock());
    const settings = await db.transaction().execute(async (trx) => {
      const { before, after } = await updateVenueSettings(trx, config, request.body, {
        by: actor.staffId,
        now: actor.now,
      });
      await recordAudit(trx, {
        action: 'settings.updated',
        staffId: actor.staffId,
        terminalId: actor.terminalId,
        at: actor.now,
        details: { changes: request.body, before },
      });
      return after;
    });
    venue.invalidate();
    return settings;
  });

  // --- staff ---
  serveEndpoint(app, 'staffList', async () => listStaff(db));

  serveEndpoint(app, 'staffAdd', async (request) => {
    const actor = actorOf(request, clock());
    const { email, first, last, role, password, pin } = request.body;
    return db.transaction().execute(async (trx) => {
      const id = await addStaff(
        trx,
        { email, firstName: first, lastName: last, password, pin, role },
        actor.now,
      );
      await recordAudit(trx, {
        action: 'staff.added',
        staffId: actor.staffId,
        terminalId: actor.terminalId,
        at: actor.now,
        subject: { type: 'staff', id },
        details: { email: email.trim().toLowerCase(), role },
      });
      return staffToWire(await requireStaff(trx, email));
    });
  });

  serveEndpoint(app, 'staffEdit', async (request) =>
    db
      .transaction()
      .execute((trx) => editStaff(trx, actorOf(request, clock()), request.body.email, request.body.changes)),
  );

  serveEndpoint(app, 'staffSetActive', async (request) =>
    db
      .transaction()
      .execute((trx) =>
        setStaffActive(trx, actorOf(request, clock()), request.body.email, request.body.active),
      ),
  );

  serveEndpoint(app, 'staffResetPassword', async (request) =>
    db
      .transaction()
      .execute((trx) =>
        resetStaffPassword(trx, actorOf(request, clock()), request.body.email, request.body.password),
      ),
  );

  serveEndpoint(app, 'staffResetPin', async (request) =>
    db
      .transaction()
      .execute((trx) => resetStaffPin(trx, actorOf(request, clock()), request.body.email, request.body.pin)),
  );

  // --- catalogue ---
  serveEndpoint(app, 'catalogList', async () => listCatalog(db, store));

  serveEndpoint(app, 'catalogAdd', async (request) =>
    db.transaction().execute(async (trx) => {
      await addCatalogItem(trx, store, actorOf(request, clock()), request.body.item);
      return listCatalog(trx, store);
    }),
  );

  serveEndpoint(app, 'catalogEdit', async (request) =>
    db.transaction().execute(async (trx) => {
      await editCatalogItem(trx, store, actorOf(request, clock()), request.body);
      return listCatalog(trx, store);
    }),
  );

  serveEndpoint(app, 'catalogSetActive', async (request) =>
    db.transaction().execute(async (trx) => {
      await setCatalogActive(trx, store, actorOf(request, clock()), request.body);
      return listCatalog(trx, store);
    }),
  );

  serveEndpoint(app, 'catalogImport', async (request) => {
    const { format, content, dry_run: dryRun } = request.body;
    return db
      .transaction()
      .execute((trx) => importCatalog(trx, store, actorOf(request, clock()), { format, content, dryRun }));
  });

  serveEndpoint(app, 'catalogExport', async (request) => {
    const format = request.body.format;
    const { items } = await listCatalog(db, store);
    return { format, content: formatCatalogFile(format, items) };
  });

  // --- audit trail ---
  serveEndpoint(app, 'auditList', async (request) => {
    const { from, to, action, staff, limit, cursor } = request.body;
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
  });
}
