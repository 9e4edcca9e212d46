import { PDF_MAX_BYTES } from '../../shared/constants.js';

/** What every PDF dropzone accepts: one PDF of at most 10 MiB, picked by its button (not a click anywhere). */
export const PDF_DROPZONE = {
  accept: { 'application/pdf': ['.pdf'] },
  maxSize: PDF_MAX_BYTES,
  maxFiles: 1,
  multiple: false,
  noClick: true,
} as const;

/** The spec's rejection texts (001 §5), whatever wording the dropzone version uses. */
export function rejectionMessage(code: string, fallback: string): string {
  if (code === 'file-invalid-type') return 'File type must be application/pdf,.pdf';
  if (code === 'file-too-large') return `File is larger than ${PDF_MAX_BYTES} bytes`;
  if (code === 'too-many-files') return 'Too many files';
  return fallback;
}
