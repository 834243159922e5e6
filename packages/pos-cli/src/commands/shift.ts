import { AuthError, type EndShiftForm } from 'pos-sdk';
import type { Shift } from 'pos-sdk/contract';
import { formatRM } from 'pos-sdk/money';
import { validateEndShift, validateFloat } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { formRefusal } from '../errors/formRefusal';
import { UsageError } from '../errors/UsageError';
import { askWhenMissing } from '../prompts/askWhenMissing';
import { floatQuestion, takingsQuestion } from '../prompts/questions';

/** Options of `pos shift start`. */
export interface ShiftStartOptions {
  readonly float?: string;
}

/** Options of `pos shift end`: the takings counted. */
export interface ShiftEndOptions {
  readonly cash?: string;
  readonly card?: string;
  readonly ewallet?: string;
}

/** The flag of each End Shift field. */
const TAKINGS_FLAGS = { cash: '--cash', card: '--card', ewallet: '--ewallet' } as const;

/** One line about the open shift. */
function describeShift(ctx: CliContext, shift: Shift, floatTotal: string): string {
  return `Shift open on ${shift.terminal} since ${ctx.formatDate(shift.opened_at)}, float ${floatTotal}`;
}

/** Starts (or resumes) the terminal's shift; an empty answer means the session ended (exit 3). */
async function resumeShift(ctx: CliContext): Promise<Shift> {
  const pos = await ctx.signedInToPrint();
  const shift = await pos.shift.start();
  if (shift === null) throw new AuthError('The shift has ended and you were signed out: run "pos login"');
  // Ready for an outage (docs/offline.md): the offline policy, reserved pass numbers, and the catalogue kept.
  await pos.sync?.prepare().catch(() => undefined);
  if (pos.sync !== undefined) await pos.catalog.load().catch(() => undefined);
  return shift;
}

/** A float entry checked by the float form rule before anything is sent ('Please enter 0 if empty'...). */
function checkFloatText(text: string, flag: string): void {
  const form = validateFloat(text);
  if (!form.ok) throw formRefusal([{ path: flag, message: form.errors.float ?? '' }]);
}

/**
 * `pos shift start [--float AMOUNT]`: starts the terminal's shift, or resumes the open one. A new
 * shift needs a float (the 'New Shift' dialog): `--float`, else a question on a terminal
 * (interrupting it signs out, as cancelling the dialog does), else a reminder on stderr.
 * A float set prints the float slip.
 */
export async function shiftStart(ctx: CliContext, options: ShiftStartOptions): Promise<void> {
  if (options.float !== undefined) checkFloatText(options.float, '--float');
  const pos = ctx.signedIn();
  let shift = await resumeShift(ctx);
  if (pos.shift.needsFloat.value) {
    if (options.float !== undefined) {
      shift = await pos.shift.setFloat(options.float);
    } else if (ctx.interactive) {
      const prompts = await ctx.prompts();
      try {
        shift = await pos.shift.setFloat(await prompts.input(floatQuestion({ isNewShift: true })));
      } catch (error) {
        if (error instanceof Error && error.name === 'ExitPromptError') pos.shift.cancelNewShift();
        throw error;
      }
    } else {
      ctx.note('New Shift: the float is not set yet; run "pos shift float AMOUNT"');
    }
  } else if (options.float !== undefined) {
    ctx.note(
      `The shift was already open with a float of ${formatRM(pos.shift.floatTotal.value)}: --float ignored (add to it with "pos shift float AMOUNT")`,
    );
  }
  if (ctx.json) return ctx.printJson(shift);
  ctx.print(describeShift(ctx, shift, formatRM(pos.shift.floatTotal.value)));
}

/**
 * `pos shift float AMOUNT`: Menu > Float on the open shift: opens the drawer, adds the float entry
 * (negative takes cash out, never below RM 0.00) and prints the float slip.
 */
export async function shiftFloat(ctx: CliContext, amount: string | undefined): Promise<void> {
  const pos = await ctx.signedInToPrint();
  await resumeShift(ctx);
  const text = await askWhenMissing(ctx, amount, 'AMOUNT', (prompts) =>
    prompts.input(
      floatQuestion({
        isNewShift: pos.shift.needsFloat.value,
        currentFloatTotal: pos.shift.floatTotal.value,
      }),
    ),
  );
  await pos.shift.openFloatFromMenu();
  const shift = await pos.shift.setFloat(text);
  if (ctx.json) return ctx.printJson(shift);
  ctx.print(describeShift(ctx, shift, formatRM(pos.shift.floatTotal.value)));
}

/** `pos shift report`: the X report of the open shift so far (printed in the SDK's report layout). */
export async function shiftReport(ctx: CliContext): Promise<void> {
  const report = await (await ctx.signedInToPrint()).shift.report();
  if (ctx.json) ctx.printJson(report);
}

/**
 * `pos shift end --cash A --card A --ewallet A`: closes the shift with the takings counted and
 * prints the end-of-shift report (sales, refunds, expected, counted and variance per method,
 * orders). Each amount is required ('Please enter 0 if empty') and 0 or positive with up to 2
 * decimals; missing ones are asked for on a terminal.
 */
export async function shiftEnd(ctx: CliContext, options: ShiftEndOptions): Promise<void> {
  const pos = await ctx.signedInToPrint();
  const fields = ['cash', 'card', 'ewallet'] as const;
  const missing = fields.filter((field) => options[field] === undefined);
  if (missing.length > 0 && !ctx.interactive) {
    throw new UsageError(
      `missing ${missing.map((field) => TAKINGS_FLAGS[field]).join(', ')} (the takings counted; 0 if none)`,
    );
  }
  const form: Record<keyof EndShiftForm, string> = { cash: '', card: '', ewallet: '' };
  for (const field of fields) {
    form[field] = await askWhenMissing(ctx, options[field], TAKINGS_FLAGS[field], (prompts) =>
      prompts.input(takingsQuestion(field)),
    );
  }
  const checked = validateEndShift(form);
  if (!checked.ok) {
    const details = fields.flatMap((field) => {
      const message = checked.errors[field];
      return message === undefined ? [] : [{ path: TAKINGS_FLAGS[field], message }];
    });
    throw formRefusal(details);
  }
  const report = await pos.shift.end(form);
  if (ctx.json) ctx.printJson(report);
}
