/** What the app may use of the archive import; its other files are its own (eslint.config.js). */
export type { ImportWorker } from './worker.js';
export type { SpoolWriter } from './spool.js';
