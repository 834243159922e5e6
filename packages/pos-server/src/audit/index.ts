/**
 * The audit log: who did what, on which terminal and when, written in the same transaction as the change it
 * records; a manager reads it through POST /v1/admin/audit.
 */
export type { Actor, AuditAction, AuditEntry } from './recordAudit';
export { auditRow, recordAudit } from './recordAudit';
export { auditRoutes } from './routes';
