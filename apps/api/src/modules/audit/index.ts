/** What other modules may use of the audit module (decision 004). */
export { type AuditEntry, type AuditSource, auditSourceOf, auditSourceOfUser, recordAudit, systemSource } from './service';
