/**
 * OCR of scanned pages, end to end on the committed scan fixture
 * (tests/fixtures/extraction-scans, made by scripts/extraction/make-scan-fixtures.mjs): the
 * words come back as lines and cells the extractor reads like a text layer, nothing is
 * downloaded, a page out of time is reported as unread, and `EXTRACTION_OCR=off` keeps the
 * scanned-document answer.
 */
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractFromPdf, extractFromText, SCANNED_WARNING } from './extract.js';
import { closeOcr, guardedWorkerUrl, OcrEngine } from './ocr.js';
import { PdfTextReader } from './pdf-text-reader.js';
import { readPdfText } from './pdf-text.js';
import { referenceFromSql } from './reference-sql.js';

const root = new URL('../../../', import.meta.url);
const ref = referenceFromSql(readFileSync(new URL('src/server/db/migrations/0003_reference_data.sql', root), 'utf8'));
const scan = () => new Uint8Array(readFileSync(new URL('tests/fixtures/extraction-scans/scan-01-blocos-soja-rio-verde.pdf', root)));
/** OCR on a busy 2-core machine: a page takes 2–8 s, the first one also starts tesseract. */
const SLOW = 90_000;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
afterAll(() => closeOcr());

describe('OCR of a scanned report', () => {
  let text: Awaited<ReturnType<typeof readPdfText>>;
  const calls: string[] = [];

  beforeAll(async () => {
    // Any network use from this thread (pdf.js, the OCR code) is recorded and refused; the
    // tesseract thread has its own guard (tested below).
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      calls.push(`fetch ${String(url)}`);
      throw new Error('rede proibida no teste');
    });
    for (const [name, mod] of [
      ['http', http],
      ['https', https],
    ] as const) {
      vi.spyOn(mod, 'request').mockImplementation(() => {
        calls.push(`${name}.request`);
        throw new Error('rede proibida no teste');
      });
      vi.spyOn(mod, 'get').mockImplementation(() => {
        calls.push(`${name}.get`);
        throw new Error('rede proibida no teste');
      });
    }
    text = await readPdfText(scan());
    vi.restoreAllMocks();
  }, SLOW);

  it('reads the page by OCR without touching the network', () => {
    expect(calls).toEqual([]);
    expect(text.ocrPages).toEqual([1]);
    expect(text.pagesWithoutText).toEqual([]);
    expect(text.ocrUnread).toEqual([]);
    expect(text.ocrConfidence).toBeGreaterThan(0.7);
    expect(text.charCount).toBeGreaterThan(400);
  });

  it('gives lines and cells like a text layer: labels, values and table rows', () => {
    const all = text.lines.map((l) => l.text).join('\n');
    for (const words of [
      'Consultoria: Sudoeste Goiano Pesquisa',
      'Rio Verde',
      'Cultura: Soja',
      'M6410',
      'Ano: 2024',
      '-17,7923',
      'R$ 1.480,00',
    ]) {
      expect(all).toContain(words);
    }
    // Two labelled fields on one line are two cells.
    const culture = text.lines.find((l) => l.text.startsWith('Cultura'));
    expect(culture?.cells.map((c) => c.text)).toEqual(['Cultura: Soja', 'Cultivar: M6410']);
    // A table row: name, modality, dose and yield in their own cells, in reading order.
    const row = text.lines.find((l) => l.text.startsWith('T2'));
    expect(row?.cells.map((c) => c.text)).toEqual(['T2 Aminoagro Raiz', 'Sementes', '0,2 L/100 kg', '3.845,0']);
    const yields = text.lines.filter((l) => /^T\d/.test(l.text)).map((l) => l.cells.at(-1)?.text);
    expect(yields).toEqual(['3.612,4', '3.845,0', '3.901,7', '4.012,3']);
    // Top to bottom, y in points from the page's bottom.
    const ys = text.lines.map((l) => l.y);
    expect([...ys].sort((a, b) => b - a)).toEqual(ys);
    expect(Math.max(...ys)).toBeLessThan(842);
    expect(Math.min(...ys)).toBeGreaterThan(0);
  });

  it('goes through the same extractor as a text report', () => {
    const result = extractFromText(text, ref);
    expect(result.warnings).not.toContain(SCANNED_WARNING);
    expect(result.data).toMatchObject({ cultura: 'Soja', cidade: 'Rio Verde', estado: 'GO', ano: 2024 });
    expect(result.data.tratamentos?.map((t) => t.produtividade)).toEqual([3612.4, 3845, 3901.7, 4012.3]);
  });
});

