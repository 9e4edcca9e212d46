/** A draft's confidence badge and its likely-duplicate flag, in the queue and on the review. */
import { Link } from 'react-router';
import { formatPercent } from '../../../../shared/format.js';
import { IMPORT_BULK_APPROVE_CONFIDENCE, type ImportDraft } from '../../../../shared/imports.js';
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
