import { addSen, type Sen, sen, subtractSen, sumSen, ZERO } from 'pos-sdk/money';
import { recordAudit } from '../audit';
import type { Db, EinvoiceDocumentRow } from '../db/Database';
import { buildEinvoiceDocument, type UblDocument } from './buildEinvoiceDocument';
import { CONSOLIDATED_CLASSIFICATION } from './codes/classificationCodes';
import type { TaxTypeCode } from './codes/taxTypes';
import type { EinvoiceInput, EinvoiceLine } from './einvoiceInput';
import { signedColumns } from './einvoiceOutbox';
import { readSupplier } from './einvoiceSettings';
import type { SigningCredentials } from './signingCredentials';

/** LHDN's classification "Others", for a note whose original's lines are of several classifications. */
const OTHERS_CLASSIFICATION = '022';

/** The refund of a note's event key, `refund:<order id>:<refund id>`. */
const refundOfEvent = (eventKey: string): string | undefined => /^refund:[^:]+:(.+)$/.exec(eventKey)?.[1];

type UblNode = Record<string, unknown[]>;

/** The lines of an original's document, as UBL nodes. */
const originalLines = (original: EinvoiceRow): UblNode[] => {
  if (original.document_json === null) return [];
  const document = JSON.parse(original.document_json) as { Invoice?: { InvoiceLine?: UblNode[] }[] };
  return document.Invoice?.[0]?.InvoiceLine ?? [];
};

type EinvoiceRow = Pick<
  EinvoiceDocumentRow,
  'id' | 'number' | 'status' | 'uuid' | 'document_json' | 'order_id'
>;

/**
 * The classification of a note's lines: the original's when all its lines have one (004 for a consolidated
 * e-invoice, as the receipts it consolidated), else 022 "Others".
 */
function classificationOf(original: EinvoiceRow): string {
  if (original.order_id === null) return CONSOLIDATED_CLASSIFICATION;
  const codes = new Set(
    originalLines(original).map((line) => {
      const item = line.Item?.[0] as UblNode | undefined;
      const code = (item?.CommodityClassification?.[0] as UblNode | undefined)?.ItemClassificationCode?.[0];
      return String((code as { _?: unknown } | undefined)?._ ?? '');
    }),
  );
  const [only] = [...codes];
  return codes.size === 1 && only !== undefined && only !== '' ? only : OTHERS_CLASSIFICATION;
}

/**
 * The refund note (04) of one refund: a line per refunded line of the order (its name, the units refunded, what the
 * refund gave back excluding tax, and its tax, as the refund recorded them: `refundedTax` of pos-sdk), naming its
 * original's number and MyInvois UUID, issued at `now`. The buyer is the original's (copied from its document): the
 * general public for a consolidated e-invoice, the buyer named on an order's own e-invoice.
 */
export async function refundNoteDocument(
  db: Db,
  note: EinvoiceRow & { store: string; event_key: string },
  original: EinvoiceRow,
  options: { timeZone: string; now: Date },
): Promise<UblDocument> {
  const refundId = refundOfEvent(note.event_key);
  if (refundId === undefined || original.uuid === null) throw new Error(`Not a refund note: ${note.id}`);
  const refunded = await db
    .selectFrom('order_refund_lines')
    .innerJoin('order_items', 'order_items.id', 'order_refund_lines.order_item_id')
    .select([
      'order_items.name',
      'order_items.tax_type',
      'order_items.tax_name',
      'order_items.tax_rate_bp',
      'order_refund_lines.quantity',
      'order_refund_lines.amount_sen',
      'order_refund_lines.tax_sen',
    ])
    .where('order_refund_lines.refund_id', '=', refundId)
    .orderBy('order_items.position')
    .execute();
  const classification = classificationOf(original);
  const lines: EinvoiceLine[] = refunded.map((line) => {
    const tax = sen(Number(line.tax_sen));
    const amount: Sen = subtractSen(sen(Number(line.amount_sen)), tax);
    const quantity = Number(line.quantity);
    // Units at one price when the amount divides evenly; else the line is one unit of all of them.
    const whole = quantity > 0 && amount % quantity === 0;
    const taxType = (line.tax_type ?? '06') as TaxTypeCode;
    return {
      description: whole ? line.name : `${line.name} x ${quantity}`,
      quantity: whole ? quantity : 1,
      unitPrice: whole ? sen(amount / quantity) : amount,
      discount: ZERO,
      amount,
      taxType,
      taxRateBp: line.tax_type === null ? 0 : Number(line.tax_rate_bp),
      tax,
      ...(taxType === 'E' ? { exemptionReason: `Exempt: ${line.tax_name ?? 'tax exemption'}` } : {}),
      classification,
    };
  });
  const excludingTax = sumSen(lines.map((line) => line.amount));
  const tax = sumSen(lines.map((line) => line.tax));
  const includingTax = addSen(excludingTax, tax);
  const input: EinvoiceInput = {
    type: '04',
    number: note.number,
    issuedAt: options.now,
    supplier: await readSupplier(db, { store: note.store, timeZone: options.timeZone }),
    buyer: { kind: 'generalPublic' },
    lines,
    totals: { excludingTax, discount: ZERO, tax, includingTax, rounding: ZERO, payable: includingTax },
    original: { number: original.number, uuid: original.uuid },
  };
  const document = buildEinvoiceDocument(input);
  const buyer = original.document_json === null ? undefined : originalBuyer(original.document_json);
  if (buyer !== undefined) (document.Invoice[0] as Record<string, unknown>).AccountingCustomerParty = buyer;
  return document;
}

