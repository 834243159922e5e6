export type { Actor, AuditAction, AuditEntry } from './recordAudit';
export { auditRow, recordAudit } from './recordAudit';
export { auditRoutes } from './routes';
