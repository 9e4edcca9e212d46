/**
 * `POST /api/extract-pdf` with a scanned report whose page cannot be read in time: the PDF
 * worker's OCR gives up on the page, and the answer is the scanned-document one (200 and a
 * warning), never a 5xx. The successful path through the same worker is in
 * extraction/ocr.test.ts (PdfTextReader).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../paths.js';
import { signedInApp } from '../../test/app.js';
import { sendMultipart } from '../../test/factories.js';

const scan = readFileSync(join(packageRoot(), 'tests', 'fixtures', 'extraction-scans', 'scan-01-blocos-soja-rio-verde.pdf'));
const ctx = signedInApp();

describe('POST /api/extract-pdf with a scanned report out of time', () => {
  it('answers 200 with the scanned warning, and again for the next upload', async () => {
    // The PDF worker takes its environment when it starts, at the first upload.
    process.env.EXTRACTION_OCR_PAGE_MS = '20';
    try {
      for (let i = 0; i < 2; i++) {
        const res = await sendMultipart(ctx.t.app, 'POST', '/api/extract-pdf', ctx.me, {}, [
          { filename: 'digitalizado.pdf', content: scan },
        ]);
        expect(res.statusCode).toBe(200);
        expect(res.json().confidence).toBe(0);
        expect(res.json().warnings.join(' ')).toMatch(/não tem texto selecionável/);
      }
    } finally {
      delete process.env.EXTRACTION_OCR_PAGE_MS;
    }
  }, 90_000);
});