describe('when OCR cannot or may not read', () => {
  it('EXTRACTION_OCR=off keeps the scanned-document answer', async () => {
    vi.stubEnv('EXTRACTION_OCR', 'off');
    const text = await readPdfText(scan());
    expect(text.pagesWithoutText).toEqual([1]);
    expect(text.ocrPages).toBeUndefined();
    expect(await extractFromPdf(scan(), ref)).toEqual({
      data: {},
      evidence: {},
      confidence: 0,
      fieldsExtracted: [],
      warnings: [SCANNED_WARNING],
    });
  });

  it('pages drawn without any image stay without text (there is nothing to read)', async () => {
    const drawn = new Uint8Array(readFileSync(new URL('tests/fixtures/extraction/08-digitalizado.pdf', root)));
    const text = await readPdfText(drawn);
    expect(text.pagesWithoutText).toEqual([1, 2]);
    expect(text.ocrUnread).toEqual([
      { page: 1, reason: 'no-image' },
      { page: 2, reason: 'no-image' },
    ]);
  });

  it(
    'a page out of time is reported as unread, and the next document is read again',
    async () => {
      const engine = new OcrEngine();
      try {
        const late = await readPdfText(scan(), { ocr: { engine, pageTimeoutMs: 30 } });
        expect(late.ocrUnread).toEqual([{ page: 1, reason: 'timeout' }]);
        expect(late.pagesWithoutText).toEqual([1]);
        expect(late.ocrPages).toEqual([]);
        expect(extractFromText(late, ref).warnings).toEqual([SCANNED_WARNING]);
        // So is a document whose whole budget is spent (set by environment, as on a server).
        vi.stubEnv('EXTRACTION_OCR_TOTAL_MS', '1');
        const spent = await readPdfText(scan(), { ocr: { engine } });
        expect(spent.ocrUnread).toEqual([{ page: 1, reason: 'timeout' }]);
        vi.unstubAllEnvs();
        // The worker that ran out of time was replaced.
        const again = await readPdfText(scan(), { ocr: { engine } });
        expect(again.ocrPages).toEqual([1]);
        expect(engine.starts).toBeGreaterThanOrEqual(2);
      } finally {
        await engine.close();
      }
    },
    SLOW,
  );

  it(
    'the tesseract thread refuses to download (a model asked from a URL fails)',
    async () => {
      const worker = new Worker(guardedWorkerUrl());
      try {
        // Progress messages first; then the job's outcome.
        const reply = new Promise<{ status: string; data: unknown }>((resolve) =>
          worker.on('message', (m: { status: string; data: unknown }) => {
            if (m.status !== 'progress') resolve(m);
          }),
        );
        worker.postMessage({
          workerId: 'teste',
          jobId: 'rede',
          action: 'loadLanguage',
          payload: { langs: 'por', options: { langPath: 'https://cdn.example.invalid/tessdata', gzip: true, cacheMethod: 'none' } },
        });
        const answer = await reply;
        expect(answer.status).toBe('reject');
        expect(String(answer.data)).toMatch(/acesso à rede recusado/);
      } finally {
        await worker.terminate();
      }
    },
    SLOW,
  );
});

describe('OCR inside the PDF worker thread (PdfTextReader)', () => {
  it(
    'reads the scan there too, and the next document the same way',
    async () => {
      const reader = new PdfTextReader({ timeoutMs: 80_000 });
      try {
        const first = await reader.read(scan());
        expect(first.ocrPages).toEqual([1]);
        expect(first.lines.map((l) => l.text).join('\n')).toContain('Rio Verde');
        const second = await reader.read(scan());
        expect(second.lines.map((l) => l.text)).toEqual(first.lines.map((l) => l.text));
      } finally {
        await reader.close();
      }
    },
    2 * SLOW,
  );
});
