import { PDF_MAX_BYTES } from '../../shared/constants.js';
import { PDF_FILE_MSG, PDF_SIGNATURE, PDF_SPEC_TEXT, pdfFileProblem, pdfProblemMessage, startsLikePdf } from '../../shared/pdf-file.js';

/** What every PDF dropzone accepts: one PDF of at most 10 MiB, picked by its button (not a click anywhere). */
export const PDF_DROPZONE = {
  accept: { 'application/pdf': ['.pdf'] },
  maxSize: PDF_MAX_BYTES,
  maxFiles: 1,
  multiple: false,
  noClick: true,
} as const;

/** The code of a file refused by its first bytes (not one of the dropzone's own codes). */
export const NOT_PDF_CONTENT = 'file-not-pdf-content';

/** "pt-BR sentence (English text)": the English rejection texts kept, said in Portuguese first (docs/product-rules.md#pdf-files). */
const both = (pt: string, spec: string) => `${pt} (${spec})`;

/**
 * A dropzone refusal in pt-BR, followed by the English text where there is one:
 * "O arquivo tem 11 MB; o limite é 10 MB por arquivo. (File is larger than 10485760 bytes)".
 * `file` gives the size in MB.
 */
export function rejectionMessage(code: string, fallback: string, file?: { size: number }): string {
  if (code === 'file-invalid-type') return both(PDF_FILE_MSG.notPdf, 'File type must be application/pdf,.pdf');
  if (code === 'file-too-large')
    return both(file ? pdfProblemMessage('too-large', file.size) : PDF_FILE_MSG.overLimit, PDF_SPEC_TEXT.tooLarge);
  if (code === 'too-many-files') return both(PDF_FILE_MSG.tooMany, PDF_SPEC_TEXT.tooMany);
  if (code === NOT_PDF_CONTENT) return PDF_FILE_MSG.notPdfContent;
  return fallback;
}

/** The server's refusal of a PDF (its English words) with the pt-BR sentence in front. */
export function explainPdfRefusal(message: string): string {
  if (message === PDF_SPEC_TEXT.tooLarge) return both(PDF_FILE_MSG.overLimit, message);
  if (message === PDF_SPEC_TEXT.fileType) return both(PDF_FILE_MSG.notPdfContent, message);
  if (message === PDF_SPEC_TEXT.tooMany) return both(PDF_FILE_MSG.tooMany, message);
  return message;
}

/**
 * Whether a chosen file is a PDF the server will take: its name or type and size (the check the
 * archive import uses, pdf-file.ts), then its first bytes, so that a .docx renamed .pdf is refused
 * when it is chosen rather than at "Salvar". Null when it is fine; else the code of the problem.
 */
export async function checkChosenPdf(file: File): Promise<'not-pdf' | 'too-large' | typeof NOT_PDF_CONTENT | null> {
  const problem = pdfFileProblem(file);
  if (problem === 'not-pdf' || problem === 'too-large') return problem;
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return startsLikePdf(head) ? null : NOT_PDF_CONTENT;
}
