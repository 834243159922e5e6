import { isPosError, type Pos, PosError, type RenewalForm } from 'pos-sdk';
import type { LookupMembershipResponse, Member } from 'pos-sdk/contract';
import { formatRM, parseRinggit, ZERO } from 'pos-sdk/money';
import { summarizeOrder, validateRenewalForm } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { formRefusal } from '../errors/formRefusal';
import { UsageError } from '../errors/UsageError';
import { parsePaymentMethod } from '../input/parsePaymentMethod';
import { renderOrderList } from '../output/renderOrder';
import { renderFields } from '../output/renderTable';
import { renderTicketList } from '../output/renderTicket';
import { askWhenMissing } from '../prompts/askWhenMissing';
import { memberEmailQuestion, renewalFieldQuestion } from '../prompts/questions';

/** Options of `pos member renew`. */
export interface MemberRenewOptions {
  /** The renewal quantity: 1 to 12 months. */
  readonly months?: string;
  /** `METHOD[:AMOUNT]`: one tender of the whole amount (price × months). */
  readonly pay?: string;
  readonly name?: string;
  /** Digits; country code 60. */
  readonly phone?: string;
  /** `YYYY-MM-DD`. */
  readonly dob?: string;
}

/** The flag of each renewal form field, for error messages. */
const RENEWAL_FLAGS: Readonly<Record<Exclude<keyof RenewalForm, 'tenders'>, string>> = {
  sku: 'renewal product',
  name: '--name',
  email: 'EMAIL',
  country_code: '--phone',
  phone: '--phone',
  dob: '--dob',
  payment_type: '--pay',
  quantity: '--months',
};

/** The member's name, email, phone and birth date. */
function renderMember(ctx: CliContext, member: Member): string {
  return renderFields(
    [
      ['Name', member.name],
      ['Email', member.email],
      ['Phone', member.phone ? `+${member.phone.country_code} ${member.phone.number}` : undefined],
      ['Birth date', member.dob ?? undefined],
    ],
    { color: ctx.color },
  );
}

/** The 'Email Address' from the command line, else asked on a terminal. */
function emailOf(ctx: CliContext, email: string | undefined): Promise<string> {
  return askWhenMissing(ctx, email, 'EMAIL', (prompts) => prompts.input(memberEmailQuestion()));
}

/**
 * `pos member lookup EMAIL`: the member with their orders and tickets (each with its derived status).
 * 'The input is not valid E-mail!' for a bad address (exit 2); no member is exit 1.
 */
export async function memberLookup(ctx: CliContext, email: string | undefined): Promise<void> {
  const pos = ctx.signedIn();
  const found = await pos.membership.lookup(await emailOf(ctx, email));
  if (ctx.json) return ctx.printJson(found);
  printLookup(ctx, pos, found);
}

function printLookup(ctx: CliContext, pos: Pos, found: LookupMembershipResponse): void {
  ctx.print(renderMember(ctx, found.member));
  if (found.tickets.length > 0) ctx.print(renderTicketList(ctx, found.tickets, pos.config.clock()));
  if (found.orders.length > 0) ctx.print(renderOrderList(ctx, found.orders.map(summarizeOrder)));
}

/** The renewal product's duration unit and unit price, for the form rules (undefined when unknown). */
function renewalContext(ctx: CliContext, pos: Pos, sku: string) {
  for (const product of pos.catalog.passes.value) {
    const variant = product.variants.find((candidate) => candidate.sku === sku);
    if (variant) {
      return {
        durationUnit: variant.duration.unit,
        price: ZERO,
        now: pos.config.clock(),
        timeZone: ctx.timeZone,
      };
    }
  }
  return undefined;
}

/**
 * `pos member renew EMAIL --months N --pay METHOD[:AMOUNT]`: the Renewal Checkout. The form starts
 * from the member found by the lookup (name, phone, birth date), overridden by `--name --phone
 * --dob`, and is checked by the renewal form rules ('Name is required!', 'Quantity is required',
 * 'Payment type is required'...). The amount is read-only (price × months): an AMOUNT given must
 * match it. Missing fields are asked on a terminal.
 */
