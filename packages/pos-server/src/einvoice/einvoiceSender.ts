import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { type AuditAction, recordAudit } from '../audit';
import { type Clock, systemClock } from '../clock';
import type { Database, EinvoiceDocumentRow, EinvoiceDocumentsTable, EinvoiceStatus } from '../db/Database';
import { whenDurable } from '../db/groupCommit';
import { senderLoop } from '../outbox';
import type { MyInvoisClient } from './myinvoisClient';
import type { MyInvoisError } from './myinvoisOutcome';

/** Options of {@link createEinvoiceSender}. */
export interface EinvoiceSenderOptions {
  db: Kysely<Database>;
  client: MyInvoisClient;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  /** This instance's name in leases; default a random UUID. */
  owner?: string;
  /** How often the loop looks for due documents, and polls a submitted one's status; default 5000 ms (LHDN: 3 to 5 s). */
  pollMs?: number;
  /** How long a claim holds before another sender may take the document over; default 2 minutes. */
  leaseMs?: number;
  /** Failed tries (no answer, 5xx) before a submission is given up (`failed`; `pos einvoice retry`); default 10. */
  maxAttempts?: number;
  /** Wait after the first failed try, doubled after each further one; default 30 s. */
  backoffBaseMs?: number;
  /** Longest wait between tries; default 1 hour. */
  backoffMaxMs?: number;
  /**
   * Work done at the start of each round, before the due documents are read: the server's queues the previous
   * month's consolidated e-invoice once the month is over and builds the refund notes whose originals are valid
   * (`createEinvoiceChores`). A failure is logged and the round goes on.
   */
  beforeRound?: () => Promise<void>;
  /** Called after a document turned valid (the server queues the buyer's email then); its failure is only logged. */
  onValid?: (row: EinvoiceDocumentRow) => Promise<void>;
}

/** The server's e-invoice sender: submits the outbox to MyInvois and follows each document to its validation. */
export interface EinvoiceSender {
  /** Works every document due now, one round; resolves with how many it worked. */
  runOnce(): Promise<number>;
  /** Works one document now, whatever its next try says (on demand); nothing while another sender holds it. */
  runRow(id: string): Promise<void>;
  /** Starts the loop (a round now, then every `pollMs`, and whenever woken). */
  start(): void;
  /** Asks for a round soon (after a document was queued). */
  wake(): void;
  /** Stops the loop and waits for the round in progress. */
  stop(): Promise<void>;
}

/** The statuses whose arrival the audit log records, as MyInvois (or the sender giving up) decided them. */
const AUDITED: Partial<Record<EinvoiceStatus, AuditAction>> = {
  submitted: 'einvoice.submitted',
  valid: 'einvoice.valid',
  invalid: 'einvoice.invalid',
  rejected: 'einvoice.rejected',
  failed: 'einvoice.failed',
  cancelled: 'einvoice.cancelled',
};

/** The wait before try `attempts + 1`: base × 2^(attempts − 1), at most `max`. */
const backoff = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

type Changes = Omit<Updateable<EinvoiceDocumentsTable>, 'id'>;

/**
 * Creates the e-invoice sender. Each document goes `queued` -> `submitting` (claimed) -> `submitted` (a 202: its
 * submission UID and UUID kept) -> `valid` (its long ID) or `invalid` (MyInvois's errors), and never sends twice:
 *
 * - **A lease per document.** A due row is claimed by one conditional UPDATE (its status and attempts as read, no
 *   live lease); of two servers only the one whose UPDATE changed it works it. A sender that died mid-submission
 *   loses its lease and another takes the row over.
 * - **Never again after a 2xx.** A 202 moves the row to `submitted` and from then on it is only polled (Get Document
 *   Details, every `pollMs`). A submission whose answer was lost (no answer, a crash before the 202 was recorded) is
 *   sent again with the identical signed payload, which MyInvois's duplicate checks catch: 422 DuplicateSubmission
 *   waits its Retry-After, and DS302 names the document already held, which is taken as this one and polled.
 * - **Waits as asked.** 429 and 422 wait their `Retry-After`; no answer and 5xx back off exponentially and give up
 *   (`failed`) after `maxAttempts`; a refusal (400, 403, a rejected document) is `rejected` with LHDN's errors.
 */
