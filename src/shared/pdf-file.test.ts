import { describe, expect, it } from 'vitest';
import { PDF_MAX_BYTES } from './constants.js';
import { PDF_FILE_MSG, megabytes, pdfFileProblem, pdfProblemMessage, startsLikePdf } from './pdf-file.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('a file chosen as a report PDF', () => {
  it('is a PDF by its first bytes, not its name', () => {
    expect(startsLikePdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(startsLikePdf(bytes('%PDF-'))).toBe(true);
    // A .docx (a ZIP) renamed .pdf, a text file, and too few bytes.
    expect(startsLikePdf(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe(false);
    expect(startsLikePdf(bytes('%PDF'))).toBe(false);
    expect(startsLikePdf(bytes(' %PDF-1.4'))).toBe(false);
  });

  it('is refused by name and type, or by size, before its bytes are read', () => {
    expect(pdfFileProblem({ name: 'planilha.xlsx', size: 10, type: 'application/vnd.ms-excel' })).toBe('not-pdf');
    expect(pdfFileProblem({ name: 'relatorio.PDF', size: 10, type: '' })).toBeNull();
    expect(pdfFileProblem({ name: 'x', size: 10, type: 'application/pdf' })).toBeNull();
    expect(pdfFileProblem({ name: 'grande.pdf', size: PDF_MAX_BYTES, type: 'application/pdf' })).toBeNull();
    expect(pdfFileProblem({ name: 'grande.pdf', size: PDF_MAX_BYTES + 1, type: 'application/pdf' })).toBe('too-large');
  });

  it('says the size in MB, rounded up, in pt-BR', () => {
    expect(megabytes(11 * 1024 * 1024)).toBe('11');
    expect(megabytes(PDF_MAX_BYTES + 1)).toBe('10,1');
    expect(megabytes(12.34 * 1024 * 1024)).toBe('12,4');
    expect(pdfProblemMessage('too-large', 11 * 1024 * 1024)).toBe('O arquivo tem 11 MB; o limite é 10 MB por arquivo.');
    expect(pdfProblemMessage('not-pdf', 1)).toBe(PDF_FILE_MSG.notPdf);
    expect(pdfProblemMessage('not-pdf-content', 1)).toBe(PDF_FILE_MSG.notPdfContent);
  });
});
