import { EXTRACTION_TIMEOUT_MS, type ExtractionResult } from '../../../../shared/extraction.js';
import { api } from '../../../lib/api.js';

/** Sends the PDF (multipart field `pdf`); the client waits up to 180 s (docs/product-rules.md#extractor-screen). */
export function extractPdf(file: File, onProgress?: (percent: number) => void): Promise<ExtractionResult> {
  const form = new FormData();
  form.append('pdf', file, file.name);
  return api.upload<ExtractionResult>('/api/extract-pdf', form, {
    timeoutMs: EXTRACTION_TIMEOUT_MS,
    ...(onProgress ? { onProgress } : {}),
  });
}
