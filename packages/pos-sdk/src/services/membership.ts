import { batch, signal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import { isAborted, signalOnly, throwIfAborted } from '../api/aborted';
import type { CheckoutRequest, LookupMembershipResponse, Member, RenewMembershipResponse } from '../contract';
import { FormError } from '../errors/FormError';
import { PosError } from '../errors/PosError';
import { RuleError } from '../errors/RuleError';
import { type Sen, toRinggit, ZERO } from '../money';
import { formatCalendarDate } from '../rules/calendarDate';
import { isRenewal } from '../rules/cartItem';
import { isEmail } from '../rules/email';
import { MESSAGES, productNotFound } from '../rules/messages';
import { renewalAmount, renewalPayment, validateRenewalForm } from '../rules/renewalForm';
import { orderTax } from '../rules/tax';
import { passUnitPrice } from '../rules/unitPrice';
import { venueDayStart } from '../rules/venueDay';
import { createAttemptKeys } from './attemptKeys';
import { cartLineFrom, taxedLine, toWireCartItem } from './cartLine';
import type { CatalogController, CatalogEntry } from './catalog';
import type { MembershipService, RenewalForm } from './MembershipService';
import { createMembershipHolds } from './membershipHolds';
import { notifyFailure } from './notifyFailure';
import { openDrawerQuietly, printDocument } from './printDocument';
import type { ServiceContext } from './ServiceContext';

/** The membership service plus what sign-out calls. */
export interface MembershipController extends MembershipService {
  /** Same as `clear`. */
  reset(): void;
}

/** The only country code offered (spec section 9). */
const DEFAULT_COUNTRY_CODE = '60';

type PassEntry = Extract<CatalogEntry, { type: 'PASS' }>;

/** Creates the membership service (spec sections 4 and 5: lookup and renewal). */
export function createMembership(
  context: ServiceContext,
  catalog: CatalogController,
  addToCart: (sku: string) => Promise<unknown>,
): MembershipController {
  const { api, notices } = context;
  const result = signal<LookupMembershipResponse | null>(null);
  const selectedMember = signal<Member | null>(null);
  const searching = signal(false);
  const renewing = signal(false);
  /** Renewals not yet answered, by request body: a retry reuses its key. */
  const attempts = createAttemptKeys(context.newIdempotencyKey);

  const passEntry = (sku: string): PassEntry | undefined => {
    const entry = catalog.findEntry(sku);
    return entry?.type === 'PASS' ? entry : undefined;
  };

  const clear = (): void => {
    batch(() => {
      result.value = null;
      selectedMember.value = null;
    });
  };

  /** A renewal's tax, as a sale's line of its pass: its variant's code at the venue's rate and price mode. */
  const renewalTax = (entry: PassEntry, amount: Sen) => {
    const setup = context.taxSetup?.() ?? { codes: [], mode: 'inclusive' as const };
    return orderTax([{ amount, code: entry.variant.tax_code }], setup.codes, setup.mode);
  };

  /** What the customer pays for a renewal: price × months, and its tax when the venue adds tax on top. */
  const amountOf = (form: Pick<RenewalForm, 'sku' | 'quantity'>): Sen => {
    const entry = passEntry(form.sku);
    const price = entry ? passUnitPrice(entry.variant) : undefined;
    const quantity = /^\d+$/.test(form.quantity.trim()) ? Number(form.quantity.trim()) : Number.NaN;
    if (entry === undefined || !price?.ok || !Number.isSafeInteger(quantity)) return ZERO;
    return renewalTax(entry, renewalAmount(price.value, quantity)).amountToPay;
  };

  const holds = createMembershipHolds(context, result, { catalog, addToCart });

  const renew = async (form: RenewalForm, options?: CallOptions): Promise<RenewMembershipResponse> => {
    throwIfAborted(options);
    if (catalog.passes.value.length === 0) await catalog.load(signalOnly(options));
    const entry = passEntry(form.sku);
    if (!entry) throw new PosError('not_found', productNotFound(form.sku));
    const price = passUnitPrice(entry.variant);
    if (!price.ok) throw RuleError.from(price);
    const checked = validateRenewalForm(form, {
      durationUnit: entry.variant.duration.unit,
      price: price.value,
      now: context.clock(),
      timeZone: context.timeZone,
    });
    if (!checked.ok) throw FormError.fromFields(checked.errors);
    const values = checked.value;
    const visitDate = venueDayStart(context.clock(), context.timeZone).toISOString();
    const line = cartLineFrom(entry, values.quantity, visitDate, {
      name: values.name,
      email: values.email,
      dob: values.dob,
      phone: values.phone,
    });
    const tax = renewalTax(entry, values.amount);
    const payment = renewalPayment(tax.amountToPay, values.payment_type, form.tenders);
    const tenderErrors = Object.entries(payment.errors).map(([type, message]) => [
      `tenders.${type}`,
      message,
    ]);
    if (tenderErrors.length > 0) throw FormError.fromFields(Object.fromEntries(tenderErrors));
    if (payment.refusal !== null) throw FormError.fromFields({ tenders: payment.refusal });
    const amount = toRinggit(values.amount);
    const body: CheckoutRequest = {
      origin: context.origin,
      email: values.email,
      items: [taxedLine(toWireCartItem(line), tax.lines[0])],
      num_items: values.quantity,
      subtotal: amount,
      ...(tax.lines[0]?.code == null ? {} : { tax: toRinggit(tax.total) }),
      payment: {
        methods: payment.tenders.map((tender) => ({ type: tender.type, amount: toRinggit(tender.amount) })),
        change: toRinggit(payment.change),
      },
    };
    const attempt = JSON.stringify(body);
    renewing.value = true;
    try {
      // Settled only once answered: an aborted or failed renewal keeps its key, so its retry is booked once.
      const renewed = await api.renewMembership(body, {
        ...signalOnly(options),
        idempotencyKey: attempts.keyFor(attempt),
      });
      attempts.settle(attempt);
      notices.push({ kind: 'success', message: MESSAGES.membershipRenewed });
      // The receipt, as a sale's: printed now (a printer fault is a notice, the renewal stands), mailed by the server.
      await printDocument(context, { kind: 'sale', order: renewed.order, tickets: [renewed.ticket] });
      if (payment.tenders.some((tender) => tender.type === 'CASH')) await openDrawerQuietly(context);
      return renewed;
    } catch (error) {
      if (isAborted(error)) throw error; // given up by the app: the form and member stay for the retry
      selectedMember.value = null; // a failed renewal clears the selected member (spec section 4)
      throw notifyFailure(notices, error);
    } finally {
      renewing.value = false;
    }
  };

  return {
    ...holds,
    result,
    selectedMember,
    searching,
    renewing,
    lookup: async (input, options) => {
      throwIfAborted(options);
      const email = input.trim();
      if (!isEmail(email)) throw FormError.fromFields({ email: MESSAGES.emailNotValid });
      searching.value = true;
      try {
        const found = await api.lookupMembership({ email }, signalOnly(options));
        batch(() => {
          result.value = found;
          selectedMember.value = found.member;
        });
        return found;
      } catch (error) {
        if (isAborted(error)) throw error;
        clear(); // a failed member search clears the selected member (spec section 4)
        throw notifyFailure(notices, error);
      } finally {
        searching.value = false;
      }
    },
    clear,
    selectMember: (member) => {
      selectedMember.value = member;
    },
    renewalDefaults: (member) => {
      const renewalProduct = catalog.passes.value.find((product) => isRenewal({ name: product._id }));
      return {
        sku: renewalProduct?.variants[0]?.sku ?? '',
        name: member.name,
        email: member.email,
        country_code: member.phone?.country_code ?? DEFAULT_COUNTRY_CODE,
        phone: member.phone?.number ?? '',
        // Shown and typed as the product writes dates: DD-MM-YYYY.
        dob: formatCalendarDate(member.dob, context.timeZone),
        payment_type: '',
        quantity: '1',
      };
    },
    renewalAmount: amountOf,
    renewalPayment: (form) => renewalPayment(amountOf(form), form.payment_type, form.tenders),
    renew,
    reset: clear,
  };
}
