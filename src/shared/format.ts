/** pt-BR formatting shared by every screen. */
const longDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' });

/** "21 de novembro de 2026" */
export function formatLongDate(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? '' : longDate.format(d);
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' });

/** A calendar date written YYYY-MM-DD as pt-BR reads it ("14/01/2026"); '' for none. */
export const formatIsoDate = (iso: string | null | undefined): string => (iso ? iso.split('-').reverse().join('/') : '');

/** "21/11/2026, 10:15:03" (Brasília time) */
export function formatDateTime(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

/** Initials for an avatar: first and last name. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** R$ 1.234,56 */
export function formatBRL(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : brl.format(value);
}

// Building an Intl.NumberFormat costs ~0.1 ms; the analysis writes several p-values per request.
const byDigits = new Map<number, Intl.NumberFormat>([
  [0, integer],
  [1, decimal],
]);

/** 3.456,7 */
export function formatNumber(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  let format = byDigits.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits });
    byDigits.set(digits, format);
  }
  return format.format(value);
}

/** 3.457 kg/ha (averages are shown as integers). */
export function formatKgHa(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : `${integer.format(Math.round(value))} kg/ha`;
}

/** A ratio as a percentage with a fixed number of decimals: 0.687 → "68,7%", 0.87 → "87,0%". */
export function formatPercent(ratio: number | null | undefined, digits = 1): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '-';
  return `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(ratio * 100)}%`;
}

const KB = 1024;
const MB = 1024 * 1024;

/**
 * A file size as people read it (binary units, as the 10 MB upload limit is): "512 bytes",
 * "850 KB", "1,2 MB". A small file is never "0 MB".
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes < KB) return `${integer.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  // 1023.6 KB rounds to 1.024 KB: that is shown as 1 MB.
  if (Math.round(bytes / KB) < KB) return `${integer.format(Math.round(bytes / KB))} KB`;
  return `${decimal.format(bytes / MB)} MB`;
}
