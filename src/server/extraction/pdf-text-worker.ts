/**
 * Worker thread of `PdfTextReader`: reads one PDF's text per message. Runs apart from the
 * server's event loop, under a memory limit, and is terminated if it takes too long.
 */
import { parentPort } from 'node:worker_threads';
import { PdfUnreadableError, readPdfText } from './pdf-text.js';

parentPort?.on('message', (bytes: Uint8Array) => {
  readPdfText(bytes).then(
    (text) => parentPort?.postMessage({ ok: true, text }),
    (err: unknown) =>
      parentPort?.postMessage({
        ok: false,
        reason: err instanceof PdfUnreadableError ? err.reason : 'damaged',
        message: err instanceof Error ? err.message : String(err),
      }),
  );
});
