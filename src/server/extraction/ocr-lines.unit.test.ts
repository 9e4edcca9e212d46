import { describe, expect, it } from 'vitest';
import { cleanWord, fontSizes, ocrLines, type OcrWord, skewOf, type TesseractBlock, wordsOf } from './ocr-lines.js';

/** Words laid out on a 300 dpi raster (pxPerPt 300/72), `turn` radians clockwise about its centre. */
function layout(rows: { y: number; words: [string, number][] }[], turn = 0, widthPx = 2480, heightPx = 3508): OcrWord[] {
  const cx = widthPx / 2;
  const cy = heightPx / 2;
  const out: OcrWord[] = [];
  for (const row of rows) {
    for (const [text, x] of row.words) {
      const w = text.length * 20;
      // Turn the baseline start about the centre.
      const dx = x - cx;
      const dy = row.y - cy;
      const bx = cx + dx * Math.cos(turn) - dy * Math.sin(turn);
      const by = cy + dx * Math.sin(turn) + dy * Math.cos(turn);
      out.push({
        text,
        confidence: 90,
        x0: bx,
        x1: bx + w,
        y0: by - 30,
        y1: by + 8,
        baseline: by + Math.tan(turn) * (w / 2),
        lineHeight: 42,
      });
    }
  }
  return out;
}

/** One row of words: [text, x] at baseline `y` px from the top. */
const row = (y: number, ...words: [string, number][]) => ({ y, words });

const geometry = { page: 2, pxPerPt: 300 / 72, heightPt: 842, widthPx: 2480, heightPx: 3508 };

describe('ocrLines', () => {
  it('groups words into lines and splits cells at wide gaps, in points from the bottom', () => {
    const lines = ocrLines(
      layout([
        row(400, ['Cultura:', 200], ['Soja', 380], ['Cultivar:', 1300], ['M6410', 1500]),
        row(460, ['T1', 200], ['Testemunha', 260], ['3.612,4', 1800]),
      ]),
      geometry,
    );
    expect(lines.map((l) => l.cells.map((c) => c.text))).toEqual([
      ['Cultura: Soja', 'Cultivar: M6410'],
      ['T1 Testemunha', '3.612,4'],
    ]);
    expect(lines[0]!.page).toBe(2);
    // 400 px from the top at 300 dpi = 96 pt; y counts from the bottom.
    expect(lines[0]!.y).toBeCloseTo(842 - 96, 0);
    expect(lines[0]!.cells[0]!.x).toBeCloseTo(200 / (300 / 72), 1);
    // Line height 42 px ≈ 10 pt.
    expect(lines[0]!.fontSize).toBeCloseTo(10.1, 0);
    expect(lines[1]!.text).toBe('T1 Testemunha\t3.612,4');
  });

  it('straightens a turned scan so a row far to the right stays on its line', () => {
    const rows = [
      row(800, ['Tratamento', 150], ['Dose', 900], ['Produtividade', 1900]),
      row(860, ['T2', 150], ['Produto', 210], ['2,0', 900], ['4.361', 1900]),
      ...Array.from({ length: 6 }, (_, i) => row(1000 + i * 60, ['texto', 150], ['corrido', 300], ['de', 480], ['exemplo', 560])),
    ];
    // 1.4°: across 1750 px the baseline drops 43 px, more than a line's tolerance.
    const turned = layout(rows, (1.4 * Math.PI) / 180);
    expect(skewOf(turned)).toBeCloseTo((1.4 * Math.PI) / 180, 2);
    const lines = ocrLines(turned, geometry);
    expect(lines[0]!.cells.map((c) => c.text)).toEqual(['Tratamento', 'Dose', 'Produtividade']);
    expect(lines[1]!.cells.map((c) => c.text)).toEqual(['T2 Produto', '2,0', '4.361']);
  });

  it('drops rule fragments and specks', () => {
    const words = layout([row(400, ['|', 100], ['Dose', 200], ['|', 400])]);
    words[0]!.confidence = 20;
    expect(ocrLines(words, geometry).map((l) => l.text)).toEqual(['Dose']);
  });
});