export function createEinvoiceSender(options: EinvoiceSenderOptions): EinvoiceSender {
  const { db, client } = options;
  const clock = options.clock ?? systemClock;
  const owner = options.owner ?? randomUUID();
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const baseMs = options.backoffBaseMs ?? 30_000;
  const maxMs = options.backoffMaxMs ?? 60 * 60_000;
  const later = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  /** Claims a row as read; undefined when another sender has it, or it moved on. */
  const claim = async (row: EinvoiceDocumentRow): Promise<EinvoiceDocumentRow | undefined> => {
    const now = clock();
    const at = now.toISOString();
    const submits = row.status === 'queued' || row.status === 'submitting';
    return db
      .updateTable('einvoice_documents')
      .set({
        ...(submits ? { status: 'submitting' as const, attempts: Number(row.attempts) + 1 } : {}),
        lease_owner: owner,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where('attempts', '=', row.attempts)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .returningAll()
      .executeTakeFirst();
  };

  /** Records what happened to a claimed row and lets the lease go; a new status MyInvois decided is audited. */
  const settle = async (row: EinvoiceDocumentRow, changes: Changes) => {
    const action = changes.status === undefined ? undefined : AUDITED[changes.status];
    await db.transaction().execute(async (trx) => {
      const settled = await trx
        .updateTable('einvoice_documents')
        .set({ ...changes, lease_owner: null, lease_until: null })
        .where('id', '=', row.id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      if (action === undefined || changes.status === row.status || Number(settled.numUpdatedRows) === 0)
        return;
      await recordAudit(trx, {
        action,
        staffId: null,
        terminalId: null,
        at: clock(),
        subject: { type: 'einvoice', id: row.id },
        details: {
          number: row.number,
          type: row.type_code,
          ...(changes.uuid ? { uuid: changes.uuid } : row.uuid === null ? {} : { uuid: row.uuid }),
          ...(changes.last_error ? { error: changes.last_error } : {}),
        },
      });
    });
  };

  const errorsText = (errors: readonly MyInvoisError[]) => JSON.stringify(errors);
  const firstError = (errors: readonly MyInvoisError[]) =>
    (errors[0]?.error ?? errors[0]?.errorCode ?? 'refused').slice(0, 300);

  const submit = async (row: EinvoiceDocumentRow): Promise<void> => {
    if (row.document_json === null || row.document_hash === null) {
      await settle(row, { status: 'failed', last_error: 'the document was never built' });
      return;
    }
    const outcome = await client.submit([
      {
        format: 'JSON',
        document: Buffer.from(row.document_json, 'utf8').toString('base64'),
        documentHash: row.document_hash,
        codeNumber: row.number,
      },
    ]);
    const attempts = Number(row.attempts);
    switch (outcome.kind) {
      case 'accepted': {
        const accepted =
          outcome.accepted.find((doc) => doc.invoiceCodeNumber === row.number) ?? outcome.accepted[0];
        const refused = outcome.rejected.find((doc) => doc.invoiceCodeNumber === row.number);
        if (accepted !== undefined) {
          await settle(row, {
            status: 'submitted',
            submission_uid: outcome.submissionUid,
            uuid: accepted.uuid,
            submitted_at: clock().toISOString(),
            next_attempt_at: later(pollMs),
            last_error: null,
          });
        } else if (refused?.duplicateOf !== undefined) {
          await reconcileDuplicate(row, refused.duplicateOf);
        } else {
          const errors = refused === undefined ? [] : [refused.error];
          await settle(row, {
            status: 'rejected',
            validation_errors: errorsText(errors),
            last_error: firstError(errors),
          });
        }
        return;
      }
      case 'duplicate': {
        const uuid = outcome.rejected.find((doc) => doc.duplicateOf !== undefined)?.duplicateOf;
        if (uuid === undefined) {
          await settle(row, {
            status: 'rejected',
            validation_errors: errorsText(outcome.rejected.map((d) => d.error)),
          });
          return;
        }
        await reconcileDuplicate(row, uuid);
        return;
      }
      case 'rejected': {
        const errors = [...outcome.errors, ...(outcome.documents ?? []).map((doc) => doc.error)];
        await settle(row, {
          status: 'rejected',
          validation_errors: errorsText(errors),
          last_error: firstError(errors),
        });
        options.logger?.warn({ einvoice: row.id, status: outcome.status }, 'e-invoice rejected by MyInvois');
        return;
      }
      case 'retryAfter':
        // Not the document's fault: MyInvois asked to wait (429, or 422 for a payload it is still working on).
        await settle(row, {
          status: 'queued',
          attempts: Math.max(0, attempts - 1),
          next_attempt_at: later(outcome.ms),
          last_error: `MyInvois asked to wait ${Math.ceil(outcome.ms / 1000)} s (${outcome.status}${outcome.errorCode === undefined ? '' : ` ${outcome.errorCode}`})`,
        });
        return;
      case 'transient': {
        const givesUp = attempts >= maxAttempts;
        await settle(row, {
          status: givesUp ? 'failed' : 'queued',
          next_attempt_at: later(givesUp ? 0 : backoff(attempts, baseMs, maxMs)),
          last_error: outcome.reason.slice(0, 300),
        });
        options.logger?.warn(
          { einvoice: row.id, attempt: attempts, reason: outcome.reason },
          'e-invoice not submitted',
        );
        return;
      }
    }
  };

  /** DS302: MyInvois already holds this document (an earlier try was taken): it is this one, followed from now on. */
  const reconcileDuplicate = async (row: EinvoiceDocumentRow, uuid: string) => {
    await settle(row, {
      status: 'submitted',
      uuid,
      submitted_at: row.submitted_at ?? clock().toISOString(),
      next_attempt_at: clock().toISOString(),
      last_error: null,
    });
    options.logger?.info(
      { einvoice: row.id, uuid },
      'e-invoice already held by MyInvois (DS302): following it',
    );
  };

  const poll = async (row: EinvoiceDocumentRow): Promise<void> => {
    if (row.uuid === null) {
      await settle(row, { status: 'queued', next_attempt_at: clock().toISOString() });
      return;
    }
    const outcome = await client.getDocumentDetails(row.uuid);
    if (outcome.kind === 'retryAfter') {
      await settle(row, { next_attempt_at: later(outcome.ms) });
      return;
    }
    if (outcome.kind !== 'ok') {
      await settle(row, {
        next_attempt_at: later(Math.max(pollMs, backoff(1, baseMs, maxMs))),
        last_error: outcome.kind === 'transient' ? outcome.reason : firstError(outcome.errors),
      });
      return;
    }
    const details = outcome.value;
    const common = { submission_uid: row.submission_uid ?? details.submissionUid, last_error: null };
    switch (details.status) {
      case 'Valid':
        await settle(row, {
          ...common,
          status: 'valid',
          long_id: details.longId ?? null,
          validated_at: details.dateTimeValidated ?? clock().toISOString(),
        });
        await options.onValid?.(row).catch((error: unknown) => {
          options.logger?.error({ err: error, einvoice: row.id }, 'after a valid e-invoice');
        });
        return;
      case 'Invalid': {
        const steps = (details.validationResults?.validationSteps ?? []).filter(
          (step) => step.status === 'Invalid',
        );
        await settle(row, {
          ...common,
          status: 'invalid',
          validation_errors: JSON.stringify(steps),
          last_error: steps.map((step) => step.name).join(', ') || 'invalid',
          validated_at: details.dateTimeValidated ?? clock().toISOString(),
        });
        return;
      }
      case 'Cancelled':
        await settle(row, {
          ...common,
          status: 'cancelled',
          cancelled_at: row.cancelled_at ?? clock().toISOString(),
        });
        return;
      default:
        await settle(row, { ...common, next_attempt_at: later(pollMs) });
    }
  };

  const work = async (candidate: EinvoiceDocumentRow): Promise<boolean> => {
    const row = await claim(candidate);
    if (row === undefined) return false;
    // The claim may still be in an open batch of SQLite's group commit: nothing is sent before it is on disk.
    await whenDurable();
    try {
      if (row.status === 'submitted') await poll(row);
      else await submit(row);
    } catch (error) {
      // A fault of our own (the database): the lease runs out and the row is taken again.
      options.logger?.error({ err: error, einvoice: row.id }, 'e-invoice round failed');
    }
    return true;
  };

  const runOnce = async (): Promise<number> => {
    if (options.beforeRound !== undefined) {
      await options
        .beforeRound()
        .catch((error: unknown) =>
          options.logger?.error({ err: error }, 'e-invoice round: month end or refund notes failed'),
        );
    }
    const at = clock().toISOString();
    const due = await db
      .selectFrom('einvoice_documents')
      .selectAll()
      .where((eb) =>
        eb.or([
          // A refund note not built yet (its original not valid yet) is not due: the chores build it.
          eb.and([
            eb('status', '=', 'queued'),
            eb('document_json', 'is not', null),
            eb('next_attempt_at', '<=', at),
          ]),
          eb.and([eb('status', '=', 'submitted'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'submitting'), eb('lease_until', '<', at)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(20)
      .execute();
    let worked = 0;
    for (const row of due) if (await work(row)) worked += 1;
    return worked;
  };

  const runRow = async (id: string): Promise<void> => {
    const row = await db.selectFrom('einvoice_documents').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined || !['queued', 'submitted', 'submitting'].includes(row.status)) return;
    if (row.status === 'queued' && row.next_attempt_at > clock().toISOString()) return; // waiting as MyInvois asked
    if (row.status === 'queued' && row.document_json === null) return; // a refund note waiting for its original
    await work(row);
  };

  const loop = senderLoop(runOnce, { pollMs, logger: options.logger, name: 'e-invoice sender' });

  return {
    runOnce,
    runRow,
    start: loop.start,
    wake: loop.wake,
    stop: loop.stop,
  };
}
