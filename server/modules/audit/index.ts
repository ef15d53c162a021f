// The audit log's public entry: one function that every account change, admin action and money
// movement calls inside its own transaction, so the record and the change commit together.
export { type AuditEntry, recordAudit } from './audit.service';
