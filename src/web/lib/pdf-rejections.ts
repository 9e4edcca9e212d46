import { PDF_MAX_BYTES } from '../../shared/constants.js';

/** The spec's rejection texts (001 §5), whatever wording the dropzone version uses. */
export function rejectionMessage(code: string, fallback: string): string {
  if (code === 'file-invalid-type') return 'File type must be application/pdf,.pdf';
  if (code === 'file-too-large') return `File is larger than ${PDF_MAX_BYTES} bytes`;
  if (code === 'too-many-files') return 'Too many files';
  return fallback;
}
