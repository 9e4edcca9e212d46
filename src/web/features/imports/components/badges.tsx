/**
 * A draft's confidence badge, its likely-duplicate flag, the mark of a file someone else imported
 * too, the note of a dropped PDF and the file name, in the queue, on the review and in the upload.
 */
import { Link } from 'react-router';
import { formatPercent } from '../../../../shared/format.js';
import { IMPORT_BULK_APPROVE_CONFIDENCE, IMPORT_MSG, type ImportDraft } from '../../../../shared/imports.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';

export const experimentHref = (id: number) => `/dashboard?experimento=${id}`;

export function confidenceTone(c: number): BadgeTone {
  if (c >= IMPORT_BULK_APPROVE_CONFIDENCE) return 'green';
  if (c >= 0.6) return 'yellow';
  return 'red';
}

export function ConfidenceBadge({ confidence }: { confidence: number }) {
  return <Badge tone={confidenceTone(confidence)}>Confiança {formatPercent(confidence)}</Badge>;
}

export function DuplicateFlag({ of }: { of: ImportDraft['duplicateOf'] }) {
  if (!of) return null;
  return (
    <p className="text-xs text-orange-900">
      Possível duplicata de{' '}
      <Link to={experimentHref(of.experimentId)} className="font-medium underline underline-offset-2">
        {of.label}
      </Link>
    </p>
  );
}

/** The same file is in someone else's import (who is not told): both may go on. */
export function ImportedElsewhereBadge({ draft }: { draft: Pick<ImportDraft, 'importedElsewhere'> }) {
  return draft.importedElsewhere ? <Badge tone="orange">{IMPORT_MSG.importedElsewhere}</Badge> : null;
}

/** A failed draft keeps its PDF for a while only (IMPORT_FAILED_RETENTION_DAYS). */
export function PdfGoneNote({ draft }: { draft: Pick<ImportDraft, 'status' | 'pdfKept'> }) {
  return draft.status === 'failed' && !draft.pdfKept ? <p className="text-xs text-slate-600">{IMPORT_MSG.pdfGone}</p> : null;
}

/** A report's file name on one line, cut to fit; the whole name shows on hover. */
export function FileName({ name, weight }: { name: string; weight: 'font-medium' | 'font-semibold' }) {
  return (
    <p className={`truncate text-sm ${weight} text-slate-900`} title={name}>
      {name}
    </p>
  );
}
