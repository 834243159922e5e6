import { batch, computed, signal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import { signalOnly, throwIfAborted } from '../api/aborted';
import type { Shift, ShiftOrEmpty, ShiftReport } from '../contract';
import { AuthError } from '../errors/AuthError';
import { FormError } from '../errors/FormError';
import { toPosError } from '../errors/toPosError';
import { fromRinggit, sumSen, toRinggit, ZERO } from '../money';
import { validateEndShift } from '../rules/endShiftForm';
import { validateFloat } from '../rules/floatForm';
import { isNoAnswer } from '../sync/createSync';
import { notifyFailure } from './notifyFailure';
import { printDocument } from './printDocument';
import type { ServiceContext } from './ServiceContext';
import type { ShiftService } from './ShiftService';
import type { SessionController } from './session';

/** The shift service plus what sign-out calls. */
export interface ShiftController extends ShiftService {
  /** Forgets the shift (sign-out). */
  reset(): void;
}

/** Is the answer a shift, not the empty object that means ended (spec section 3)? */
function isShift(answer: ShiftOrEmpty): answer is Shift {
  return '_id' in answer;
}

/** Creates the shift service (spec section 4, shift). */
export function createShift(context: ServiceContext, session: SessionController): ShiftController {
  const { api, notices, hardware } = context;
  const current = signal<Shift | null>(null);
  const lastReport = signal<ShiftReport | null>(null);
  const busy = signal(false);
  const needsFloat = computed(() => current.value !== null && current.value.float.length === 0);
  const floatTotal = computed(() =>
    current.value === null ? ZERO : sumSen(current.value.float.map((entry) => fromRinggit(entry.cash))),
  );

  /** Runs a shift call: busy flag, error notice ('Server not responding' when no answer), rethrow. */
  const call = async <T>(
    options: CallOptions | undefined,
    run: (call: CallOptions) => Promise<T>,
    quietWhenOffline = false,
  ): Promise<T> => {
    throwIfAborted(options);
    busy.value = true;
    try {
      return await run(signalOnly(options));
    } catch (error) {
      // Entering sales while the banner says the server is down: selling goes on offline, and the banner has said it.
      if (quietWhenOffline && isNoAnswer(error) && context.isOffline?.() === true) {
        throw toPosError(error).markNotified();
      }
      throw notifyFailure(notices, error);
    } finally {
      busy.value = false;
    }
  };

  /** Menu > Open Drawer; a drawer fault is shown and thrown. */
  const openDrawer = async (): Promise<void> => {
    try {
      await hardware.openDrawer();
    } catch (error) {
      throw notifyFailure(notices, error);
    }
  };

  /** An empty shift object signs the user out (spec section 4). */
  const accept = (answer: ShiftOrEmpty): Shift | null => {
    if (isShift(answer)) {
      current.value = answer;
      return answer;
    }
    current.value = null;
    session.signOut();
    return null;
  };

  return {
    current,
    needsFloat,
    floatTotal,
    lastReport,
    busy,
    start: async (options) => {
      const before = current.value;
      const shift = await call(options, async (sent) => accept(await api.startShift(sent)), true);
      if (shift !== null && before?._id !== shift._id) context.events.emit('shiftStarted', { shift });
      return shift;
    },
    setFloat: async (input, options) => {
      const form = validateFloat(input, current.value ? { currentFloatTotal: floatTotal.value } : {});
      if (!form.ok) throw FormError.fromFields(form.errors);
      const shift = await call(options, async (sent) =>
        accept(await api.setFloat({ float: toRinggit(form.value.float) }, sent)),
      );
      // An empty answer means the shift ended: the user is signed out, as on start.
      if (shift === null) throw new AuthError();
      const entry = shift.float.at(-1);
      if (entry) await printDocument(context, { kind: 'float', shift, entry });
      return shift;
    },
    cancelNewShift: () => {
      // Spec section 4: cancelling the 'New Shift' float dialog signs out.
      if (needsFloat.value) session.signOut();
    },
    // Spec section 4: opening the float via Menu triggers the drawer.
    openFloatFromMenu: () => openDrawer(),
    report: async (options) => {
      const report = await call(options, (sent) => api.shiftReport(sent));
      lastReport.value = report;
      if (options?.print !== false) await printDocument(context, { kind: 'x-report', report });
      return report;
    },
    printReport: (report) =>
      printDocument(context, { kind: report.closed_at === null ? 'x-report' : 'z-report', report }),
    end: async (input, options) => {
      const form = validateEndShift(input);
      if (!form.ok) throw FormError.fromFields(form.errors);
      const { cash, card, ewallet } = form.value;
      const report = await call(options, (sent) =>
        api.endShift({ cash: toRinggit(cash), card: toRinggit(card), ewallet: toRinggit(ewallet) }, sent),
      );
      batch(() => {
        lastReport.value = report;
        current.value = null;
      });
      context.events.emit('shiftEnded', { report });
      await printDocument(context, { kind: 'z-report', report });
      return report;
    },
    openDrawer,
    reset: () => {
      batch(() => {
        current.value = null;
        lastReport.value = null;
      });
    },
  };
}