describe('fontSizes', () => {
  it('gives body text one size and a heading another, whatever tesseract’s line heights', () => {
    const words = layout([row(400, ['Tratamento', 150], ['Dose', 900]), row(460, ['T5', 150], ['Produto', 210], ['4,4', 900])]);
    // Line heights that wander by a tenth, and a one-word line tesseract measured far too tall.
    words.forEach((w, i) => (w.lineHeight = 40 + (i % 3) * 2));
    words[4]!.lineHeight = 64;
    const heading = { ...words[0]!, text: 'RESULTADOS', y0: 300, y1: 360, baseline: 352, lineHeight: 66 };
    const sizes = fontSizes([...words, heading]);
    expect(new Set(words.filter((w) => w.text !== '4,4').map((w) => sizes.get(w))).size).toBe(1);
    expect(sizes.get(heading)).toBeGreaterThan(sizes.get(words[0]!)! * 1.3);
    // The row keeps the body size although one of its words came out large.
    const lines = ocrLines(words, geometry);
    expect(lines[1]!.fontSize).toBeCloseTo(lines[0]!.fontSize, 5);
  });
});

describe('cleanWord', () => {
  it.each<[string, number, string]>([
    // Artefacts fixed by their form.
    ['Verde—MT', 90, 'Verde-MT'],
    ['—', 90, '-'],
    ['19º23’28”S', 80, `19°23'28"S`],
    ["15º32'42º", 80, `15°32'42"`],
    ['g/dm?', 60, 'g/dm³'],
    ['mg/dmº,', 60, 'mg/dm³,'],
    ['Regional:MT', 60, 'Regional: MT'],
    ['4.519a', 60, '4.519 a'],
    ['55,8ab', 60, '55,8 ab'],
    ['|Foliar|', 60, 'Foliar'],
    ['[o', 60, 'o'],
    // What is text is kept.
    ['2º', 90, '2º'],
    ['[B1]', 90, '[B1]'],
    ['10:30', 90, '10:30'],
    ['B2RF', 90, 'B2RF'],
    ['T4', 90, 'T4'],
    ['%', 20, '%'],
    ['e', 80, 'e'],
    // Noise is dropped.
    ['|', 90, ''],
    ['=', 30, ''],
    ['~', 10, ''],
    ['e', 10, ''],
  ])('%s at confidence %d → %j', (word, confidence, cleaned) => {
    expect(cleanWord(word, confidence)).toBe(cleaned);
  });
});

describe('wordsOf', () => {
  it('reads tesseract blocks with each word on its line’s baseline', () => {
    const blocks: TesseractBlock[] = [
      {
        paragraphs: [
          {
            lines: [
              {
                baseline: { x0: 100, y0: 200, x1: 1100, y1: 220 },
                bbox: { x0: 100, y0: 160, x1: 1100, y1: 230 },
                rowAttributes: { rowHeight: 40 },
                words: [
                  { text: 'Marca:', confidence: 95, bbox: { x0: 100, y0: 165, x1: 300, y1: 205 } },
                  { text: ' ', confidence: 0, bbox: { x0: 310, y0: 165, x1: 320, y1: 205 } },
                  { text: 'Aminoagro', confidence: 91, bbox: { x0: 900, y0: 175, x1: 1100, y1: 228 } },
                ],
              },
            ],
          },
        ],
      },
    ];
    const words = wordsOf(blocks);
    expect(words.map((w) => w.text)).toEqual(['Marca:', 'Aminoagro']);
    expect(words[0]!.baseline).toBeCloseTo(202, 5);
    expect(words[1]!.baseline).toBeCloseTo(218, 5);
    expect(words[1]!.lineHeight).toBe(40);
    expect(wordsOf(null)).toEqual([]);
  });
});