export async function memberRenew(
  ctx: CliContext,
  email: string,
  options: MemberRenewOptions,
): Promise<void> {
  const pos = await ctx.signedInToPrint();
  await pos.catalog.load();
  let member: Member;
  try {
    member = (await pos.membership.lookup(email)).member;
  } catch (error) {
    // A new member can be renewed when every detail is on the command line.
    const notFound = isPosError(error) && error.code === 'not_found';
    if (!notFound || !options.name || !options.phone || !options.dob) throw error;
    member = { name: options.name, email, phone: null, dob: null };
  }
  const defaults = pos.membership.renewalDefaults(member);
  if (defaults.sku === '') throw new PosError('not_found', 'No Membership Renewal product in the catalogue');

  const [method, amountText] = options.pay === undefined ? [] : splitPay(options.pay);
  const form: { -readonly [K in keyof RenewalForm]: RenewalForm[K] } = {
    ...defaults,
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.phone === undefined ? {} : { phone: options.phone }),
    ...(options.dob === undefined ? {} : { dob: options.dob }),
    ...(method === undefined ? {} : { payment_type: parsePaymentMethod(method) }),
    ...(options.months === undefined ? {} : { quantity: options.months }),
  };

  const context = renewalContext(ctx, pos, form.sku);
  if (ctx.interactive && context) {
    const prompts = await ctx.prompts();
    for (const field of ['name', 'phone', 'dob'] as const) {
      const checked = validateRenewalForm(form, context);
      if (!checked.ok && checked.errors[field] !== undefined) {
        form[field] = await prompts.input(renewalFieldQuestion(field, form, context));
      }
    }
    if (options.months === undefined) {
      form.quantity = String(
        await prompts.select<number>({
          message: 'Months',
          choices: Array.from({ length: context.durationUnit === 'Month' ? 12 : 1 }, (_, index) => ({
            name: String(index + 1),
            value: index + 1,
          })),
        }),
      );
    }
    if (options.pay === undefined) {
      form.payment_type = await prompts.select<string>({
        message: `Payment type (${formatRM(pos.membership.renewalAmount(form))})`,
        choices: ['CASH', 'CREDIT CARD', 'E-WALLET'].map((type) => ({ name: type, value: type })),
      });
    }
  }

  if (context) {
    const checked = validateRenewalForm(form, context);
    if (!checked.ok) {
      throw formRefusal(
        Object.entries(checked.errors).map(([field, message]) => ({
          path: RENEWAL_FLAGS[field as keyof typeof RENEWAL_FLAGS] ?? field,
          message: message ?? '',
        })),
      );
    }
  }
  if (amountText !== undefined) {
    const amount = parseRinggit(amountText);
    const due = pos.membership.renewalAmount(form);
    if (amount === undefined)
      throw new UsageError(`--pay ${options.pay}: the amount must be a number with up to 2 decimals`);
    if (amount !== due) {
      throw new UsageError(`--pay ${options.pay}: the renewal amount is ${formatRM(due)} (price × months)`);
    }
  }
  const renewed = await pos.membership.renew(form);
  if (ctx.json) return ctx.printJson(renewed);
  ctx.print(
    renderFields(
      [
        ['Member', `${form.name} <${form.email}>`],
        ['Invoice No', renewed.order.invoice?._id],
        ['Amount', formatRM(pos.membership.renewalAmount(form))],
        ['Ticket', renewed.ticket._id],
        ['Expiry', ctx.formatDate(renewed.ticket.expiry)],
      ],
      { color: ctx.color },
    ),
  );
}

/** `METHOD:AMOUNT` or `METHOD`. */
function splitPay(text: string): [string, string | undefined] {
  const separator = text.lastIndexOf(':');
  return separator < 0 ? [text, undefined] : [text.slice(0, separator), text.slice(separator + 1)];
}
