import type { Sen } from 'pos-sdk/money';
import type { Db } from '../db/Database';
import { preparedQuery } from '../db/preparedQuery';
import { timeOrderedId } from '../db/timeOrderedId';

/** The actions the audit log records: every money-moving or approving action, and sign-ins. */
export type AuditAction =
  | 'staff.signed_in'
  | 'staff.signed_out'
  | 'staff.tokens_revoked'
  | 'staff.added'
  | 'staff.updated'
  | 'staff.disabled'
  | 'staff.enabled'
  | 'staff.password_reset'
  | 'staff.pin_reset'
  | 'catalog.added'
  | 'catalog.updated'
  | 'catalog.retired'
  | 'catalog.restored'
  | 'catalog.imported'
  | 'settings.updated'
  | 'terminal.registered'
  | 'terminal.unregistered'
  | 'terminal.pairing_code'
  | 'terminal.paired'
  | 'pin.approved'
  | 'pin.rejected'
  | 'pin.locked'
  | 'approval.used'
  | 'approval.refused'
  | 'shift.opened'
  | 'shift.float_set'
  | 'shift.closed'
  | 'order.paid'
  | 'order.canceled'
  | 'order.refunded'
  | 'order.refunded_in_part'
  | 'order.noted'
  | 'membership.renewed'
  | 'ticket.redeemed'
  | 'ticket.entry_annulled'
  | 'kiosk.enabled'
  | 'kiosk.exited'
  | 'ticket.face_registered'
  | 'membership.held'
  | 'membership.hold_ended'
  | 'stock.tracked'
  | 'stock.received'
  | 'stock.adjusted'
  | 'stock.counted'
  | 'sync.conflict'
  | 'sync.resolved'
  | 'einvoice.queued'
  | 'einvoice.submitted'
  | 'einvoice.valid'
  | 'einvoice.invalid'
  | 'einvoice.rejected'
  | 'einvoice.failed'
  | 'einvoice.retried'
  | 'einvoice.cancelled'
  | 'einvoice.withdrawn'
  | 'einvoice.identity_updated';

/** One audit entry: who, on which terminal, when, what (and how much). */
export interface AuditEntry {
  action: AuditAction;
  /** The signed-in staff member acting (null when nobody is signed in yet). */
  staffId: string | null;
  /** The terminal (`X-Host-Name`), when known. */
  terminalId: string | null;
  at: Date;
  /** What the action is about, e.g. `order` / its id. */
  subject?: { type: string; id: string };
  /** The money moved, when any. */
  amount?: Sen;
  /** Anything else worth keeping (stored as JSON). */
  details?: Record<string, unknown>;
}

/**
 * Appends an entry to the audit log. The table is append-only (the database refuses UPDATE and DELETE on it).
 * Call it with the transaction of the action it records, so the log and the action commit together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const row = auditRow(entry);
  await insertAudit.execute(
    db,
    row.id,
    row.at,
    row.staff_id,
    row.terminal_id,
    row.action,
    row.subject_type,
    row.subject_id,
    row.amount_sen,
    row.details,
  );
}

/** The insert of {@link recordAudit}, compiled once (every sale, redeem and sign-in writes one). */
const insertAudit = preparedQuery(
  (
    db,
    id: string,
    at: string,
    staffId: string | null,
    terminalId: string | null,
    action: string,
    subjectType: string | null,
    subjectId: string | null,
    amountSen: number | null,
    details: string | null,
  ) =>
    db.insertInto('audit_log').values({
      id,
      at,
      staff_id: staffId,
      terminal_id: terminalId,
      action,
      subject_type: subjectType,
      subject_id: subjectId,
      amount_sen: amountSen,
      details,
    }),
  9,
);

/** The `audit_log` row of an entry (a new id), as {@link recordAudit} writes it. */
export function auditRow(entry: AuditEntry) {
  return {
    id: timeOrderedId(),
    at: entry.at.toISOString(),
    staff_id: entry.staffId,
    terminal_id: entry.terminalId,
    action: entry.action,
    subject_type: entry.subject?.type ?? null,
    subject_id: entry.subject?.id ?? null,
    amount_sen: entry.amount ?? null,
    details: entry.details === undefined ? null : JSON.stringify(entry.details),
  };
}

/** Who does a back-office change, and where (for the rules and the audit log). */
export interface Actor {
  staffId: string;
  terminalId: string | null;
  now: Date;
}
