/**
 * Field-by-field comparison of an extraction with the expected values of a fixture, shared by
 * the quality evaluation (`npm run eval:extraction`) and the tests. Texts match ignoring case,
 * accents, punctuation and parenthesised remarks; numbers match within 0.5 %.
 */
import { EXTRACTED_FIELDS } from '../../shared/extraction.js';
import type { ExtractedData, ExtractionResult } from './extract.js';
import { key } from './text.js';

export interface ExpectedFixture {
  name: string;
  split: 'tuning' | 'held-out';
  kind: 'report' | 'scanned' | 'not-report';
  description?: string;
  data: ExtractedData;
  confidence?: { min?: number; max?: number };
  warnings?: string[];
}

export type Outcome = 'ok' | 'wrong' | 'missing' | 'spurious';

export interface FieldOutcome {
  /** "marca", or "tratamentos.produtividade" for each treatment's value. */
  field: string;
  /** Treatment position for treatment fields. */
  index?: number;
  expected: unknown;
  actual: unknown;
  outcome: Outcome;
}

export interface CheckOutcome {
  check: string;
  ok: boolean;
  detail: string;
}

export interface Comparison {
  fields: FieldOutcome[];
  checks: CheckOutcome[];
}

const SCALAR_FIELDS = EXTRACTED_FIELDS.filter((f): f is Exclude<(typeof EXTRACTED_FIELDS)[number], 'tratamentos'> => f !== 'tratamentos');

export function sameText(a: string, b: string): boolean {
  const norm = (s: string) => key(s.replace(/\([^)]*\)/g, ' '));
  return norm(a) === norm(b);
}

export function sameNumber(expected: number, actual: number): boolean {
  return Math.abs(actual - expected) <= Math.max(Math.abs(expected) * 0.005, 1e-9);
}

function same(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') return sameNumber(expected, actual);
  if (typeof expected === 'string' && typeof actual === 'string') return sameText(expected, actual);
  if (Array.isArray(expected) && Array.isArray(actual))
    return expected.length === actual.length && expected.every((e, i) => same(e, actual[i]));
  return false;
}

function outcome(expected: unknown, actual: unknown): Outcome | null {
  const hasE = expected !== undefined && expected !== null;
  const hasA = actual !== undefined && actual !== null && actual !== '';
  if (!hasE && !hasA) return null;
  if (!hasE) return 'spurious';
  if (!hasA) return typeof expected === 'string' && expected === '' ? 'ok' : 'missing';
  return same(expected, actual) ? 'ok' : 'wrong';
}

export function compareExtraction(expected: ExpectedFixture, result: ExtractionResult): Comparison {
  const fields: FieldOutcome[] = [];
  const checks: CheckOutcome[] = [];
  const { min, max } = expected.confidence ?? {};
  if (min !== undefined) checks.push({ check: 'confiança mínima', ok: result.confidence >= min, detail: `${result.confidence} >= ${min}` });
  if (max !== undefined) checks.push({ check: 'confiança máxima', ok: result.confidence <= max, detail: `${result.confidence} <= ${max}` });
  for (const w of expected.warnings ?? []) checks.push({ check: 'aviso', ok: result.warnings.includes(w), detail: w });
  if (expected.kind !== 'report') return { fields, checks };

  const e = expected.data;
  const a = result.data;
  for (const field of SCALAR_FIELDS) {
    const o = outcome(e[field], a[field]);
    if (o) fields.push({ field, expected: e[field], actual: a[field], outcome: o });
  }
  const et = e.tratamentos ?? [];
  const at = a.tratamentos ?? [];
  fields.push({
    field: 'tratamentos.quantidade',
    expected: et.length,
    actual: at.length,
    outcome: et.length === at.length ? 'ok' : at.length === 0 ? 'missing' : 'wrong',
  });
  for (let i = 0; i < et.length; i++) {
    const exp = et[i];
    const act = at[i];
    if (!exp) continue;
    const sub = (name: string, ev: unknown, av: unknown) => {
      const o = outcome(ev, av);
      if (o) fields.push({ field: `tratamentos.${name}`, index: i, expected: ev, actual: av, outcome: o });
    };
    sub('nome', exp.nome, act?.nome);
    sub('modalidade', exp.modalidade, act?.modalidade);
    sub('produtividade', exp.produtividade, act?.produtividade);
    if (exp.repeticoes || act?.repeticoes) sub('repeticoes', exp.repeticoes, act?.repeticoes);
  }
  // Honest confidence: 0.8 or more exactly when the fields the form needs most are all right.
  const keysRight = fields.filter((f) => KEY_FIELDS.includes(f.field)).every((f) => f.outcome === 'ok');
  checks.push({
    check: 'confiança coerente',
    ok: keysRight === result.confidence >= 0.8,
    detail: `${result.confidence} ${result.confidence >= 0.8 ? '>=' : '<'} 0.8 com campos-chave ${keysRight ? 'corretos' : 'errados ou ausentes'}`,
  });
  return { fields, checks };
}

/** The fields whose absence or error must lower confidence below 0.8 (review recommended). */
export const KEY_FIELDS: readonly string[] = [
  'marca',
  'cultura',
  'cidade',
  'estado',
  'ano',
  'tratamentos.quantidade',
  'tratamentos.produtividade',
];
