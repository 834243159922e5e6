import { batch, computed, effect, signal, untracked } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import { abortedError, signalOnly, throwIfAborted, untilAborted } from '../api/aborted';
import type { CheckoutRequest, PassProduct, Receipt } from '../contract';
import { NetworkError } from '../errors/NetworkError';
import { RuleError } from '../errors/RuleError';
import { isPositive, type Sen, toRinggit, ZERO } from '../money';
import { checkCartHasItems } from '../rules/cart';
import { checkCustomerEmail } from '../rules/customerEmail';
import { MESSAGES } from '../rules/messages';
import { checkOfflineSale, passUnits } from '../rules/offline';
import { OFFLINE_MESSAGES } from '../rules/offlineMessages';
import {
  checkPayment,
  computeChange,
  ENABLED_PAYMENT_TYPES,
  type Tender,
  tendersWithAmount,
} from '../rules/payment';
import { RULE_CODES, type RuleFailure } from '../rules/result';
import { isNoAnswer, type SyncController } from '../sync/createSync';
import { offlineReceipt } from '../sync/offlineReceipt';
import type { CheckoutService, SubmitInput, Tenders, TenderType } from './CheckoutService';
import type { CartController } from './cart';
import { notifyFailure } from './notifyFailure';
import { openDrawerQuietly, printDocument } from './printDocument';
import type { ServiceContext } from './ServiceContext';
import { isRecord, readStored, STORAGE_KEYS, writeStored } from './storageKeys';
import { warnRefusal } from './warnRefusal';

/** The checkout service plus what sign-out calls. */
export interface CheckoutController extends CheckoutService {
  /** Forgets tenders, email and the pending attempt (sign-out). */
  reset(): void;
  /** Reloads the stored tenders, email and pending attempt (after the cart). */
  restore(): void;
  /** Stops the effect that drops a stale attempt key. */
  dispose(): void;
  /** The reserved ticket ids the pending attempt holds (kept out of the offline pool). */
  pendingTicketIds(): string[];
}

/** A checkout attempt whose answer has not been seen: its key, and the cart and tenders it was for. */
interface PendingAttempt {
  readonly key: string;
  /** The cart lines and tenders the key was made for (JSON). */
  readonly basis: string;
  readonly email: string;
  /**
   * With offline selling: the checkout body exactly as sent (JSON), with its `sold_at` and reserved ticket ids, so
   * a retry, and a replay after an outage, send the same request (docs/offline.md).
   */
  readonly body?: string;
}

/** What checkout persists next to the cart. */
interface StoredCheckout {
  readonly tenders: Tenders;
  readonly customerEmail: string;
  readonly pending: PendingAttempt | null;
}

const NO_TENDERS: Tenders = { CASH: ZERO, 'CREDIT CARD': ZERO, 'E-WALLET': ZERO };

/** The non-zero tenders in screen order: the rules' list and the payload's `payment.methods`. */
function tenderList(tenders: Tenders): Tender[] {
  return ENABLED_PAYMENT_TYPES.flatMap((type) =>
    isPositive(tenders[type]) ? [{ type, amount: tenders[type] }] : [],
  );
}

