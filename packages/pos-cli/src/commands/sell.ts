import type { MemberDetails, Pos } from 'pos-sdk';
import { MESSAGES } from 'pos-sdk/messages';
import { validateMemberDetails } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { formRefusal } from '../errors/formRefusal';
import { UsageError } from '../errors/UsageError';
import { parseDiscountOption } from '../input/parseDiscountOption';
import { parseItemOption } from '../input/parseItemOption';
import { parsePayOptions } from '../input/parsePayOption';
import { resolveApprover } from '../input/resolveApprover';
import { confirmNoEmailQuestion } from '../prompts/questions';

/** Options of `pos sell`. */
export interface SellOptions {
  /** `SKU[:QTY]`, one or more. */
  readonly item?: readonly string[];
  /** `SKU:amount|percentage:VALUE`, approved by `--approver` with `--pin`. */
  readonly discount?: readonly string[];
  readonly approver?: string;
  readonly pin?: string;
  /** `METHOD:AMOUNT`, one per method. */
  readonly pay?: readonly string[];
  /** The customer email. */
  readonly email?: string;
  /** Answer yes to 'Confirm NOT entering customer email?'. */
  readonly yes?: boolean;
  /** A Membership item's member: name, phone (digits, country code 60) and birth date. */
  readonly name?: string;
  readonly phone?: string;
  readonly dob?: string;
}

/** The flags of the member fields, for error messages. */
const MEMBER_FLAGS = { name: '--name', email: '--email', phone: '--phone', dob: '--dob' } as const;

/**
 * The member of a Membership item from `--name --email --phone --dob`, checked with the member
 * rules ('Name is required!', 'Phone number is required', 'Please select a date!'...).
 */
function memberFrom(ctx: CliContext, pos: Pos, options: SellOptions): MemberDetails {
  const form = validateMemberDetails(
    { name: options.name, email: options.email, country_code: '60', phone: options.phone, dob: options.dob },
    { now: pos.config.clock(), timeZone: ctx.timeZone },
  );
  if (!form.ok) {
    throw formRefusal(
      (['name', 'email', 'phone', 'dob'] as const).flatMap((field) => {
        const message = form.errors[field];
        return message === undefined ? [] : [{ path: MEMBER_FLAGS[field], message }];
      }),
    );
  }
  const { name, email, phone, dob } = form.value;
  return { name, email, phone, dob };
}

/**
 * `pos sell`: a scripted checkout through the SDK: each `--item` goes through `cart.add` (the cart
 * rules), each `--discount` through `approval.approveDiscount` (the approver's PIN), each `--pay`
 * through `checkout.setTender`, then `checkout.submit` with the customer email rule. Prints the
 * receipt (and `[drawer opened]` on cash); `--json` prints the contract's Receipt.
 * On a terminal with no `--item` it runs an interactive sale instead.
 */
export async function sell(ctx: CliContext, options: SellOptions): Promise<void> {
  const pos = await ctx.signedInToPrint();
  if (options.item === undefined || options.item.length === 0) {
    if (!ctx.interactive) {
      throw new UsageError(
        'missing --item SKU[:QTY] (or run "pos sell" on a terminal for an interactive sale)',
      );
    }
    const { sellInteractively } = await import('./sellInteractively');
    const receipt = await sellInteractively(ctx, pos, await ctx.prompts());
    if (receipt && ctx.json) ctx.printJson(receipt);
    return;
  }

  // Read the whole command line before anything is sent.
  const items = options.item.map(parseItemOption);
  const discounts = (options.discount ?? []).map(parseDiscountOption);
  if (discounts.length > 0 && (options.approver === undefined || options.pin === undefined)) {
    throw new UsageError('--discount needs --approver (who approves) and --pin (their PIN)');
  }
  if (options.pay === undefined || options.pay.length === 0) {
    throw new UsageError('missing --pay METHOD:AMOUNT (cash, card or ewallet)');
  }
  const tenders = parsePayOptions(options.pay);

  await pos.catalog.load();
  pos.cart.clear();
  pos.checkout.clearTenders();
  // Each item is checked by the cart first (a renewal or a second membership is refused before the
  // member flags are asked for); the member is read once, for the Membership item.
  let member: MemberDetails | undefined;
  for (const item of items) {
    const prepared = await pos.cart.prepare(item.sku);
    if (prepared.needsMember) member ??= memberFrom(ctx, pos, options);
    await pos.cart.add(prepared.sku, item.quantity, prepared.needsMember && member ? { member } : {});
  }
  if (discounts.length > 0) {
    const approver = await resolveApprover(pos, options.approver ?? '');
    for (const discount of discounts) {
      await pos.approval.approveDiscount(discount.sku, {
        type: discount.type,
        value: discount.value,
        approver,
        pin: options.pin ?? '',
      });
    }
  }
  for (const tender of tenders) pos.checkout.setTender(tender.type, tender.amountText);

  const email = options.email ?? '';
  let confirmedNoEmail = options.yes === true;
  // An empty email on a cart that does not need one asks 'Confirm NOT entering customer email?'.
  // The short payment and the other email outcomes are left to checkout.submit, in the spec's order.
  if (pos.checkout.checkEmail(email).kind === 'confirm' && !confirmedNoEmail && !pos.checkout.isShort.value) {
    if (!ctx.interactive) {
      throw new UsageError(
        `${MESSAGES.confirmNoCustomerEmail} Pass --email EMAIL, or --yes to sell without one`,
      );
    }
    confirmedNoEmail = await (await ctx.prompts()).confirm(confirmNoEmailQuestion());
    if (!confirmedNoEmail) throw new UsageError(`${MESSAGES.customerEmail} is needed: pass --email EMAIL`);
  }
  const receipt = await pos.checkout.submit({ email, confirmedNoEmail });
  if (ctx.json) ctx.printJson(receipt);
}
