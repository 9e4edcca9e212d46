import type { AuditChange } from '../../../shared/audit.js';
import { changeLines } from './changes.js';

/** An audit entry's changes, one line each (a treatment's field on its own line), or a dash. */
export function AuditChanges({ changes }: { changes: Record<string, AuditChange> | null }) {
  const lines = changeLines(changes);
  if (!lines.length) return <>—</>;
  return (
    <ul className="space-y-0.5 break-words">
      {lines.map((line, i) => (
        <li key={`${i}-${line}`}>{line}</li>
      ))}
    </ul>
  );
}
