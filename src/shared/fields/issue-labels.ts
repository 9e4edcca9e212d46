/**
 * A validation message as a person reads it: the field path of a zod issue or of an
 * API answer's `fields` ("tratamentos.0.modalidade") named by the catalogue's labels and the
 * treatment's own name ("Tratamento 1 (Testemunha): Modalidade é obrigatória"). A path is never
 * shown as it is; a part the catalogue does not know is left out rather than printed.
 */
import { ANALYSIS_FIELDS, EXPERIMENT_FIELDS, PRODUCT_FIELDS, TREATMENT_FIELDS } from './catalogue.js';
import type { FieldMeta } from './kinds.js';

type Segment = string | number;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

const labelIn = (fields: Record<string, FieldMeta>, name: Segment | undefined): string | null =>
  typeof name === 'string' && Object.hasOwn(fields, name) ? (fields[name]?.label ?? null) : null;

const index = (s: Segment | undefined): number | null => {
  const n = typeof s === 'number' ? s : typeof s === 'string' && /^\d{1,4}$/.test(s) ? Number(s) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
};

/** The object at `i` of `list`, when it is one. */
function at(list: unknown, i: number): Record<string, unknown> | null {
  if (!Array.isArray(list)) return null;
  const v: unknown = list[i];
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
}

const named = (what: string, n: number, item: Record<string, unknown> | null): string => {
  const nome = typeof item?.nome === 'string' ? item.nome.trim() : '';
  return nome ? `${what} ${n + 1} (${nome})` : `${what} ${n + 1}`;
};

const segmentsOf = (path: string | readonly PropertyKey[]): Segment[] =>
  (typeof path === 'string' ? path.split('.') : path.map((p) => (typeof p === 'number' ? p : String(p)))).filter(
    (s) => s !== '' && s !== '_' && s !== 'experimento',
  );

/**
 * Where a path points, in words: "Consultoria", "Tratamento 2 (Maximus TS)", "Tratamento 2
 * (Maximus TS), produto 1 (Maximus)", each with the field's label last; `data` is what was
 * validated (for the treatments' and products' names). Empty when the path names nothing known.
 */
export function fieldPlace(path: string | readonly PropertyKey[], data?: unknown): { where: string[]; field: string | null } {
  const s = segmentsOf(path);
  const root = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (s[0] !== 'tratamentos') return { where: [], field: labelIn(EXPERIMENT_FIELDS, s[0]) };
  const ti = index(s[1]);
  if (ti === null) return { where: [], field: EXPERIMENT_FIELDS.tratamentos.label };
  const treatment = at(root.tratamentos, ti);
  const where = [named('Tratamento', ti, treatment)];
  const sub = s[2];
  if (sub === 'produtos_aplicados' || sub === 'analises_adicionais') {
    const product = sub === 'produtos_aplicados';
    const j = index(s[3]);
    if (j === null) return { where, field: TREATMENT_FIELDS[sub].label };
    where.push(named(product ? 'produto' : 'análise', j, at(treatment?.[sub], j)));
    return { where, field: labelIn(product ? PRODUCT_FIELDS : ANALYSIS_FIELDS, s[4]) };
  }
  if (sub === 'repeticoes') {
    const k = index(s[3]);
    if (k === null) return { where, field: TREATMENT_FIELDS.repeticoes.label };
    where.push(`${TREATMENT_FIELDS.repeticoes.label}, bloco ${k + 1}`);
    return { where, field: null };
  }
  if (sub === 'observacoes') {
    const k = index(s[4]);
    if (typeof s[3] === 'string' && s[3]) where.push(`avaliação “${s[3]}”`);
    if (k !== null) where.push(`bloco ${k + 1}`);
    return { where, field: null };
  }
  return { where, field: labelIn(TREATMENT_FIELDS, sub) };
}

/**
 * "Tratamento 1 (Testemunha): Modalidade é obrigatória"; "Tratamento 2, Produtividade: Informe
 * um número válido" (the field's label is added when the message does not start with it);
 * "Consultoria é obrigatória" for a field of the experiment whose message names it already.
 */
export function describeFieldError(path: string | readonly PropertyKey[], message: string, data?: unknown): string {
  const { where, field } = fieldPlace(path, data);
  const saysField = field !== null && fold(message).startsWith(fold(field));
  const parts = [...where, ...(field !== null && !saysField ? [field] : [])];
  return parts.length ? `${parts.join(', ')}: ${message}` : message;
}

/** Every entry of a `fields` map (path → message) described, in its order. */
export function describeFieldErrors(fields: Readonly<Record<string, string>>, data?: unknown): string[] {
  return Object.entries(fields).map(([path, message]) => describeFieldError(path, message, data));
}

/** One line for a whole answer: the first error described, and how many more there are. */
export function summarizeFieldErrors(fields: Readonly<Record<string, string>>, data?: unknown): string | null {
  const all = describeFieldErrors(fields, data);
  const [first] = all;
  if (first === undefined) return null;
  const more = all.length - 1;
  return more === 0 ? first : `${first} (e mais ${more} ${more === 1 ? 'campo a corrigir' : 'campos a corrigir'})`;
}

/** Zod issues as the error body's `fields` (path → its first message; docs/api.md#contract). */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}
