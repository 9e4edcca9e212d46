/** The audit trail's door: app/ imports only from here (eslint.config.js, "Web zones"). */
export { AUDIT_PAGE_SIZE, useAuditTrail } from './api.js';
export { AuditChanges } from './audit-changes.js';
export { changeLines } from './changes.js';
