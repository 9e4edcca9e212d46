/** What other modules and the app may use of the audit trail; its other files are its own (eslint.config.js). */
export { accountLabel, draftLabel, experimentChanges, experimentLabel, recordAudit, referenceLabel } from './audit.js';
