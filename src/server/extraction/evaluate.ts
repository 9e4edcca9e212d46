/**
 * Field-by-field comparison of an extraction with the expected values of a fixture, shared by
 * the quality evaluation (`npm run eval:extraction`) and the tests. Texts match ignoring case,
 * accents, punctuation and parenthesised remarks; numbers match within 0.5 %.
 */
import { MODALIDADE_SEM_APLICACAO } from '../../shared/constants.js';
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
    // A control the fixture leaves without a mode is met by the untreated control's modality.
    const untreated = exp.modalidade === '' && act?.modalidade === MODALIDADE_SEM_APLICACAO;
    sub('modalidade', exp.modalidade, untreated ? '' : act?.modalidade);
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

// ---------------------------------------------------------------------------------------------
// Hand-labelled sets (the dev set in ../shared/data/extraction-dev and tests/fixtures/extraction-own):
// the same rules as the dev set's score.mjs, so that `npm run eval:extraction` prints in process
// the number that score.mjs prints against a running server. Truth files hold only the fields the
// document states; a list in place of a value means "any of these"; keys starting with "_" are notes.

/** One row of a truth file's `tratamentos`. */
export interface TruthTreatment {
  nome?: string;
  modalidade?: string | string[];
  produtividade?: number;
}

/** A truth file: scored form fields, notes (`_about`, `_evidence`, `_scan`, `_file`) or, for a
 * document that is not a report, the behaviour expected (`expect`, `max_confidence`, `max_fields`). */
export interface TruthFile {
  [field: string]: unknown;
  _file?: string;
  _scan?: boolean;
  expect?: 'low_confidence_or_client_error' | 'client_error' | 'low_confidence';
  max_confidence?: number;
  max_fields?: number;
  tratamentos?: TruthTreatment[];
}

const TRUTH_TEXT_FIELDS = new Set([
  'consultoria',
  'marca',
  'bu',
  'regional',
  'cultura',
  'cultivar',
  'cidade',
  'estado',
  'tipo_estatistica',
]);
const TRUTH_PCT_FIELDS = new Set(['teor_argila', 'teor_materia_organica']);
const TRUTH_COORD_FIELDS = new Set(['latitude', 'longitude']);
const TRUTH_META_KEYS = new Set(['expect', 'max_confidence', 'max_fields']);
/** Latitude and longitude pass within this many degrees (about 110 m). */
export const COORD_TOLERANCE = 0.001;
const NAME_STOP_WORDS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'com',
  'sem',
  'e',
  'em',
  'na',
  'no',
  'nas',
  'nos',
  'para',
  'por',
  'via',
  'o',
  'os',
  'as',
]);

export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

/** Case- and accent-insensitive; dashes and underscores read as spaces, spaces around "/" and a
 * trailing "." (as in "Ltda.") ignored, runs of whitespace collapsed. */
export function normTruthText(v: unknown): string {
  return String(v ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-\u2010-\u2015_]/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.;,:]+$/, '')
    .trim();
}

/** A number, or a string in Brazilian or English notation ("3.456,7", "R$ 14.800,00", "45%").
 * With `coord`, "-12.545" is a decimal, never thousands. */
export function truthNumber(v: unknown, coord = false): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  let s = v.trim().replace(/[^\d,.-]/g, '');
  if (!/\d/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    s = /^-?\d{1,3}(,\d{3}){2,}$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  } else if (!coord && /^-?\d{1,3}(\.\d{3})+$/.test(s)) {
    s = s.replace(/\./g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function truthYear(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : null;
  const m = String(v ?? '').match(/\d{4}/);
  return m ? Number(m[0]) : null;
}

/** Within 1 % of the expected value (exactly 0 when 0 is expected). */
export function withinOnePercent(got: number, want: number): boolean {
  return want === 0 ? Math.abs(got) < 1e-9 : Math.abs(got - want) <= 0.01 * Math.abs(want) + 1e-9;
}

/** 1 when `got` matches the truth of a scalar field (or one value of a truth list), else 0. */
export function scoreTruthScalar(field: string, want: unknown, got: unknown): 0 | 1 {
  const wants: unknown[] = Array.isArray(want) ? want : [want];
  if (isEmptyValue(got)) return 0;
  if (field === 'ano') {
    const y = truthYear(got);
    return wants.some((w) => y !== null && y === Number(w)) ? 1 : 0;
  }
  if (TRUTH_TEXT_FIELDS.has(field) || typeof wants[0] === 'string') {
    const g = normTruthText(got);
    return wants.some((w) => normTruthText(w) === g) ? 1 : 0;
  }
  const n = truthNumber(got, TRUTH_COORD_FIELDS.has(field));
  if (n === null) return 0;
  const nums = wants.map((w) => Number(w));
  if (TRUTH_COORD_FIELDS.has(field)) return nums.some((w) => Math.abs(n - w) <= COORD_TOLERANCE + 1e-12) ? 1 : 0;
  if (TRUTH_PCT_FIELDS.has(field)) return nums.some((w) => Math.abs(n - w) <= 0.05 + 1e-9 || withinOnePercent(n, w)) ? 1 : 0;
  return nums.some((w) => withinOnePercent(n, w)) ? 1 : 0;
}

function nameWords(s: unknown): string[] {
  return normTruthText(s)
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !NAME_STOP_WORDS.has(w));
}

/** Every key word of the expected name (stop words aside) is a word of the extracted name. */
export function treatmentNameOk(want: string, got: unknown): boolean {
  if (isEmptyValue(got)) return false;
  const w = nameWords(want);
  if (!w.length) return normTruthText(want) === normTruthText(got);
  const g = new Set(nameWords(got));
  return w.every((t) => g.has(t));
}

export type TreatmentPart = 'nome' | 'modalidade' | 'produtividade';

export interface TreatmentsScore {
  /** Checks passed / checks made; rows beyond the expected ones count as one failed check each. */
  pass: number;
  total: number;
  extra: number;
  score: number;
  parts: Record<TreatmentPart, [number, number]>;
  misses: string[];
}

const show = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v));

