import { isPosError, type MemberDetails, type Pos, type Tile } from 'pos-sdk';
import type { Receipt } from 'pos-sdk/contract';
import { MESSAGES, paymentShortBy } from 'pos-sdk/messages';
import { formatAmount, formatRM, subtractSen, ZERO } from 'pos-sdk/money';
import {
  DISCOUNT_TYPE_LABELS,
  type DiscountType,
  ENABLED_PAYMENT_TYPES,
  isPaymentTypeEnabled,
  itemTitle,
  MEMBERSHIP_CATEGORY,
  PAYMENT_TYPES,
  type RenewalFormInput,
} from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { describeFailure } from '../errors/describeFailure';
import { renderCart } from '../output/renderCart';
import type { Prompts } from '../prompts/Prompts';
import {
  confirmNoEmailQuestion,
  customerEmailQuestion,
  quantityQuestion,
  type RenewalTextField,
  renewalFieldQuestion,
} from '../prompts/questions';

/** Menu values that are not skus or payment types. */
const PAY = '\u0000pay';
const CANCEL = '\u0000cancel';
const DISCOUNT = '\u0000discount';
const CHECKOUT = '\u0000checkout';
const BACK = '\u0000back';

/** A tile as a menu choice: 'Day Pass - Adult  RM 49.00'. */
function tileChoice(tile: Tile) {
  return {
    name: `${itemTitle({ name: tile.title, group: tile.subtitle })}  ${formatRM(tile.price)}`,
    value: tile.sku,
    description: tile.sku,
  };
}

/** Prints a refusal or failure as a warning and carries on (the sale is not lost). */
function warn(ctx: CliContext, error: unknown): void {
  if (!isPosError(error)) throw error;
  ctx.io.stderr.write(`${ctx.paint.yellow(describeFailure(error))}\n`);
}

/** The member of a Membership item: name, email, phone and birth date, checked by the renewal form's rules. */
async function askMember(ctx: CliContext, pos: Pos, prompts: Prompts): Promise<MemberDetails> {
  const form: { -readonly [K in keyof RenewalFormInput]: RenewalFormInput[K] } = {
    name: '',
    email: '',
    country_code: '60',
    phone: '',
    dob: '',
    payment_type: 'CASH',
    quantity: '1',
  };
  const context = { durationUnit: 'Month', price: ZERO, now: pos.config.clock(), timeZone: ctx.timeZone };
  for (const field of ['name', 'email', 'phone', 'dob'] as const satisfies readonly RenewalTextField[]) {
    form[field] = (await prompts.input(renewalFieldQuestion(field, form, context))).trim();
  }
  return {
    name: String(form.name),
    email: String(form.email),
    phone: { country_code: '60', number: String(form.phone) },
    dob: String(form.dob),
  };
}

/** The sales screen: add items (quantity dialog, member details for a membership) until Payment. */
async function fillCart(ctx: CliContext, pos: Pos, prompts: Prompts): Promise<boolean> {
  const { entryPass, merchandise } = pos.catalog.tiles.value;
  for (;;) {
    if (!pos.cart.isEmpty.value) ctx.print(renderCart(ctx, pos));
    const choice = await prompts.select<string>({
      message: 'Add an item',
      choices: [
        ...entryPass.map(tileChoice),
        ...merchandise.map(tileChoice),
        { name: 'Apply a discount', value: DISCOUNT, disabled: pos.cart.isEmpty.value },
        { name: 'Payment', value: PAY },
        { name: 'Cancel the sale', value: CANCEL },
      ],
      pageSize: 15,
    });
    if (choice === CANCEL) return false;
    if (choice === PAY) {
      if (!pos.cart.isEmpty.value) return true;
      ctx.io.stderr.write(`${ctx.paint.yellow(`${MESSAGES.cartEmptyTitle}: ${MESSAGES.cartEmpty}`)}\n`);
      continue;
    }
    if (choice === DISCOUNT) {
      await askDiscount(ctx, pos, prompts);
      continue;
    }
    const quantity = await prompts.input(quantityQuestion());
    try {
      const isMembership = pos.catalog.findBySku(choice)?.category === MEMBERSHIP_CATEGORY;
      const member = isMembership ? await askMember(ctx, pos, prompts) : undefined;
      await pos.cart.add(choice, quantity, member ? { member } : {});
    } catch (error) {
      warn(ctx, error); // the cart's refusal ('Quantity for Group Day Pass has to be at least 5'...)
    }
  }
}

