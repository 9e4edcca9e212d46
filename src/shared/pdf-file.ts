/**
 * Whether a file may be sent as a report PDF, checked in the browser before it is sent:
 * one check for every page that takes a PDF (the archive import, the wizard's upload step, the
 * extractor), in pt-BR. The server checks the same on what arrives (src/server/http/multipart.ts:
 * the first bytes, the 10 MiB cap) and answers in the product's English texts, which stay beside ours.
 */
import { PDF_MAX_BYTES } from './constants.js';

/** Every PDF starts with these bytes (ISO 32000 §7.5.2); the server reads files by them too. */
export const PDF_SIGNATURE = '%PDF-';

const MB = 1024 * 1024;
const mb = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** "10,1": rounded up, so a file just over the limit never reads as "10 MB". */
export const megabytes = (bytes: number): string => mb.format(Math.ceil((bytes / MB) * 10) / 10);

export const PDF_FILE_MSG = {
  notPdf: 'O arquivo não é um PDF.',
  /** Named .pdf, but its bytes are something else (a .docx renamed, say). */
  notPdfContent: 'O arquivo não é um PDF: o nome termina em .pdf, mas o conteúdo é de outro tipo de arquivo. Exporte o relatório como PDF.',
  tooLarge: (bytes: number) => `O arquivo tem ${megabytes(bytes)} MB; o limite é ${PDF_MAX_BYTES / MB} MB por arquivo.`,
  /** Too large, its size unknown (the server said so). */
  overLimit: `O arquivo tem mais de ${PDF_MAX_BYTES / MB} MB, o limite por arquivo.`,
  tooMany: 'Envie um arquivo só.',
} as const;

/** The English rejection texts (docs/product-rules.md#pdf-files), kept beside the pt-BR words where they apply. */
export const PDF_SPEC_TEXT = {
  fileType: 'File type must be application/pdf',
  tooLarge: `File is larger than ${PDF_MAX_BYTES} bytes`,
  tooMany: 'Too many files',
} as const;

export type PdfProblem = 'not-pdf' | 'not-pdf-content' | 'too-large';

/** What a file's name, declared type and size say: null when it may be a PDF of an allowed size. */
export function pdfFileProblem(file: { name: string; size: number; type: string }): PdfProblem | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf) return 'not-pdf';
  if (file.size > PDF_MAX_BYTES) return 'too-large';
  return null;
}

/** Whether a file's first bytes are a PDF's. */
export function startsLikePdf(head: Uint8Array): boolean {
  if (head.length < PDF_SIGNATURE.length) return false;
  for (let i = 0; i < PDF_SIGNATURE.length; i++) if (head[i] !== PDF_SIGNATURE.charCodeAt(i)) return false;
  return true;
}

/** The pt-BR sentence for a problem (the size is the file's, in MB). */
export function pdfProblemMessage(problem: PdfProblem, size: number): string {
  if (problem === 'too-large') return PDF_FILE_MSG.tooLarge(size);
  return problem === 'not-pdf' ? PDF_FILE_MSG.notPdf : PDF_FILE_MSG.notPdfContent;
}