/** `tratamentos` as one field: rows matched by order, each stated part one check. */
export function scoreTruthTreatments(want: readonly TruthTreatment[], got: unknown): TreatmentsScore {
  const rows: unknown[] = Array.isArray(got) ? got : [];
  const res: TreatmentsScore = {
    pass: 0,
    total: 0,
    extra: Math.max(0, rows.length - want.length),
    score: 0,
    parts: { nome: [0, 0], modalidade: [0, 0], produtividade: [0, 0] },
    misses: [],
  };
  want.forEach((t, i) => {
    const row = rows[i];
    const g: Record<string, unknown> = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    const check = (part: TreatmentPart, ok: boolean, gv: unknown, wv: unknown) => {
      res.total++;
      res.parts[part][1]++;
      if (ok) {
        res.pass++;
        res.parts[part][0]++;
      } else res.misses.push(`#${i + 1} ${part}: got ${show(gv)} want ${show(wv)}`);
    };
    if (t.nome !== undefined) check('nome', treatmentNameOk(t.nome, g.nome), g.nome, t.nome);
    if (t.modalidade !== undefined) {
      const ws = Array.isArray(t.modalidade) ? t.modalidade : [t.modalidade];
      const untreated = g.modalidade === MODALIDADE_SEM_APLICACAO && ws.some((w) => isEmptyValue(w));
      const ok = untreated || (!isEmptyValue(g.modalidade) && ws.some((w) => normTruthText(w) === normTruthText(g.modalidade)));
      check('modalidade', ok, g.modalidade, t.modalidade);
    }
    if (t.produtividade !== undefined) {
      const n = truthNumber(g.produtividade);
      check('produtividade', n !== null && withinOnePercent(n, t.produtividade), g.produtividade, t.produtividade);
    }
  });
  if (res.extra) {
    res.total += res.extra;
    res.misses.push(`${res.extra} extra row(s) beyond the ${want.length} expected`);
  }
  res.score = res.total ? res.pass / res.total : 0;
  return res;
}

/** The scored keys of a truth file (form fields; notes and adversarial settings left out). */
export function truthFieldKeys(truth: TruthFile): string[] {
  return Object.keys(truth).filter((k) => !k.startsWith('_') && !TRUTH_META_KEYS.has(k));
}

export interface TruthFieldScore {
  field: string;
  /** 0 to 1 (tratamentos: the fraction of its checks passed). */
  score: number;
  got: unknown;
  want: unknown;
  treatments?: TreatmentsScore;
}

export interface TruthReportScore {
  fields: TruthFieldScore[];
  /** Sum of the field scores. */
  score: number;
  nFields: number;
}

/** Scores an extraction's `data` (null when the extraction failed) against a report's truth. */
export function scoreTruthReport(truth: TruthFile, data: Record<string, unknown> | null): TruthReportScore {
  const d = data ?? {};
  const fields = truthFieldKeys(truth).map((field): TruthFieldScore => {
    if (field === 'tratamentos') {
      const tr = scoreTruthTreatments(truth.tratamentos ?? [], d.tratamentos);
      return { field, score: tr.score, got: d.tratamentos, want: truth.tratamentos, treatments: tr };
    }
    return { field, score: scoreTruthScalar(field, truth[field], d[field]), got: d[field], want: truth[field] };
  });
  return { fields, score: fields.reduce((s, f) => s + f.score, 0), nFields: fields.length };
}

