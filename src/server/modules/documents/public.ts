/** What other modules and the app may use of documents; its other files are its own (eslint.config.js). */
export { DatabaseDocumentStore, type DocumentStore, collectOrphans } from './store.js';
export { FileObjectStore, type ObjectStoreSettings, openObjectStore } from './objects.js';
export { OBJECT_STORE_UNAVAILABLE, type ObjectStore, ObjectStoreUnavailableError, type S3Settings } from './object-store.js';
export { scheduleCollector } from './collector.js';
