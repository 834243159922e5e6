import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sen } from 'pos-sdk/money';
import { type EinvoiceBuyerValues, INDIVIDUAL_EINVOICE_ABOVE, venueDate } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import type { Database, Db, EinvoiceDocumentRow, OrderRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { buildEinvoiceDocument, type UblDocument } from './buildEinvoiceDocument';
import type { StateCode } from './codes/stateCodes';
import type { EinvoiceBuyer } from './einvoiceInput';
import { consolidatedEventKey, einvoicingNotConfigured, signedColumns } from './einvoiceOutbox';
import { readSupplier } from './einvoiceSettings';
import { individualInput, paymentModeOf, type SoldLine } from './individualInput';
import type { SigningCredentials } from './signingCredentials';

/** A sale above this (RM 10,000, in sen) may not go into a consolidated e-invoice: it gets its own (pos-sdk's rule). */
export const INDIVIDUAL_EINVOICE_ABOVE_SEN: number = INDIVIDUAL_EINVOICE_ABOVE;

/** The event key of a sale's own e-invoice: one per order, ever. */
export const saleEventKey = (orderId: string) => `sale:${orderId}`;

/** The buyer of a sale's e-invoice: one checked by `checkEinvoiceBuyer`, or the general public. */
export type SaleBuyer = EinvoiceBuyerValues | 'generalPublic';

/** The document's buyer from the buyer's details. */
function documentBuyer(buyer: SaleBuyer): EinvoiceBuyer {
  if (buyer === 'generalPublic') return { kind: 'generalPublic' };
  return {
    kind: 'identified',
    name: buyer.name,
    tin: buyer.tin,
    idType: buyer.id_type,
    idValue: buyer.id_value,
    ...(buyer.sst_no === '' ? {} : { sstNo: buyer.sst_no }),
    address: {
      lines: [buyer.address_line],
      city: buyer.city,
      postcode: buyer.postcode,
      state: buyer.state_code as StateCode,
      country: buyer.country,
    },
    phone: buyer.phone,
    ...(buyer.email === '' ? {} : { email: buyer.email }),
  };
}

/** The e-invoice of an order's own, when it has one (its 01 document). */
export async function saleEinvoice(db: Db, orderId: string): Promise<EinvoiceDocumentRow | undefined> {
  return db
    .selectFrom('einvoice_documents')
    .selectAll()
    .where('event_key', '=', saleEventKey(orderId))
    .executeTakeFirst();
}

/** An order's lines as sold, with their tax and what refunds gave back. */
async function soldLines(db: Db, orderId: string): Promise<SoldLine[]> {
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return items.map((item) => ({
    type: item.type,
    name: item.name,
    variantGroup: item.variant_group,
    category: item.category,
    quantity: Number(item.quantity),
    refundedQuantity: Number(item.refunded_quantity),
    unitPrice: sen(Number(item.unit_price_sen)),
    total: sen(Number(item.total_sen)),
    refunded: sen(Number(item.refunded_sen)),
    taxType: item.tax_type,
    taxName: item.tax_name,
    taxRateBp: Number(item.tax_rate_bp),
    tax: sen(Number(item.tax_sen)),
    refundedTax: sen(Number(item.refunded_tax_sen)),
  }));
}

/**
 * The input of a sale's own e-invoice, issued at `now`: the order's lines as stored, net of its refunds so far, to
 * the buyer given.
 *
 * @throws HttpProblem 409 for an order without a receipt number, a cancelled one, one refunded in full, or an
 *   incomplete venue identity.
 */
async function saleInput(
  db: Db,
  options: { store: string; orderId: string; buyer: SaleBuyer; timeZone: string; now: Date },
) {
  const order = await db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.order_id', 'orders.id')
    .select(['orders.id', 'orders.status', 'orders.prices_include_tax', 'invoices.id as receipt'])
    .where('orders.id', '=', options.orderId)
    .where('orders.store', '=', options.store)
    .executeTakeFirst();
  if (order === undefined) throw HttpProblem.conflict('The sale has no receipt number: no e-invoice for it');
  if (order.status === 'CANCELED') throw HttpProblem.conflict('The sale was cancelled: no e-invoice for it');
  const supplier = await readSupplier(db, options);
  const tenders = await db
    .selectFrom('tenders')
    .select('method')
    .where('order_id', '=', options.orderId)
    .execute();
  const paymentMode = paymentModeOf(tenders.map((tender) => tender.method));
  const input = individualInput({
    number: order.receipt,
    issuedAt: options.now,
    supplier,
    buyer: documentBuyer(options.buyer),
    lines: await soldLines(db, options.orderId),
    pricesIncludeTax: Number(order.prices_include_tax) === 1,
    ...(paymentMode === undefined ? {} : { paymentMode }),
  });
  if (input.lines.length === 0)
    throw HttpProblem.conflict('The sale was refunded in full: no e-invoice for it');
  return input;
}

/**
 * Queues an order's own e-invoice (type 01, event key `sale:<order id>`), once: its buyer is kept in
 * `einvoice_buyers` (the email the validated e-invoice goes to), the document is built from the order's lines as
 * stored, net of the refunds made so far, signed now and queued for the sender with the same row on every try. An
 * order that has one already answers it (a second request, or a retried checkout, queues nothing). From then on the
 * month's consolidated e-invoice leaves the order out (`readMonthReceipts`).
 *
 * @throws HttpProblem 409 for a cancelled order, one refunded in full, an order without a receipt number, an
 *   incomplete venue identity, or a server without e-invoicing.
 */
export async function queueSaleEinvoice(
  db: Kysely<Database>,
  options: {
    store: string;
    orderId: string;
    buyer: SaleBuyer;
    source: 'request' | 'checkout';
    timeZone: string;
    now: Date;
    signing: SigningCredentials | undefined;
    /** Who sold, for the audit entry (the cashier at checkout); none for the buyer's request. */
    staffId?: string;
    terminalId?: string;
  },
): Promise<EinvoiceDocumentRow> {
  const existing = await saleEinvoice(db, options.orderId);
  if (existing !== undefined) return existing;
  if (options.signing === undefined) {
    throw einvoicingNotConfigured();
  }
  const input = await saleInput(db, options);
  // The document's number, its signed JSON and the hash MyInvois is sent.
  const signed = signedColumns(buildEinvoiceDocument(input), options.signing, options.now);
  const at = options.now.toISOString();
  const buyer = options.buyer;
  await db.transaction().execute(async (trx) => {
    await keepBuyer(trx, options);
    const id = randomUUID();
    const written = await trx
      .insertInto('einvoice_documents')
      .values({
        id,
        store: options.store,
        event_key: saleEventKey(options.orderId),
        type_code: '01',
        order_id: options.orderId,
        original_id: null,
        status: 'queued',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        ...signed,
      })
      .onConflict((oc) => oc.column('event_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Queued first by another request (or a retried checkout): theirs stands.
    if (written === undefined) return;
    await recordAudit(trx, {
      action: 'einvoice.queued',
      staffId: options.staffId ?? null,
      terminalId: options.terminalId ?? null,
      at: options.now,
      subject: { type: 'einvoice', id },
      details: {
        number: input.number,
        type: '01',
        order_id: options.orderId,
        buyer: buyer === 'generalPublic' ? 'general public' : buyer.tin,
        source: options.source,
      },
    });
  });
  const row = await saleEinvoice(db, options.orderId);
  if (row === undefined) throw new Error(`The e-invoice of order ${options.orderId} was not written`);
  return row;
}

/** Why a sale's request page takes no request (null: it is open). */
export type RequestClosed =
  | { reason: 'cancelled' }
  | { reason: 'refunded' }
  | { reason: 'consolidated'; month: string }
  | { reason: 'expired'; days: number };

/**
 * Whether a sale's e-invoice may still be asked for: not for a cancelled or fully refunded sale; not once the
 * month's consolidated e-invoice (of the venue's calendar month the sale was made in) is queued, which holds the
 * receipt already; and not after the venue's `request_days`, when set. Null when open.
 */
export async function requestClosed(
  db: Db,
  options: { store: string; order: OrderRow; timeZone: string; now: Date },
): Promise<RequestClosed | null> {
  const { order } = options;
  if (order.status === 'CANCELED') return { reason: 'cancelled' };
  if (order.status === 'REFUNDED') return { reason: 'refunded' };
  const month = venueDate(order.created_at, options.timeZone).slice(0, 7);
  const consolidated = await db
    .selectFrom('einvoice_documents')
    .select('id')
    .where('event_key', '=', consolidatedEventKey(options.store, month))
    .executeTakeFirst();
  if (consolidated !== undefined) return { reason: 'consolidated', month };
  const settings = await db
    .selectFrom('einvoice_settings')
    .select('request_days')
    .where('store', '=', options.store)
    .executeTakeFirst();
  const days = settings?.request_days ?? null;
  if (days !== null) {
    const closes = new Date(order.created_at).getTime() + Number(days) * 24 * 60 * 60 * 1000;
    if (options.now.getTime() >= closes) return { reason: 'expired', days: Number(days) };
  }
  return null;
}

/** The buyer kept for an order's own e-invoice; the general public when none was kept. */
export async function keptBuyer(db: Db, orderId: string): Promise<SaleBuyer> {
  const row = await db
    .selectFrom('einvoice_buyers')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (row === undefined || row.kind === 'generalPublic') return 'generalPublic';
  return {
    name: row.name,
    tin: row.tin,
    id_type: row.id_type as Exclude<SaleBuyer, 'generalPublic'>['id_type'],
    id_value: row.id_value,
    sst_no: row.sst_no,
    address_line: row.address_line,
    city: row.city,
    postcode: row.postcode,
    state_code: row.state_code,
    country: row.country,
    phone: row.phone,
    email: row.email,
  };
}

/** The order of a sale's own e-invoice's event key (`sale:<order id>`); null for another document. */
export const orderOfSaleEvent = (eventKey: string): string | null =>
  /^sale:(.+)$/.exec(eventKey)?.[1] ?? null;

/**
 * A sale's own e-invoice built again (`pos einvoice retry` of a rejected or invalid one): from the order and its kept
 * buyer as they are now (refunds since netted) and the venue's identity as corrected, issued at `now`.
 *
 * @throws HttpProblem 409 as when it was queued (the sale cancelled or refunded in full, the identity incomplete).
 */
export async function rebuildSaleDocument(
  db: Db,
  row: EinvoiceDocumentRow,
  options: { orderId: string; timeZone: string; now: Date },
): Promise<UblDocument> {
  const input = await saleInput(db, {
    store: row.store,
    orderId: options.orderId,
    buyer: await keptBuyer(db, options.orderId),
    timeZone: options.timeZone,
    now: options.now,
  });
  return buildEinvoiceDocument(input);
}

/** Keeps the buyer of an order's own e-invoice (`einvoice_buyers`), once: a buyer kept before stays. */
export async function keepBuyer(
  db: Db,
  options: { store: string; orderId: string; buyer: SaleBuyer; now: Date; source?: 'request' | 'checkout' },
): Promise<void> {
  const { buyer } = options;
  await db
    .insertInto('einvoice_buyers')
    .values({
      order_id: options.orderId,
      store: options.store,
      source: options.source ?? 'checkout',
      ...(buyer === 'generalPublic' ? { kind: 'generalPublic' as const } : { kind: 'identified', ...buyer }),
      created_at: options.now.toISOString(),
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}
