// Writes image-only ("scanned") PDFs into tests/fixtures/extraction-scans/ for the OCR tests:
// each page of a text fixture is rendered to a grey 200 dpi PNG by poppler's `pdftoppm` and
// drawn, slightly turned as a sheet on a scanner glass is, as the only content of a page of a
// new PDF (pdf-lib). The PDFs are committed, so tests do not need poppler; run this again after
// changing a source fixture:
//   node scripts/extraction/make-scan-fixtures.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { degrees, PDFDocument } from 'pdf-lib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCES = join(ROOT, 'tests', 'fixtures', 'extraction');
const OUT = join(ROOT, 'tests', 'fixtures', 'extraction-scans');

const scans = [
  // Key–value block, a kg/ha table with a dose column, decimal coordinates; turned 0.8°.
  { name: 'scan-01-blocos-soja-rio-verde', source: '01-blocos-soja-rio-verde.pdf', dpi: 200, turn: 0.8 },
];

/** Fixed dates: the same input gives the same bytes. */
const DATE = new Date('2024-01-01T00:00:00Z');

mkdirSync(OUT, { recursive: true });
for (const scan of scans) {
  const work = mkdtempSync(join(tmpdir(), 'scan-fixture-'));
  try {
    execFileSync('pdftoppm', ['-r', String(scan.dpi), '-gray', '-png', join(SOURCES, scan.source), join(work, 'p')]);
    const sourceDoc = await PDFDocument.load(readFileSync(join(SOURCES, scan.source)));
    const pngs = readdirSync(work)
      .filter((f) => f.endsWith('.png'))
      .sort();
    const pdf = await PDFDocument.create();
    pdf.setCreationDate(DATE);
    pdf.setModificationDate(DATE);
    pdf.setProducer('make-scan-fixtures.mjs');
    pdf.setCreator('make-scan-fixtures.mjs');
    for (const [i, file] of pngs.entries()) {
      const { width, height } = sourceDoc.getPage(i).getSize();
      const image = await pdf.embedPng(readFileSync(join(work, file)));
      const page = pdf.addPage([width, height]);
      // pdf-lib turns an image about its lower-left corner: shift it so it turns about the
      // page centre instead.
      const a = (scan.turn * Math.PI) / 180;
      const cx = width / 2;
      const cy = height / 2;
      const x = cx - (cx * Math.cos(a) - cy * Math.sin(a));
      const y = cy - (cx * Math.sin(a) + cy * Math.cos(a));
      page.drawImage(image, { x, y, width, height, rotate: degrees(scan.turn) });
    }
    const bytes = await pdf.save();
    writeFileSync(join(OUT, `${scan.name}.pdf`), bytes);
    console.log(`${scan.name}.pdf: ${pngs.length} página(s), ${Math.round(bytes.length / 1024)} KB`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