/** The item discount dialog: line, type, value, approver and the approver's PIN. */
async function askDiscount(ctx: CliContext, pos: Pos, prompts: Prompts): Promise<void> {
  const sku = await prompts.select<string>({
    message: 'Discount which item?',
    choices: pos.cart.items.value.map((line) => ({
      name: itemTitle(line),
      value: line.sku,
    })),
  });
  const type = await prompts.select<DiscountType>({
    message: 'Discount type',
    choices: (Object.keys(DISCOUNT_TYPE_LABELS) as DiscountType[]).map((value) => ({
      name: DISCOUNT_TYPE_LABELS[value],
      value,
    })),
  });
  const value = await prompts.input({ message: type === 'amount' ? 'Discount (RM)' : 'Discount (%)' });
  try {
    const users = await pos.approval.loadUsers();
    const approver = await prompts.select<string>({
      message: 'Approver',
      choices: users.map((user) => ({
        name: `${user.name.first} ${user.name.last}`.trim(),
        value: user._id,
      })),
    });
    const pin = await prompts.password({
      message: 'PIN',
      mask: '*',
      validate: (text) => (/^\d+$/.test(text.trim()) ? true : MESSAGES.onlyNumbers),
    });
    await pos.approval.approveDiscount(sku, { type, value, approver, pin });
  } catch (error) {
    warn(ctx, error); // a wrong PIN, a discount above the line...
  }
}

/** The payment screen: tenders per method, then Checkout with the customer email rule. */
async function pay(ctx: CliContext, pos: Pos, prompts: Prompts): Promise<Receipt | undefined> {
  for (;;) {
    ctx.print(renderCart(ctx, pos));
    const { tenders } = pos.checkout;
    const choice = await prompts.select<string>({
      message: 'Payment',
      choices: [
        ...ENABLED_PAYMENT_TYPES.map((type) => ({
          name: `${type}${tenders.value[type] > 0 ? `  ${formatRM(tenders.value[type])}` : ''}`,
          value: type,
        })),
        ...PAYMENT_TYPES.filter((type) => !isPaymentTypeEnabled(type)).map((type) => ({
          name: type,
          value: type,
          disabled: true,
        })),
        { name: 'Checkout', value: CHECKOUT },
        { name: 'Back to the cart', value: BACK },
        { name: 'Cancel the sale', value: CANCEL },
      ],
    });
    if (choice === CANCEL) return undefined;
    if (choice === BACK) {
      if (!(await fillCart(ctx, pos, prompts))) return undefined;
      continue;
    }
    if (choice !== CHECKOUT) {
      const type = choice as (typeof ENABLED_PAYMENT_TYPES)[number];
      // The amount entry: a positive number sets it; empty or non-positive resets it to 0.
      const due = subtractSen(
        pos.cart.subtotal.value,
        subtractSen(pos.checkout.paid.value, tenders.value[type]),
      );
      const amount = await prompts.input({
        message: `${type} amount (RM)`,
        ...(due > 0 ? { default: formatAmount(due) } : {}),
      });
      pos.checkout.setTender(type, amount);
      continue;
    }
    if (pos.checkout.isShort.value) {
      const short = `${MESSAGES.insufficientAmount}: ${paymentShortBy(pos.checkout.shortBy.value)}`;
      ctx.io.stderr.write(`${ctx.paint.red(short)}\n`);
      continue;
    }
    const email = (
      await prompts.input(customerEmailQuestion((text) => pos.checkout.checkEmail(text)))
    ).trim();
    let confirmedNoEmail = false;
    if (pos.checkout.checkEmail(email).kind === 'confirm') {
      confirmedNoEmail = await prompts.confirm(confirmNoEmailQuestion());
      if (!confirmedNoEmail) continue;
    }
    try {
      return await pos.checkout.submit({ email, confirmedNoEmail });
    } catch (error) {
      warn(ctx, error); // the cart and tenders are intact: the cashier may retry
    }
  }
}

/**
 * An interactive sale on a terminal: pick items (the cart rules answer each one), optionally a
 * discount approved by PIN, tender per method (Change or Short shown), the customer email rule,
 * then checkout; the receipt is printed. Returns `undefined` when the sale was cancelled.
 */
export async function sellInteractively(
  ctx: CliContext,
  pos: Pos,
  prompts: Prompts,
): Promise<Receipt | undefined> {
  await pos.catalog.load();
  pos.cart.clear();
  pos.checkout.clearTenders();
  if (!(await fillCart(ctx, pos, prompts))) {
    pos.cart.clear();
    ctx.note('Sale canceled');
    return undefined;
  }
  const receipt = await pay(ctx, pos, prompts);
  if (receipt === undefined) {
    pos.cart.clear();
    ctx.note('Sale canceled');
  }
  return receipt;
}
