import type { Transaction } from 'kysely';
import type { CheckoutRequest, RenewMembershipResponse } from 'pos-sdk/contract';
import { SALE_MESSAGES, SERVER_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit, ZERO } from 'pos-sdk/money';
import {
  addToDate,
  isMembership,
  isRenewal,
  renewalAmount,
  startOfVenueDate,
  validateRenewalForm,
  venueDate,
} from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import type { Database } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { issueInvoice } from '../invoices';
import { upsertMember } from '../members';
import { ordersToWire } from '../orders';
import { enqueueMail } from '../outbox';
import {
  checkTax,
  checkTenders,
  openShiftAndCatalogue,
  priceCartLine,
  type SaleContext,
  writeOrder,
} from '../sales';
import { issueTickets, ticketsToWire } from '../tickets';

/** The renewal form's fields, in the order their messages are reported. */
const FORM_FIELDS = ['name', 'email', 'country_code', 'phone', 'dob', 'payment_type', 'quantity'] as const;

/** Where each renewal form field is in the request, for the error details. */
const FIELD_PATHS: Record<(typeof FORM_FIELDS)[number], string> = {
  name: 'items.0.member.name',
  email: 'items.0.member.email',
  country_code: 'items.0.member.phone.country_code',
  phone: 'items.0.member.phone.number',
  dob: 'items.0.member.dob',
  payment_type: 'payment.methods.0.type',
  quantity: 'items.0.quantity',
};

/**
 * Renews a member's membership (POST /v1/renew_membership) inside one transaction.
 *
 * The request is a cart of exactly one Membership Renewal item (category Membership, name containing Renewal,
 * at the catalogue's price) for the member on the item, paid like a sale: one or more tenders (one per payment
 * type), change given in cash and never more than the cash tendered. The Renewal Checkout form's rules of
 * pos-sdk apply (`validateRenewalForm`: name, email, country code 60, phone, birth date, payment type, quantity
 * 1 to 12 months when the unit is Month, otherwise 1), all 422 with the spec's messages; the amount is
 * `renewalAmount` (price × quantity): `subtotal`, `num_items` and `change` must match (409); a short payment is 422.
 *
 * The member's current membership ticket (their latest valid Membership ticket) is extended by quantity × the
 * variant's duration: from its expiry while it is still valid, else from today. A member without one gets a new
 * membership ticket from today. The order, invoice and tender are written like a sale (so the shift report counts
 * them), with a `membership_renewals` row recording the expiry before and after (a refund puts it back).
 *
 * Renewals of one member at the same moment run one after the other (the member's row is written first and stays
 * locked until commit): a member without a membership ticket gets exactly one, which the later ones extend.
 *
 * @returns the order and the membership ticket with its new expiry.
 */