/** The buyer (`AccountingCustomerParty`) of an original's document. */
const originalBuyer = (json: string): unknown =>
  (JSON.parse(json) as { Invoice?: Record<string, unknown>[] }).Invoice?.[0]?.AccountingCustomerParty;

/**
 * Builds and signs the refund notes waiting for their originals (queued unbuilt in the refund's transaction,
 * `enqueueRefundNote`): a note whose original is now valid is built from its refund, signed now and becomes due;
 * one whose original was cancelled is withdrawn (`cancelled`, with the reason: nothing left to correct). Any other
 * original (queued, on its way, or refused and waiting for `pos einvoice retry`) keeps the note waiting.
 *
 * @returns how many notes were built.
 */
export async function prepareRefundNotes(
  db: Db,
  options: { store: string; timeZone: string; now: Date; signing: SigningCredentials },
): Promise<number> {
  const waiting = await db
    .selectFrom('einvoice_documents as note')
    .innerJoin('einvoice_documents as original', 'original.id', 'note.original_id')
    .select([
      'note.id',
      'note.store',
      'note.number',
      'note.event_key',
      'note.status',
      'note.uuid',
      'note.document_json',
      'note.order_id',
      'original.id as original_id',
      'original.number as original_number',
      'original.status as original_status',
      'original.uuid as original_uuid',
      'original.document_json as original_json',
      'original.order_id as original_order_id',
    ])
    .where('note.store', '=', options.store)
    .where('note.status', '=', 'queued')
    .where('note.document_json', 'is', null)
    .where('original.status', 'in', ['valid', 'cancelled'])
    .orderBy('note.created_at')
    .limit(50)
    .execute();
  let built = 0;
  for (const note of waiting) {
    const at = options.now.toISOString();
    if (note.original_status === 'cancelled') {
      await db.transaction().execute(async (trx) => {
        const withdrawn = await trx
          .updateTable('einvoice_documents')
          .set({
            status: 'cancelled',
            cancelled_at: at,
            last_error: `withdrawn: its original ${note.original_number} was cancelled`,
          })
          .where('id', '=', note.id)
          .where('status', '=', 'queued')
          .where('document_json', 'is', null)
          .executeTakeFirst();
        if (Number(withdrawn.numUpdatedRows) === 0) return;
        await recordAudit(trx, {
          action: 'einvoice.withdrawn',
          staffId: null,
          terminalId: null,
          at: options.now,
          subject: { type: 'einvoice', id: note.id },
          details: { number: note.number, original: note.original_number, reason: 'original cancelled' },
        });
      });
      continue;
    }
    let document: UblDocument;
    try {
      document = await refundNoteDocument(
        db,
        note,
        {
          id: note.original_id,
          number: note.original_number,
          status: note.original_status,
          uuid: note.original_uuid,
          document_json: note.original_json,
          order_id: note.original_order_id,
        },
        options,
      );
    } catch (error) {
      // Kept waiting with the reason (e.g. the venue's identity incomplete), built on a later round once corrected.
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('einvoice_documents')
        .set({ last_error: `not built: ${reason}`.slice(0, 300) })
        .where('id', '=', note.id)
        .execute();
      continue;
    }
    const { document_json, document_hash } = signedColumns(document, options.signing, options.now);
    const updated = await db
      .updateTable('einvoice_documents')
      .set({ document_json, document_hash, next_attempt_at: at })
      .where('id', '=', note.id)
      .where('document_json', 'is', null)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    built += Number(updated.numUpdatedRows);
  }
  return built;
}
