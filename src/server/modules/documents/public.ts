/** What other modules and the app may use of documents; its other files are its own (eslint.config.js). */
export { DatabaseDocumentStore, type DocumentStore } from './store.js';
