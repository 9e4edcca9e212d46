/** What other modules and the app may use of documents; its other files are its own (eslint.config.js). */
export { DatabaseDocumentStore, type DocumentStore, collectOrphans } from './store.js';
export { FileObjectStore, type ObjectStore } from './objects.js';
export { scheduleCollector } from './collector.js';
