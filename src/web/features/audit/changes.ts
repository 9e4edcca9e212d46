import { AUDIT_FIELDS, type AuditChange, type TreatmentChange, treatmentChanges } from '../../../shared/audit.js';
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
  if (Array.isArray(value)) {
    // Plot yields: the numbers themselves; a list of treatments: how many.
    if (value.every((v) => typeof v === 'number')) return value.map((v) => formatNumber(v as number, 6)).join('; ');
    return value.length === 1 ? '1 tratamento' : `${value.length} tratamentos`;
  }
  return String(value);
}

/** "Tratamento 2 (Amino Plus) · Produtividade: 3.662,93 → 4.087,63"; an added or removed treatment says so, an added product reads "— → Produto X". */
export function treatmentLine(c: TreatmentChange): string {
  const who = `Tratamento ${c.n}${c.tratamento ? ` (${c.tratamento})` : ''}`;
  if (c.campo === 'Tratamento') return `${who}: ${c.de === null ? 'incluído' : 'excluído'}`;
  return `${who} · ${c.campo}: ${showValue(c.de)} → ${showValue(c.para)}`;
}

/**
 * The treatment lines of a `tratamentos` change: the ones recorded with it, or, for entries written
 * before treatment changes were recorded in detail (both lists whole, no details), the same lines computed from the two lists.
 */
function treatmentLines(label: string, change: AuditChange): string[] {
  const details = Array.isArray(change.detalhes) ? change.detalhes : treatmentChanges(change.de, change.para);
  if (details && details.length) return details.map(treatmentLine);
  return [`${label}: alterados (${showValue(change.de)} → ${showValue(change.para)})`];
}

/** One line per changed field: "Cultivar: M6410 → BMX Zeus"; one per changed treatment field. */
export function changeLines(changes: Record<string, AuditChange> | null): string[] {
  if (!changes) return [];
  return Object.entries(changes).flatMap(([field, change]) => {
    const label = AUDIT_FIELDS[field] ?? field;
    const { de, para } = field === 'perfil' ? { de: roleName(change.de), para: roleName(change.para) } : change;
    if (field === 'tratamentos') return treatmentLines(label, change);
    if (de === null || de === undefined) return [`${label}: ${showValue(para)}`];
    return [`${label}: ${showValue(de)} → ${showValue(para)}`];
  });
}
