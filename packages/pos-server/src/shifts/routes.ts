import type { FastifyInstance } from 'fastify';
import { fromRinggit } from 'pos-sdk/money';
import { recordAudit } from '../audit';
import { signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { addFloat } from './addFloat';
import { closeShift } from './closeShift';
import { lockOpenShiftToClose, openShift, requireOpenShift } from './openShift';
import { computeShiftReport, readShiftReport } from './shiftReport';
import { shiftToWire } from './shiftToWire';

/**
 * Shift calls, per terminal (`X-Host-Name`): start_shift (the terminal's open shift, or a new one), set_float
 * (appends a float entry), shift_report (X report of the open shift) and end_shift (closes it with the counted
 * takings; the end-of-shift report). Calls that need an open shift answer 409 'No open shift' without one.
 */
export function shiftRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  serveEndpoint(app, 'startShift', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const { shift, opened } = await openShift(trx, {
        terminalId,
        store: config.store,
        staffId: staff.id,
        now,
      });
      if (opened) {
        await recordAudit(trx, {
          action: 'shift.opened',
          staffId: staff.id,
          terminalId,
          at: now,
          subject: { type: 'shift', id: shift.id },
        });
      }
      return shiftToWire(trx, shift);
    });
  });

  serveEndpoint(app, 'setFloat', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const shift = await requireOpenShift(trx, terminalId);
      const cash = await addFloat(trx, { shift, ringgit: request.body.float, staffId: staff.id, now });
      await recordAudit(trx, {
        action: 'shift.float_set',
        staffId: staff.id,
        terminalId,
        at: now,
        subject: { type: 'shift', id: shift.id },
        amount: cash,
      });
      return shiftToWire(trx, shift);
    });
  });

  serveEndpoint(app, 'shiftReport', async (request) => readShiftReport(db, signedIn(request).terminalId));

  serveEndpoint(app, 'endShift', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    const counted = {
      cash: fromRinggit(request.body.cash),
      card: fromRinggit(request.body.card),
      ewallet: fromRinggit(request.body.ewallet),
    };
    return db.transaction().execute(async (trx) => {
      // Waits for the sales, refunds and float entries still being written into the shift (see lockOpenShiftToClose).
      const open = await lockOpenShiftToClose(trx, terminalId);
      const shift = await closeShift(trx, { shift: open, counted, staffId: staff.id, now });
      const report = await computeShiftReport(trx, shift, counted);
      await recordAudit(trx, {
        action: 'shift.closed',
        staffId: staff.id,
        terminalId,
        at: now,
        subject: { type: 'shift', id: shift.id },
        amount: counted.cash,
        details: { counted: report.counted, expected: report.expected, variance: report.variance },
      });
      return report;
    });
  });
}