export async function renewMembership(
  trx: Transaction<Database>,
  body: CheckoutRequest,
  context: SaleContext,
): Promise<RenewMembershipResponse> {
  const { now, timeZone, store } = context;
  if (body.origin !== store) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.unknownStore(body.origin), [
      { path: 'origin', message: SERVER_MESSAGES.unknownStore(body.origin) },
    ]);
  }
  const { shiftId, catalogueVersion } = await openShiftAndCatalogue(trx, context.terminalId);
  const [item] = body.items;
  if (item === undefined || body.items.length !== 1) throw HttpProblem.rule(SALE_MESSAGES.renewalOneItem);
  const line = await priceCartLine(trx, item, {
    index: 0,
    store,
    now,
    timeZone,
    ...(context.catalogue === undefined ? {} : { lookup: context.catalogue.lookup(catalogueVersion) }),
  });
  const { catalogue } = line;
  if (
    catalogue.type !== 'PASS' ||
    catalogue.price === undefined ||
    !isRenewal(line.rule) ||
    !isMembership(line.rule)
  ) {
    throw HttpProblem.rule(SALE_MESSAGES.renewalNotRenewal(item.sku));
  }
  if (item.discount !== undefined) throw HttpProblem.rule(SALE_MESSAGES.renewalNoDiscount);
  // Split like a sale: one amount per payment type, with change in cash (checkTenders below). The form's payment
  // type is the first tender's.
  const [tender] = body.payment.methods;
  if (tender === undefined) throw HttpProblem.rule(SALE_MESSAGES.renewalNoTender);
  const twice = body.payment.methods.find(
    (method, index) => body.payment.methods.findIndex((other) => other.type === method.type) !== index,
  );
  if (twice !== undefined) throw HttpProblem.rule(SALE_MESSAGES.renewalTenderTwice(twice.type));

  const member = item.member;
  const form = validateRenewalForm(
    {
      name: member?.name,
      email: member?.email,
      country_code: member?.phone.country_code,
      phone: member?.phone.number,
      dob: member?.dob,
      payment_type: tender.type,
      quantity: item.quantity,
    },
    { durationUnit: catalogue.duration.unit, price: catalogue.price, now, timeZone },
  );
  if (!form.ok || member === undefined) {
    const errors = form.ok ? {} : form.errors;
    const details = FORM_FIELDS.flatMap((field) => {
      const message = errors[field];
      return message === undefined ? [] : [{ path: FIELD_PATHS[field], message }];
    });
    throw HttpProblem.rule(details[0]?.message ?? SALE_MESSAGES.memberRequired, details);
  }
  const months = form.value.quantity;
  const amount = renewalAmount(catalogue.price, months);
  if (body.num_items !== months) throw HttpProblem.conflict(SALE_MESSAGES.numItemsMismatch(months));
  if (fromRinggit(body.subtotal) !== amount)
    throw HttpProblem.conflict(SALE_MESSAGES.subtotalMismatch(amount));
  // Taxed as its pass: the code and rate of the renewal's variant now, the tax in or on top of the amount.
  const { tax, priceMode } = checkTax(body, [line]);
  const payment = checkTenders(tax.amountToPay, body.payment);

  // The member's upsert is the first write of the transaction and the guard of two renewals of one member at the
  // same moment: it holds the member's row lock until commit (PostgreSQL) or the database's write lock (SQLite, where
  // one transaction writes at a time). So the second renewal reads the membership ticket only once the first has
  // committed, and extends the ticket the first issued instead of issuing another.
  const memberId = await upsertMember(trx, member, now);
  const current = await trx
    .selectFrom('tickets')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('category', '=', 'Membership')
    .where('status', '=', 'Valid')
    .orderBy('expires_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  const written = await writeOrder(trx, {
    kind: 'renewal',
    store,
    terminalId: context.terminalId,
    shiftId,
    staffId: context.staffId,
    email: body.email === '' ? form.value.email : body.email,
    lines: [line],
    memberIds: new Map([[0, memberId]]),
    numItems: months,
    gross: amount,
    discount: ZERO,
    total: tax.amountToPay,
    tax,
    priceMode,
    payment,
    now,
  });

  const period = { value: catalogue.duration.value * months, unit: catalogue.duration.unit };
  let ticketId: string;
  let previousExpiry: string | null = null;
  let newExpiry: string;
  if (current !== undefined) {
    const isStillValid = now.toISOString() < current.expires_at;
    const from = isStillValid ? venueDate(current.expires_at, timeZone) : venueDate(now, timeZone);
    newExpiry = startOfVenueDate(addToDate(from, period), timeZone).toISOString();
    // Conditional on the expiry read above (a second line of defence behind the member's lock): a renewal never
    // extends from a stale expiry; it would get a clean 409 and can be retried. And on the ticket being still Valid:
    // the member's lock does not stop a cancel or refund of the order that issued the ticket, which on PostgreSQL
    // can commit between the read above and this update; a paid renewal must never extend a Canceled ticket (the
    // retry then issues a new one). The update re-checks both on the newest row, after waiting for such a cancel.
    const extended = await trx
      .updateTable('tickets')
      .set({ expires_at: newExpiry })
      .where('id', '=', current.id)
      .where('expires_at', '=', current.expires_at)
      .where('status', '=', 'Valid')
      .returning('id')
      .executeTakeFirst();
    if (extended === undefined) {
      const ticket = await trx
        .selectFrom('tickets')
        .select('status')
        .where('id', '=', current.id)
        .executeTakeFirst();
      throw HttpProblem.conflict(
        ticket?.status === 'Valid'
          ? SALE_MESSAGES.renewedMeanwhile
          : SALE_MESSAGES.membershipCanceledMeanwhile,
      );
    }
    ticketId = current.id;
    previousExpiry = current.expires_at;
  } else {
    const [issued] = await issueTickets(trx, {
      orderId: written.orderId,
      orderItemId: written.itemIds[0] ?? '',
      store,
      sku: catalogue.sku,
      passName: catalogue.name,
      category: catalogue.category,
      group: catalogue.group,
      visitDate: venueDate(now, timeZone),
      duration: period,
      usageLimit: catalogue.usageLimit,
      entriesPerDay: catalogue.entriesPerDay,
      shareable: catalogue.shareable,
      count: 1,
      memberId,
      now,
      timeZone,
    });
    if (issued === undefined) throw new Error('No membership ticket was issued');
    ticketId = issued.id;
    newExpiry = issued.expires_at;
  }
  await trx
    .insertInto('membership_renewals')
    .values({
      order_id: written.orderId,
      ticket_id: ticketId,
      member_id: memberId,
      months,
      previous_expires_at: previousExpiry,
      new_expires_at: newExpiry,
      created_at: now.toISOString(),
    })
    .execute();
  // Same transaction: the renewal confirmation is queued exactly when the renewal commits, never for a renewal rolled back.
  await enqueueMail(trx, {
    eventKey: `renewal:${written.orderId}`,
    kinds: ['renewal'],
    orderId: written.orderId,
    to: body.email === '' ? form.value.email : body.email,
    now,
  });
  // The store's next invoice number, as late as the audit entry that names it allows (see writeOrder).
  const invoiceId = await issueInvoice(trx, { store, orderId: written.orderId, now });
  await recordAudit(trx, {
    action: 'membership.renewed',
    staffId: context.staffId,
    terminalId: context.terminalId,
    at: now,
    subject: { type: 'order', id: written.orderId },
    amount: tax.amountToPay,
    details: {
      invoice: invoiceId,
      shift_id: shiftId,
      ticket_id: ticketId,
      months,
      previous_expires_at: previousExpiry,
      new_expires_at: newExpiry,
    },
  });

  const orderRow = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', written.orderId)
    .executeTakeFirstOrThrow();
  const [order] = await ordersToWire(trx, [orderRow], { timeZone });
  const ticketRow = await trx
    .selectFrom('tickets')
    .selectAll()
    .where('id', '=', ticketId)
    .executeTakeFirstOrThrow();
  const [ticket] = await ticketsToWire(trx, [ticketRow], { now, timeZone });
  if (order === undefined || ticket === undefined) throw new Error('The renewal just written is missing');
  return { order, ticket };
}
