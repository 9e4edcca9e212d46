/** The archive import's door (issue 21): app/ imports only from here. */
export { ImportUpload } from './components/import-upload.js';
export { ReviewQueue } from './components/review-queue.js';