/** How many fields of `data` hold something. */
export function countFilledFields(data: unknown): number {
  if (!data || typeof data !== 'object') return 0;
  return Object.values(data).filter((v) => !isEmptyValue(v)).length;
}

/** What the endpoint answered: a status with its JSON body, or no answer at all. */
export interface EndpointAnswer {
  status?: number;
  json?: unknown;
  error?: string;
}

export interface AdversarialVerdict {
  pass: boolean;
  why: string;
}

function answerConfidence(json: Record<string, unknown>): number | null {
  const n = truthNumber(json.confidence);
  if (n === null) return null;
  return n > 1 && n <= 100 ? n / 100 : n;
}

/** A document that is not a report passes with a 4xx JSON error (unless a 2xx answer is expected)
 * or a 2xx answer below `max_confidence` (0.3) with at most `max_fields` fields filled. */
export function judgeAdversarial(truth: TruthFile, answer: EndpointAnswer): AdversarialVerdict {
  const maxConf = truth.max_confidence ?? 0.3;
  if (answer.error !== undefined || answer.status === undefined) return { pass: false, why: `no answer (${answer.error ?? 'unknown'})` };
  const s = answer.status;
  if (s >= 500) return { pass: false, why: `HTTP ${s} (server error)` };
  if (s === 401 || s === 403) return { pass: false, why: `HTTP ${s}: authentication rejected, not a verdict on the file` };
  if (s === 404 || s === 405) return { pass: false, why: `HTTP ${s}: endpoint missing` };
  if (s >= 400) {
    if (truth.expect === 'low_confidence') return { pass: false, why: `HTTP ${s}; expected a 2xx answer with low confidence` };
    return answer.json !== undefined ? { pass: true, why: `HTTP ${s} JSON error` } : { pass: false, why: `HTTP ${s} but body is not JSON` };
  }
  if (truth.expect === 'client_error') return { pass: false, why: `HTTP ${s}; expected a 4xx JSON error` };
  if (s < 200 || s >= 300) return { pass: false, why: `HTTP ${s}` };
  if (!answer.json || typeof answer.json !== 'object') return { pass: false, why: `HTTP ${s} but body is not JSON` };
  const json = answer.json as Record<string, unknown>;
  const conf = answerConfidence(json);
  const nFields = countFilledFields(json.data);
  if (conf === null) return { pass: false, why: `HTTP ${s}, no numeric confidence` };
  const reference = truth._reference;
  if (conf >= maxConf && reference && typeof reference === 'object') {
    // A confident answer on a scan passes only if it reads the page right.
    const ref = reference as Record<string, unknown>;
    const data = (json.data && typeof json.data === 'object' ? json.data : {}) as Record<string, unknown>;
    const keys = Object.keys(ref).filter((k) => k !== 'tratamentos');
    const right = keys.reduce((n, k) => n + scoreTruthScalar(k, ref[k], data[k]), 0);
    return {
      pass: right >= 0.8 * keys.length,
      why: `confidence ${conf.toFixed(2)}; read ${right}/${keys.length} fields of the scan correctly`,
    };
  }
  if (conf >= maxConf) return { pass: false, why: `confidence ${conf.toFixed(2)} >= ${maxConf}; ${nFields} fields` };
  if (truth.max_fields !== undefined && nFields > truth.max_fields)
    return { pass: false, why: `confidence ${conf.toFixed(2)} but ${nFields} fields > ${truth.max_fields}` };
  return { pass: true, why: `HTTP ${s}, confidence ${conf.toFixed(2)}, ${nFields} fields` };
}

/**
 * The fields whose evidence does not occur in the document (issue 35, "never invent"): every part of
 * a snippet — the text between the "…" that mark a cut and between the "; " that join names read
 * from several cells — must occur in the document's text, compared as key() compares (case,
 * accents, punctuation and spacing aside). `texts`: the document's text as read (its lines, its
 * running text). Derived values (a regional from the state) point at the field they follow from.
 */
export function evidenceOutsideText(
  result: Pick<ExtractionResult, 'evidence'>,
  texts: readonly string[],
): { field: string; snippet: string }[] {
  const haystacks = texts.map(key);
  const occurs = (part: string) => haystacks.some((h) => h.includes(part));
  return Object.entries(result.evidence ?? {}).flatMap(([field, ev]) => {
    if (!ev || ev.source === 'derived' || ev.source === 'llm') return [];
    const parts = ev.snippet
      .split(/…|; /)
      .map(key)
      .filter((p) => p.length > 0);
    return parts.length && parts.every(occurs) ? [] : [{ field, snippet: ev.snippet }];
  });
}