function isSen(value: unknown): value is Sen {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isStoredCheckout(value: unknown): value is StoredCheckout {
  if (!isRecord(value) || !isRecord(value.tenders) || typeof value.customerEmail !== 'string') return false;
  const tenders = value.tenders;
  if (!ENABLED_PAYMENT_TYPES.every((type) => isSen(tenders[type]))) return false;
  const pending = value.pending;
  return (
    pending === null ||
    (isRecord(pending) &&
      typeof pending.key === 'string' &&
      typeof pending.basis === 'string' &&
      typeof pending.email === 'string' &&
      (pending.body === undefined || typeof pending.body === 'string'))
  );
}

/**
 * Creates the payment screen's service (spec sections 4 and 5) and checkout with one idempotency
 * key per logical attempt (architecture: a failed or timed-out checkout can be retried without
 * creating a second order).
 */
export function createCheckout(
  context: ServiceContext,
  cart: CartController,
  /** With offline selling (docs/offline.md): sales go on through an outage. */
  offline?: { sync: SyncController; passes: () => readonly PassProduct[] },
): CheckoutController {
  const { api, notices, storage } = context;
  const sync = offline?.sync;
  const tenders = signal<Tenders>(NO_TENDERS);
  /** The email the cashier entered ('' for none yet). */
  const enteredEmail = signal('');
  // Prefilled from the member of the cart's Membership item until the cashier enters one: a membership's email is
  // not typed twice. Still editable, and checked like any other at checkout.
  const customerEmail = computed(
    () => enteredEmail.value || (cart.items.value.find((item) => item.member?.email)?.member?.email ?? ''),
  );
  const submitting = signal(false);
  const lastReceipt = signal<Receipt | null>(null);
  const pending = signal<PendingAttempt | null>(null);
  const payment = computed(() => computeChange(cart.amountToPay.value, tenderList(tenders.value)));
  const basis = computed(() => JSON.stringify({ items: cart.items.value, tenders: tenders.value }));

  const save = (): void => {
    const stored: StoredCheckout = {
      tenders: tenders.value,
      customerEmail: enteredEmail.value,
      pending: pending.value,
    };
    writeStored(storage, STORAGE_KEYS.checkout, stored);
  };

  // The key lives until the cart or the tenders change: a changed sale is a new attempt.
  const stopKeyWatch = effect(() => {
    const current = basis.value;
    const attempt = pending.peek();
    if (attempt !== null && attempt.basis !== current) {
      pending.value = null;
      save();
    }
  });

  // A sale owns its tenders, customer email and attempt key: when its cart becomes empty (Clear all, the last row
  // removed, a checkout, a sign-out) they go with it, so the next sale never starts with the last one's money.
  // Only the change from some items to none counts: at start-up the cart is restored before the tenders.
  let hadItems = cart.items.peek().length > 0;
  const stopSaleWatch = effect(() => {
    const hasItems = cart.items.value.length > 0;
    if (hadItems && !hasItems) untracked(reset);
    hadItems = hasItems;
  });
  const stopWatching = (): void => {
    stopKeyWatch();
    stopSaleWatch();
  };

  /** A refusal at checkout: a warning toast (3 s) and a thrown `RuleError`. */
  const refuse = (failure: RuleFailure): RuleError => warnRefusal(notices, failure);

  const reset = (): void => {
    batch(() => {
      tenders.value = NO_TENDERS;
      enteredEmail.value = '';
      pending.value = null;
    });
    storage.remove(STORAGE_KEYS.checkout);
  };

  /** The cart and payment checks of a checkout: empty cart, then a short payment. */
  const checkCartAndPayment = (): RuleFailure | null => {
    const hasItems = checkCartHasItems(cart.items.value);
    if (!hasItems.ok) return hasItems;
    const paid = checkPayment(cart.amountToPay.value, tenderList(tenders.value));
    return paid.ok ? null : paid;
  };

  /**
   * A new attempt's key and, with offline selling, the body it will always send: the server's time of sale and a
   * reserved ticket id for each pass unit (when enough are left; else the sale can only go online).
   */
  const newAttempt = (body: CheckoutRequest, email: string): PendingAttempt => {
    const attempt = { key: context.newIdempotencyKey(), basis: basis.value, email };
    if (sync === undefined) return attempt;
    const ids = sync.takeTicketIds(passUnits(body.items));
    let next = 0;
    const items =
      ids === undefined
        ? body.items
        : body.items.map((item) => {
            if (item.type !== 'PASS') return item;
            const ticket = ids.slice(next, next + item.quantity);
            next += item.quantity;
            return { ...item, ticket };
          });
    return { ...attempt, body: JSON.stringify({ ...body, items, sold_at: sync.serverNow().toISOString() }) };
  };

  /** Why `sent` cannot be sold offline (`checkOfflineSale`, or passes without reserved ids); null when it can. */
  const offlineRefusal = (sync: SyncController, sent: CheckoutRequest): RuleFailure | null => {
    const allowed = checkOfflineSale(
      cart.items.value,
      cart.amountToPay.value,
      sync.allowance(),
      sync.serverNow(),
    );
    if (!allowed.ok) return allowed;
    const unnumbered = sent.items.some((item) => item.type === 'PASS' && item.ticket === undefined);
    return unnumbered
      ? { ok: false, code: RULE_CODES.offline_limit, message: OFFLINE_MESSAGES.noTicketIds }
      : null;
  };

  /**
   * Sells without the server (docs/offline.md): allowed by `offlineRefusal` (else a warning and the cart kept),
   * stored durably in the queue before the receipt, which says it is pending, prints.
   */
  const sellOffline = async (attempt: PendingAttempt, sent: CheckoutRequest): Promise<Receipt> => {
    if (sync === undefined || attempt.body === undefined) throw notifyFailure(notices, new NetworkError());
    const refusal = offlineRefusal(sync, sent);
    if (refusal) throw refuse(refusal);
    const receipt = offlineReceipt(sent, {
      key: attempt.key,
      terminal: api.config.hostId,
      staff: context.documentHeader().staff ?? '',
      timeZone: context.timeZone,
      passes: offline?.passes() ?? [],
      taxCodes: context.taxSetup?.().codes ?? [],
      pricesIncludeTax: context.taxSetup?.().mode !== 'exclusive',
    });
    try {
      await sync.enqueueSale({ key: attempt.key, body: attempt.body, receipt });
    } catch (error) {
      throw notifyFailure(notices, error); // not stored: no receipt, the cart stays
    }
    return receipt;
  };

  const attemptCheckout = async (input: SubmitInput, options: CallOptions | undefined): Promise<Receipt> => {
    throwIfAborted(options);
    const refusal = checkCartAndPayment();
    if (refusal) throw refuse(refusal);
    const email = checkCustomerEmail(input.email, cart.items.value);
    if (email.kind === 'invalid' || email.kind === 'required') {
      const code = email.kind === 'invalid' ? RULE_CODES.email_invalid : RULE_CODES.email_required;
      throw refuse({ ok: false, code, message: email.message });
    }
    // 'Confirm NOT entering customer email?' is a question for the cashier, not a toast.
    if (email.kind === 'confirm' && input.confirmedNoEmail !== true) {
      throw new RuleError(email.message, { rule: RULE_CODES.email_required });
    }
    const address = email.kind === 'ok' ? email.email : '';
    enteredEmail.value = address;

    const cartPayload = cart.toPayload();
    const body: CheckoutRequest = {
      origin: context.origin,
      email: address,
      items: cartPayload.items,
      num_items: cartPayload.num_items,
      subtotal: cartPayload.subtotal,
      ...(cartPayload.tax === undefined ? {} : { tax: cartPayload.tax }),
      ...(input.buyer === undefined ? {} : { buyer: input.buyer }),
      payment: {
        methods: tenderList(tenders.value).map((tender) => ({
          type: tender.type,
          amount: toRinggit(tender.amount),
        })),
        change: toRinggit(payment.value.change),
      },
    };
    // One key per logical attempt: reuse the pending one when the same sale is retried.
    const previous = pending.value;
    const attempt: PendingAttempt =
      previous !== null && previous.basis === basis.value && previous.email === address
        ? previous
        : newAttempt(body, address);
    pending.value = attempt;
    save();
    const sent: CheckoutRequest = attempt.body === undefined ? body : JSON.parse(attempt.body);

    let receipt: Receipt;
    let savedOffline = false;
    // Known to be offline, and the sale can be sold offline: the queue at the desk does not wait for a timeout. A
    // belief that is not recent takes a short look first (the server may be back); a sale that would be refused
    // offline (offline selling off, a membership, a limit reached) asks the server itself: a retry pressed once the
    // server is back goes out at once, with the same key and body as before, so it is still booked once.
    const sellsOffline =
      sync !== undefined &&
      sync.connection.value === 'offline' &&
      offlineRefusal(sync, sent) === null &&
      (sync.unansweredRecently() || !(await sync.answersNow()));
    if (sellsOffline) {
      receipt = await sellOffline(attempt, sent);
      savedOffline = true;
    } else {
      try {
        receipt = await api.checkout(sent, { ...signalOnly(options), idempotencyKey: attempt.key });
      } catch (error) {
        // No answer: with offline selling the sale is kept and replayed later with the same key and body, so a sale
        // the server did book (its answer lost) is still booked once. Else cart, tenders and key stay as they were:
        // the cashier can retry safely. An aborted call is no outage: it keeps the same, for the app's retry.
        if (sync === undefined || !isNoAnswer(error)) throw notifyFailure(notices, error);
        receipt = await sellOffline(attempt, sent);
        savedOffline = true;
      }
    }
    const cashTendered = isPositive(tenders.value.CASH);
    batch(() => {
      lastReceipt.value = receipt;
      cart.reset();
      reset();
    });
    // Told once the sale stands (cart emptied, key settled): a listener that throws cannot undo it.
    context.events.emit('saleCompleted', {
      order: receipt.order,
      receipt,
      idempotencyKey: attempt.key,
      offline: savedOffline,
    });
    // One outcome, one message: the sale stands, so what was said while the server did not answer ('trying again',
    // 'Server not responding') is over; only the outcome is left.
    for (const notice of notices.items.peek()) {
      if (notice.message === MESSAGES.stillTrying || notice.message === MESSAGES.serverNotResponding) {
        notices.dismiss(notice.id);
      }
    }
    notices.push(
      savedOffline
        ? { kind: 'warning', message: OFFLINE_MESSAGES.saleSaved }
        : { kind: 'success', message: MESSAGES.checkoutCompleted },
    );
    await printDocument(context, { kind: 'sale', order: receipt.order, tickets: receipt.tickets });
    if (cashTendered) await openDrawerQuietly(context);
    return receipt;
  };

  // No double submit: a second press while one is in flight gets the same attempt.
  let inFlight: Promise<Receipt> | null = null;
  const submit = (input: SubmitInput, options?: CallOptions): Promise<Receipt> => {
    if (options?.signal?.aborted) return Promise.reject(abortedError(options.signal));
    if (inFlight) return options?.signal === undefined ? inFlight : untilAborted(inFlight, options.signal);
    submitting.value = true;
    const running = attemptCheckout(input, options).finally(() => {
      inFlight = null;
      submitting.value = false;
    });
    inFlight = running;
    return running;
  };

  return {
    tenders,
    paid: computed(() => payment.value.paid),
    change: computed(() => payment.value.change),
    isShort: computed(() => payment.value.isShort),
    shortBy: computed(() => payment.value.shortBy),
    customerEmail,
    submitting,
    lastReceipt,
    pendingKey: computed(() => pending.value?.key ?? null),
    setTender: (type, input) => {
      const result = tendersWithAmount(tenderList(tenders.value), type, input);
      if (!result.ok) throw RuleError.from(result);
      const next: Record<TenderType, Sen> = { ...NO_TENDERS };
      for (const tender of result.value) next[tender.type] = tender.amount;
      tenders.value = next;
      save();
      return next[type as TenderType] ?? ZERO;
    },
    clearTenders: () => {
      tenders.value = NO_TENDERS;
      save();
    },
    setCustomerEmail: (email) => {
      enteredEmail.value = email;
      save();
    },
    checkEmail: (email) => checkCustomerEmail(email, cart.items.value),
    submit,
    checkPayment: () => {
      const refusal = checkCartAndPayment();
      if (refusal) refuse(refusal);
      return refusal === null;
    },
    reset,
    pendingTicketIds: () => {
      const body = pending.value?.body;
      if (body === undefined) return [];
      const sent: CheckoutRequest = JSON.parse(body);
      return sent.items.flatMap((item) => item.ticket ?? []);
    },
    restore: () => {
      const stored = readStored(storage, STORAGE_KEYS.checkout);
      if (!isStoredCheckout(stored)) return;
      // Tenders belong to a sale: with no sale open (an empty cart), what was stored is left over, not restored.
      if (cart.items.peek().length === 0) {
        reset();
        return;
      }
      batch(() => {
        tenders.value = { ...NO_TENDERS, ...stored.tenders };
        enteredEmail.value = stored.customerEmail;
        pending.value = stored.pending;
      });
    },
    dispose: stopWatching,
  };
}
