import { describe, expect, it } from 'vitest';
import { encodePdfText, type PdfLine, textWidth, writePdf } from './pdf-writer.js';

/** The file as one char per byte, so string indexes are byte offsets. */
const bytes = (pdf: Buffer) => pdf.toString('latin1');

function xref(pdf: Buffer) {
  const text = bytes(pdf);
  const startxref = /startxref\n(\d+)\n%%EOF\n$/.exec(text);
  if (!startxref?.[1]) throw new Error('no startxref');
  const at = Number(startxref[1]);
  const table = /^xref\n0 (\d+)\n/.exec(text.slice(at));
  if (!table?.[1]) throw new Error('startxref does not point at the xref table');
  const size = Number(table[1]);
  const entries: string[] = [];
  let pos = at + table[0].length;
  for (let i = 0; i < size; i++) {
    entries.push(text.slice(pos, pos + 20));
    pos += 20;
  }
  return { text, size, entries, trailer: text.slice(pos) };
}

describe('writePdf', () => {
  const lines: PdfLine[] = [
    { text: 'Relatório de Experimento de Campo', bold: true, size: 16 },
    { text: 'Consultoria: Cerrado Vivo Experimentação — Uruçuí/PI' },
    { rule: true },
    {
      cells: [
        { text: 'Produtividade', x: 0 },
        { text: '3.456,7 kg/ha', x: 300, width: 100, align: 'right' },
      ],
    },
  ];

  it('writes a header, objects where the xref says, and a trailer that points at the xref', () => {
    const pdf = writePdf(lines, { title: 'Relatório', footer: 'Demonstração' });
    const { text, size, entries, trailer } = xref(pdf);
    expect(text.startsWith('%PDF-1.4\n%')).toBe(true);
    // Line 2 is a comment of bytes above 127, marking the file as binary.
    expect([...text.slice(10, 14)].every((c) => c.charCodeAt(0) > 127)).toBe(true);
    expect(entries[0]).toBe('0000000000 65535 f \n');
    for (let n = 1; n < size; n++) {
      const entry = entries[n] ?? '';
      expect(entry).toMatch(/^\d{10} 00000 n \n$/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${n} 0 obj\n`.length)).toBe(`${n} 0 obj\n`);
    }
    expect(trailer).toContain(`/Size ${size}`);
    expect(trailer).toMatch(/\/Root 1 0 R/);
    expect(text.endsWith('%%EOF\n')).toBe(true);
  });

  it('declares each stream with its exact byte length', () => {
    const text = bytes(writePdf(lines));
    const streams = [...text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)];
    expect(streams.length).toBe(1);
    for (const m of streams) {
      const start = (m.index ?? 0) + m[0].length;
      expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 'endstream'.length)).toBe('endstream');
    }
  });

  it('encodes Portuguese accents as WinAnsi bytes in standard Helvetica fonts', () => {
    const pdf = writePdf([{ text: 'Ação: café, Uruçuí, São Desidério' }]);
    expect(pdf.includes(Buffer.from('(A\xe7\xe3o: caf\xe9, Uru\xe7u\xed, S\xe3o Desid\xe9rio)', 'latin1'))).toBe(true);
    // No UTF-8 multi-byte sequence leaks into the file.
    expect(pdf.includes(Buffer.from('ção', 'utf8'))).toBe(false);
    const text = bytes(pdf);
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
  });

  it('escapes string delimiters and replaces what WinAnsi cannot show', () => {
    expect(encodePdfText('a (b) \\ c')).toBe('a \\(b\\) \\\\ c');
    expect(encodePdfText('✓ 漢')).toBe('? ?');
    expect(encodePdfText('R$ 1.234,50 – ok')).toBe('R$ 1.234,50 \x96 ok');
    expect(encodePdfText('x\ny')).toBe('x?y');
    const text = bytes(writePdf([{ text: 'Tratamento (T1) \\ teste' }]));
    expect(text).toContain('(Tratamento \\(T1\\) \\\\ teste) Tj');
  });

  it('breaks long reports into pages, each listed in the page tree', () => {
    const many: PdfLine[] = Array.from({ length: 120 }, (_, i) => ({ text: `Linha ${i + 1}` }));
    const pdf = writePdf(many);
    const { text, size, entries } = xref(pdf);
    expect(text).toMatch(/\/Count 3 >>/);
    expect(text.match(/\/Type \/Page /g)?.length).toBe(3);
    expect(text).toContain('(Linha 120)');
    expect(text).toContain('(P\xe1gina 3 de 3)');
    expect(entries.length).toBe(size);
  });

  it('truncates a cell that does not fit and right-aligns numbers', () => {
    const long = 'Aminoagro Raiz + Aminoagro Mol + Aminoagro Folha Top + Aminoagro Bioestimulante';
    const text = bytes(writePdf([{ cells: [{ text: long, x: 0, width: 120 }] }]));
    expect(text).not.toContain(long);
    expect(text).toMatch(/\(Aminoagro Raiz[^)]*\.\.\.\) Tj/);
    expect(textWidth('1.234,5', 10)).toBeCloseTo((556 * 5 + 278 * 2) / 100, 5);
    expect(textWidth('ação', 10)).toBeCloseTo(textWidth('acao', 10), 5);
  });

  it('writes a report of thousands of lines whole: every line, every page numbered, a complete cross-reference table', () => {
    const many: PdfLine[] = Array.from({ length: 5000 }, (_, i) => ({ text: `Linha ${i + 1}` }));
    const { text, size, entries } = xref(writePdf(many));
    const pages = text.match(/\/Type \/Page /g)?.length ?? 0;
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`/Count ${pages} >>`);
    expect(text).toContain('(Linha 1)');
    expect(text).toContain('(Linha 5000)');
    expect(text).toContain(`(P\xe1gina ${pages} de ${pages})`);
    expect(entries.length).toBe(size);
  });
});
