import { AUDIT_FIELDS, type AuditChange } from '../../../shared/audit.js';
import { ROLE_LABELS, type Role } from '../../../shared/constants.js';
import { formatNumber } from '../../../shared/format.js';

/** A role is stored as its code; a reader sees its name. */
function roleName(value: unknown): unknown {
  return typeof value === 'string' && Object.hasOwn(ROLE_LABELS, value) ? ROLE_LABELS[value as Role] : value;
}

/** A changed value as a reader wants to see it. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return formatNumber(value, 6);
  if (Array.isArray(value)) return value.length === 1 ? '1 tratamento' : `${value.length} tratamentos`;
  return String(value);
}

/** One line per changed field: "Cultivar: M6410 → BMX Zeus". */
export function changeLines(changes: Record<string, AuditChange> | null): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, change]) => {
    const label = AUDIT_FIELDS[field] ?? field;
    const { de, para } = field === 'perfil' ? { de: roleName(change.de), para: roleName(change.para) } : change;
    if (field === 'tratamentos') return `${label}: alterados (${showValue(de)} → ${showValue(para)})`;
    if (de === null || de === undefined) return `${label}: ${showValue(para)}`;
    return `${label}: ${showValue(de)} → ${showValue(para)}`;
  });
}
