import type { Kysely } from 'kysely';
import { inEinvoiceCancelWindow } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import type { Database, EinvoiceDocumentRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { findEinvoice } from './einvoiceOutbox';
import type { MyInvoisClient } from './myinvoisClient';

/**
 * Cancels a valid e-invoice with MyInvois (https://sdk.myinvois.hasil.gov.my/einvoicingapi/03-cancel-document/),
 * within 72 hours of its validation, and records it `cancelled`.
 *
 * @throws HttpProblem 409 when it is not valid, the 72 hours are over, or MyInvois refuses or does not answer.
 */
export async function cancelEinvoice(
  db: Kysely<Database>,
  client: MyInvoisClient,
  options: { id: string; reason: string; now: Date; staffId?: string | null; terminalId?: string | null },
): Promise<EinvoiceDocumentRow> {
  const row = await findEinvoice(db, options.id);
  if (row.status !== 'valid' || row.uuid === null) {
    throw HttpProblem.conflict(`E-invoice ${row.number} is ${row.status}: only a valid one can be cancelled`);
  }
  if (!inEinvoiceCancelWindow(row.validated_at ?? row.submitted_at ?? row.created_at, options.now)) {
    throw HttpProblem.conflict(
      `E-invoice ${row.number} was validated more than 72 hours ago (${row.validated_at}): MyInvois no longer allows cancelling it`,
    );
  }
  const outcome = await client.cancel(row.uuid, options.reason);
  if (outcome.kind === 'rejected') {
    const error = outcome.errors[0];
    throw HttpProblem.conflict(
      `MyInvois refused the cancellation: ${error?.error ?? error?.errorCode ?? outcome.status}`,
      {
        errors: outcome.errors,
      },
    );
  }
  if (outcome.kind !== 'ok') {
    throw HttpProblem.conflict(
      'MyInvois did not answer the cancellation: nothing changed, try again shortly',
    );
  }
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('einvoice_documents')
      .set({
        status: 'cancelled',
        cancelled_at: options.now.toISOString(),
        last_error: null,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'valid')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await recordAudit(trx, {
      action: 'einvoice.cancelled',
      staffId: options.staffId ?? null,
      terminalId: options.terminalId ?? null,
      at: options.now,
      subject: { type: 'einvoice', id: row.id },
      details: { number: row.number, uuid: row.uuid, reason: options.reason },
    });
  });
  return findEinvoice(db, row.id);
}
