/**
 * Never invent (issue 35): over every committed set of reports — the generated fixtures, our own
 * held-out sets and, when present, the dev set — each value the extractor proposes has evidence
 * whose text occurs in the document (evidenceOutsideText() in evaluate.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { evidenceOutsideText } from './evaluate.js';
import { extractFromText } from './extract.js';
import { buildLayout } from './layout.js';
import { readPdfText } from './pdf-text.js';
import { referenceFromSql } from './reference-sql.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ref = referenceFromSql(readFileSync(join(root, 'src/server/db/migrations/0003_reference_data.sql'), 'utf8'));
const fixtures = join(root, 'tests/fixtures');
const devDir = process.env.EXTRACTION_DEV_DIR ?? join(root, '../shared/data/extraction-dev');

const sets: [string, string][] = [
  ['generated', join(fixtures, 'extraction')],
  ...readdirSync(fixtures)
    .filter((d) => /^extraction-own\d*$/.test(d))
    .sort()
    .map((d): [string, string] => [d, join(fixtures, d, 'pdfs')]),
  ...(existsSync(join(devDir, 'pdfs')) ? [['dev', join(devDir, 'pdfs')] as [string, string]] : []),
];

describe('every proposed value has its evidence in the document', () => {
  beforeAll(async () => {
    // pdf.js loads on first use.
    await readPdfText(new Uint8Array(readFileSync(join(fixtures, 'extraction', '01-blocos-soja-rio-verde.pdf'))));
  });

  for (const [set, dir] of sets) {
    it(set, { timeout: 240_000 }, async () => {
      const invented: string[] = [];
      let values = 0;
      for (const name of readdirSync(dir).filter((f) => f.endsWith('.pdf'))) {
        let pdf;
        try {
          pdf = await readPdfText(new Uint8Array(readFileSync(join(dir, name))));
        } catch {
          continue; // the adversarial files: unreadable, answered elsewhere
        }
        const result = extractFromText(pdf, ref);
        values += Object.keys(result.evidence ?? {}).length;
        // The lines, the running text, and the lines without those that hold only an exponent ("-1" set
        // above "kg ha"), which the readers of sentences leave out.
        const exponent = (cell: { text: string }) => /^[-−⁻]\s*[1¹]$/.test(cell.text.trim());
        const texts = [
          pdf.lines.map((l) => l.text).join('\n'),
          buildLayout(pdf).flat,
          pdf.lines
            .filter((l) => !l.cells.every(exponent))
            .map((l) => l.text)
            .join('\n'),
        ];
        for (const miss of evidenceOutsideText(result, texts)) invented.push(`${name} ${miss.field}: ${miss.snippet}`);
      }
      expect(values).toBeGreaterThan(0);
      expect(invented).toEqual([]);
    });
  }
});
