/** The archive import's door: app/ imports only from here. */
export { ImportUpload } from './components/import-upload.js';
export { ReviewQueue } from './components/review-queue.js';
