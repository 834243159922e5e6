import type { FastifyInstance } from 'fastify';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit } from 'pos-sdk/money';
import { signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { serveEndpoint } from '../http/serveEndpoint';
import { readVenueSettings } from '../venue';
import { setFloat } from './addFloat';
import { endShift } from './closeShift';
import { startShift } from './openShift';
import { readShiftReport, readShiftReportOf } from './shiftReport';

/**
 * Shift calls, per terminal (`X-Host-Name`): start_shift (the terminal's open shift, or a new one), set_float
 * (appends a float entry), shift_report (X report of the open shift; a manager's only while the venue counts
 * blind) and end_shift (closes it with the counted
 * takings; the end-of-shift report); shifts/report, any shift's report by its id (a manager's). Calls that need an open shift answer 409 'No open shift' without one.
 */
export function shiftRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  serveEndpoint(app, 'startShift', async (request) => {
    const { staff, terminalId } = signedIn(request);
    return startShift(db, { terminalId, store: config.store, staffId: staff.id, now: clock() });
  });

  serveEndpoint(app, 'setFloat', async (request) => {
    const { staff, terminalId } = signedIn(request);
    return setFloat(db, { terminalId, ringgit: request.body.float, staffId: staff.id, now: clock() });
  });

  // Counting blind (the venue's blind_count): what the drawer should hold is not shown to staff before they count it.
  serveEndpoint(app, 'shiftReport', async (request) => {
    const { staff, terminalId } = signedIn(request);
    if (staff.role !== 'manager' && (await readVenueSettings(db, config)).blind_count) {
      throw HttpProblem.notPermitted(BACK_OFFICE_MESSAGES.blindCount);
    }
    return readShiftReport(db, terminalId);
  });

  // Any shift's report, for the back office (a manager's: the contract's role).
  serveEndpoint(app, 'shiftReportOf', async (request) => readShiftReportOf(db, request.body.shift_id));

  serveEndpoint(app, 'endShift', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const counted = {
      cash: fromRinggit(request.body.cash),
      card: fromRinggit(request.body.card),
      ewallet: fromRinggit(request.body.ewallet),
    };
    return endShift(db, { terminalId, counted, staffId: staff.id, now: clock() });
  });
}
