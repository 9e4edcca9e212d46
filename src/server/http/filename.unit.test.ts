import { describe, expect, it } from 'vitest';
import { cleanPdfFilename, contentDisposition } from './filename.js';

describe('cleanPdfFilename', () => {
  it.each([
    ['relatório final.pdf', 'relatório final.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['C:\\Users\\ana\\laudo.PDF', 'laudo.PDF'],
    ['a\u0000b\u0007c\nd.pdf', 'abcd.pdf'],
    ['  ..oculto.pdf ', 'oculto.pdf'],
    ['', 'documento.pdf'],
    ['///', 'documento.pdf'],
    ['x:y*z?.pdf', 'x_y_z_.pdf'],
  ])('%j → %j', (input, expected) => {
    expect(cleanPdfFilename(input)).toBe(expected);
  });

  it('caps the length and keeps the extension', () => {
    const name = cleanPdfFilename('a'.repeat(500) + '.pdf');
    expect(name.length).toBeLessThanOrEqual(180);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Relatório "São João".pdf')).toBe(
      `attachment; filename="Relatorio _Sao Joao_.pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22S%C3%A3o%20Jo%C3%A3o%22.pdf`,
    );
  });
});
