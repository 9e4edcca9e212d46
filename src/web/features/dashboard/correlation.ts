/**
 * The correlation explorer's view model: which variables exist, how a pair of them becomes a list
 * of points, how points are grouped when X is categorical, and Pearson's r. No React here, so it is
 * unit-tested on hand-computed values and the component only draws.
 */
import { centeredSums } from '../../../shared/stats/centered-sums.js';
import type { CorrelationDataset } from '../../../shared/dashboard.js';
import { CORRELATION_FIELDS, type CorrelationField, EXPERIMENT_FIELDS } from '../../../shared/fields/catalogue.js';
import { type NumericKind, fieldTitle, formatFieldValue, isNumeric } from '../../../shared/fields/kinds.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../shared/format.js';
import { ASSESSMENT_PREFIX, pearsonP } from '../../../shared/correlation-variables.js';

/** The catalogue's variables (experiment fields flagged `correlation`), numbers or categories by kind. */
type CatalogueNumeric = {
  [K in CorrelationField]: (typeof EXPERIMENT_FIELDS)[K] extends { kind: NumericKind } ? K : never;
}[CorrelationField];
type CatalogueCategorical = Exclude<CorrelationField, CatalogueNumeric>;

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

const catalogueNumeric = CORRELATION_FIELDS.filter((k): k is CatalogueNumeric => isNumeric(EXPERIMENT_FIELDS[k]));
const catalogueCategorical = CORRELATION_FIELDS.filter((k): k is CatalogueCategorical => !isNumeric(EXPERIMENT_FIELDS[k]));

/** Numeric variables: the mean yield (computed by the server), the catalogue's, the treatments'. */
export const NUMERIC_VARIABLES = ['produtividade_media', ...catalogueNumeric, 'tratamento_produtividade', 'tratamento_custo'] as const;

export const CATEGORICAL_VARIABLES = [...catalogueCategorical, 'tratamento_modalidade'] as const;

/**
 * An assessment as a variable (`CorrelationDataset.avaliacoes`): named by its name (case and
 * spaces ignored) and unit, JSON-encoded after the prefix, rather than by its index in the dataset,
 * so a choice survives a filter change that adds or removes other assessments.
 */
export type AssessmentKey = `avaliacao:${string}`;

/** The variables every dataset has; assessments come with the data. */
export type FixedNumericVariable = (typeof NUMERIC_VARIABLES)[number];
export type NumericVariable = FixedNumericVariable | AssessmentKey;
export type CategoricalVariable = (typeof CATEGORICAL_VARIABLES)[number];
export type FixedVariableKey = FixedNumericVariable | CategoricalVariable;
export type VariableKey = NumericVariable | CategoricalVariable;

/** Experiment-level variables have one value per experiment, treatment-level ones one per treatment. */
export type VariableLevel = 'experimento' | 'tratamento';

export interface VariableInfo {
  label: string;
  kind: 'numeric' | 'categorical';
  level: VariableLevel;
}

/** The variables that are not a field of the catalogue. */
const OWN_VARIABLES = {
  produtividade_media: { label: 'Produtividade média (kg/ha)', kind: 'numeric', level: 'experimento' },
  tratamento_produtividade: { label: 'Produtividade do tratamento (kg/ha)', kind: 'numeric', level: 'tratamento' },
  tratamento_custo: { label: 'Custo do tratamento (R$)', kind: 'numeric', level: 'tratamento' },
  tratamento_modalidade: { label: 'Modalidade de aplicação', kind: 'categorical', level: 'tratamento' },
} as const satisfies Record<string, VariableInfo>;

export const VARIABLES: Readonly<Record<FixedVariableKey, VariableInfo>> = {
  ...OWN_VARIABLES,
  ...(Object.fromEntries(
    CORRELATION_FIELDS.map((k) => {
      const f = EXPERIMENT_FIELDS[k];
      return [k, { label: fieldTitle(f), kind: isNumeric(f) ? 'numeric' : 'categorical', level: 'experimento' } satisfies VariableInfo];
    }),
    // Object.fromEntries gives a plain record; its keys are CORRELATION_FIELDS.
  ) as Record<CorrelationField, VariableInfo>),
};

export function isAssessmentKey(value: string): value is AssessmentKey {
  return value.startsWith(ASSESSMENT_PREFIX);
}

/** The key of an assessment variable: its name lower-cased and trimmed, as the server groups them, and its unit. */
export function assessmentKey(v: { nome: string; unidade: string }): AssessmentKey {
  return `${ASSESSMENT_PREFIX}${JSON.stringify([v.nome.trim().toLowerCase(), v.unidade])}`;
}

/** A fixed variable, or any assessment key (whether the data has it is `hasVariable`'s question). */
export function isVariableKey(value: string): value is VariableKey {
  return Object.hasOwn(VARIABLES, value) || isAssessmentKey(value);
}

export function isNumericVariable(key: VariableKey): key is NumericVariable {
  return isAssessmentKey(key) || VARIABLES[key].kind === 'numeric';
}

/** The index of an assessment variable in `data.avaliacoes.variaveis`, or -1 when the data has none such. */
function assessmentIndex(data: CorrelationDataset, key: AssessmentKey): number {
  return data.avaliacoes.variaveis.findIndex((v) => assessmentKey(v) === key);
}

/** "Severidade (%)"; the name alone when it has no unit. */
function assessmentLabel(v: { nome: string; unidade: string }): string {
  const unidade = v.unidade.trim();
  return unidade ? `${v.nome} (${unidade})` : v.nome;
}

/** The data's assessment variables for the selects, in pt-BR order of their labels. */
export function assessmentVariables(data: CorrelationDataset): { key: AssessmentKey; label: string }[] {
  return data.avaliacoes.variaveis
    .map((v) => ({ key: assessmentKey(v), label: assessmentLabel(v) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** Whether the data has this variable: the fixed ones always, an assessment when some treatment was rated. */
export function hasVariable(data: CorrelationDataset, key: VariableKey): boolean {
  return !isAssessmentKey(key) || assessmentIndex(data, key) >= 0;
}

/** A variable's label, kind and level; an assessment is a treatment-level number. */
export function variableInfo(data: CorrelationDataset, key: VariableKey): VariableInfo {
  if (!isAssessmentKey(key)) return VARIABLES[key];
  const v = data.avaliacoes.variaveis[assessmentIndex(data, key)];
  return { label: v ? assessmentLabel(v) : 'Avaliação', kind: 'numeric', level: 'tratamento' };
}

/**
 * The selection the data can show: an assessment the data lacks (a filter left it out) falls back
 * to the default variable of its axis, so the selects never show a value that is not an option.
 */
export function availableSelection(data: CorrelationDataset, s: CorrelationSelection): CorrelationSelection {
  const x = hasVariable(data, s.x) ? s.x : DEFAULTS.x;
  const y = hasVariable(data, s.y) ? s.y : DEFAULTS.y;
  return x === s.x && y === s.y ? s : { ...s, x, y };
}

export type ChartType = 'scatter' | 'bar' | 'line' | 'pie';

export const CHART_TYPES: readonly { value: ChartType; label: string }[] = [
  { value: 'scatter', label: 'Dispersão' },
  { value: 'bar', label: 'Barras' },
  { value: 'line', label: 'Linha' },
  { value: 'pie', label: 'Pizza' },
];

export function isChartType(value: string): value is ChartType {
  return CHART_TYPES.some((t) => t.value === value);
}

export interface CorrelationSelection {
  x: VariableKey;
  y: VariableKey;
  tipo: ChartType;
}

export const DEFAULTS: Readonly<CorrelationSelection> = { x: 'produtividade_media', y: 'roi', tipo: 'scatter' };

export const SHORTCUTS: readonly (CorrelationSelection & { label: string })[] = [
  { label: 'Solo vs Produtividade', x: 'teor_argila', y: 'produtividade_media', tipo: 'scatter' },
  { label: 'Custo vs ROI', x: 'custo_protocolo', y: 'roi', tipo: 'scatter' },
  { label: 'Cultura vs Performance', x: 'cultura', y: 'produtividade_media', tipo: 'bar' },
];

/**
 * Calm field colours (leaf, clay, sky, soil, olive, berry, dusk, slate). Each has at least 4.5:1 contrast on
 * white, so marks stay visible and can carry white text; neighbours differ in hue for pie slices.
 */
export const PALETTE_6 = ['#2d6a3e', '#b45309', '#2f6f8f', '#8a5a2b', '#5f7a1f', '#9f3a4b'] as const;
export const PALETTE_8 = [...PALETTE_6, '#5b5f97', '#475569'] as const;

export type PointValue = number | string;

export interface CorrelationPoint {
  x: PointValue;
  y: PointValue;
  /** Index of the point's experiment in the dataset's experiment columns. */
  e: number;
}

type Column = readonly (number | string | null | undefined)[];

/** An assessment variable as a column aligned with the treatments: null where a treatment has no value. */
function assessmentColumn(data: CorrelationDataset, key: AssessmentKey): Column {
  const out = new Array<number | null>(data.tratamentos.experimento.length).fill(null);
  const index = assessmentIndex(data, key);
  if (index < 0) return out;
  const { tratamento, variavel, valor } = data.avaliacoes;
  for (let i = 0; i < tratamento.length; i++) {
    const t = tratamento[i]!;
    if (variavel[i] === index && t < out.length) out[t] = valor[i] ?? null;
  }
  return out;
}

function column(data: CorrelationDataset, key: VariableKey): Column {
  const e = data.experimentos;
  const t = data.tratamentos;
  if (isAssessmentKey(key)) return assessmentColumn(data, key);
  switch (key) {
    case 'tratamento_produtividade':
      return t.produtividade;
    case 'tratamento_custo':
      return t.custo;
    case 'tratamento_modalidade':
      return t.modalidade;
    default:
      return e[key];
  }
}

/** A usable value, or null when missing: non-finite numbers and blank categories count as missing. */
function clean(value: number | string | null | undefined, numeric: boolean): PointValue | null {
  if (numeric) return typeof value === 'number' && Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // Trimmed so "Soja " and "Soja" fall in the same group.
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The (x, y) pairs for two variables. If either is treatment-level there is one point per treatment
 * and an experiment-level value is repeated for each of its experiment's treatments; if both are
 * experiment-level there is one point per experiment. Pairs with a missing side are dropped.
 */
export function buildPoints(data: CorrelationDataset, x: VariableKey, y: VariableKey): CorrelationPoint[] {
  const cx = column(data, x);
  const cy = column(data, y);
  const nx = isNumericVariable(x);
  const ny = isNumericVariable(y);
  const xPerTreatment = variableInfo(data, x).level === 'tratamento';
  const yPerTreatment = variableInfo(data, y).level === 'tratamento';
  const points: CorrelationPoint[] = [];

  if (xPerTreatment || yPerTreatment) {
    const owner = data.tratamentos.experimento;
    for (let t = 0; t < owner.length; t++) {
      const e = owner[t] ?? -1;
      const vx = clean(xPerTreatment ? cx[t] : cx[e], nx);
      const vy = clean(yPerTreatment ? cy[t] : cy[e], ny);
      if (vx !== null && vy !== null) points.push({ x: vx, y: vy, e });
    }
    return points;
  }

  // Columns should have equal lengths; the longer one bounds the loop and gaps count as missing.
  const n = Math.max(cx.length, cy.length);
  for (let i = 0; i < n; i++) {
    const vx = clean(cx[i], nx);
    const vy = clean(cy[i], ny);
    if (vx !== null && vy !== null) points.push({ x: vx, y: vy, e: i });
  }
  return points;
}

export interface CategoryGroup {
  categoria: string;
  /** Mean of Y in the group when Y is numeric, otherwise the number of points. */
  valor: number;
  /** Points in the group. */
  n: number;
}

/** pt-BR order that ignores case and accents and puts "Região 2" before "Região 10". */
export function compareCategories(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Groups points by their X value. Y becomes the group's mean (Y numeric) or its count (Y
 * categorical). Ordered by category name in pt-BR collation, which reads well on bar and line axes;
 * `ordem: 'valor'` orders by value, largest first (ties by name), which is what a pie wants so the
 * biggest slices come first and take the first palette colours.
 */
export function groupByCategory(
  points: readonly Pick<CorrelationPoint, 'x' | 'y'>[],
  yIsNumeric: boolean,
  ordem: 'categoria' | 'valor' = 'categoria',
): CategoryGroup[] {
  const groups = new Map<string, { sum: number; n: number }>();
  for (const p of points) {
    const key = String(p.x);
    const g = groups.get(key) ?? { sum: 0, n: 0 };
    g.n += 1;
    if (yIsNumeric && typeof p.y === 'number') g.sum += p.y;
    groups.set(key, g);
  }
  const result = [...groups].map(([categoria, g]) => ({ categoria, valor: yIsNumeric ? g.sum / g.n : g.n, n: g.n }));
  return result.sort((a, b) =>
    ordem === 'valor' ? b.valor - a.valor || compareCategories(a.categoria, b.categoria) : compareCategories(a.categoria, b.categoria),
  );
}

/**
 * Pearson's r, or null when it cannot be computed: fewer than 2 pairs, arrays of different lengths,
 * or a variable with zero variance (the denominator would be 0). Two passes (means first) keep it
 * accurate for large values such as years or yields.
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const { sxx, syy, sxy } = centeredSums(xs, ys);
  if (sxx === 0 || syy === 0) return null;
  const r = sxy / Math.sqrt(sxx * syy);
  if (!Number.isFinite(r)) return null;
  // Rounding can push a perfect correlation a hair past ±1.
  return Math.max(-1, Math.min(1, r));
}

/** The X and Y of the points whose both sides are numbers. */
function numericPairs(points: readonly Pick<CorrelationPoint, 'x' | 'y'>[]): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of points) {
    if (typeof p.x === 'number' && typeof p.y === 'number') {
      xs.push(p.x);
      ys.push(p.y);
    }
  }
  return { xs, ys };
}

/** Pearson's r over points whose both sides are numbers; null otherwise (see `pearson`). */
export function pearsonOfPoints(points: readonly Pick<CorrelationPoint, 'x' | 'y'>[]): number | null {
  const { xs, ys } = numericPairs(points);
  return pearson(xs, ys);
}

/** |r| > 0.7 strong, > 0.3 moderate, otherwise weak; r = 0 reads as positive. */
export function pearsonStrength(r: number): string {
  const sinal = r < 0 ? 'negativa' : 'positiva';
  const a = Math.abs(r);
  const forca = a > 0.7 ? 'forte' : a > 0.3 ? 'moderada' : 'fraca';
  return `Correlação ${sinal} ${forca}`;
}

const threeDecimals = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** "0,842" / "-0,315" */
export function formatPearson(r: number): string {
  // Avoids "-0,000" when a tiny negative r rounds to zero.
  return threeDecimals.format(Math.abs(r) < 0.0005 ? 0 : r);
}

const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** "1 ponto de dados" / "1.234 pontos de dados" */
export function formatPointCount(n: number): string {
  return `${integerFormat.format(n)} ${n === 1 ? 'ponto' : 'pontos'} de dados`;
}

/** A value of a numeric variable in its unit, for tooltips. */
export function formatVariableValue(key: NumericVariable, value: number): string {
  // The label next to it carries the unit ("Severidade (%)"); a plot mean gets two decimals.
  if (isAssessmentKey(key)) return formatNumber(value, 2);
  switch (key) {
    case 'produtividade_media':
    case 'tratamento_produtividade':
      return formatKgHa(value);
    case 'tratamento_custo':
      return formatBRL(value);
    default:
      return formatFieldValue(EXPERIMENT_FIELDS[key], value);
  }
}

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Short axis ticks: "2024" for years, "12,5 mil" for large values, "3,2" otherwise. */
export function formatAxisTick(key: NumericVariable | null, value: number): string {
  if (!Number.isFinite(value)) return '';
  if (key === 'ano') return String(Math.round(value));
  return Math.abs(value) >= 10_000 ? compact.format(value) : formatNumber(value, 1);
}

/** The experiment behind a point: its id (to open it), a name for tooltips and its crop. */
export interface ExperimentRef {
  id: number;
  /** "Alfa Agro · Rio Verde/GO · 2025" */
  nome: string;
  cultura: string;
}

/** The experiment at index `e` of the dataset's columns, or null when there is none. */
export function experimentRef(data: CorrelationDataset, e: number): ExperimentRef | null {
  const ex = data.experimentos;
  const id = ex.id[e];
  if (id === undefined) return null;
  const consultoria = (ex.consultoria[e] ?? '').trim();
  const cidade = (ex.cidade[e] ?? '').trim();
  const estado = (ex.estado[e] ?? '').trim();
  const local = cidade && estado ? `${cidade}/${estado}` : cidade || estado;
  const ano = ex.ano[e];
  const nome = [consultoria || `Experimento nº ${id}`, local, ano === null || ano === undefined ? '' : String(ano)]
    .filter(Boolean)
    .join(' · ');
  return { id, nome, cultura: (ex.cultura[e] ?? '').trim() };
}

/** One point of the "Linha" chart: the mean Y of every point at this X. */
export interface LinePoint {
  x: number;
  y: number;
  /** Points averaged here. */
  n: number;
  /** Their experiment when they all come from one (then a click opens it), else null. */
  e: number | null;
}

/**
 * The "Linha" series: sorted by X, one vertex per distinct X holding the mean of its Y. Joining raw
 * points sorted by X alone still draws a sawtooth wherever X repeats (years, a clay content shared
 * by several trials): the line would run up and down through every value of one X before moving on.
 */
export function lineSeries(points: readonly CorrelationPoint[]): LinePoint[] {
  const byX = new Map<number, { sum: number; n: number; e: number | null }>();
  for (const p of points) {
    if (typeof p.x !== 'number' || typeof p.y !== 'number') continue;
    const g = byX.get(p.x);
    if (g) {
      g.sum += p.y;
      g.n += 1;
      if (g.e !== p.e) g.e = null;
    } else byX.set(p.x, { sum: p.y, n: 1, e: p.e });
  }
  return [...byX].map(([x, g]) => ({ x, y: g.sum / g.n, n: g.n, e: g.e })).sort((a, b) => a.x - b.x);
}

/** The least-squares line y = intercept + slope · x over the numeric points, with Pearson's r and its p. */
export interface Trend {
  slope: number;
  intercept: number;
  r: number;
  n: number;
  /** Two-sided p of H0: ρ = 0, from Student's t with n − 2 degrees of freedom (R's cor.test); null below 3 points. */
  p: number | null;
  /** The X range the line is drawn over. */
  xMin: number;
  xMax: number;
}

/**
 * Ordinary least squares of Y on X, or null when it cannot be fitted (fewer than 2 numeric pairs,
 * or X or Y constant). t = r·√((n − 2)/(1 − r²)); |r| = 1 gives p = 0. Checked against R's cor.test
 * and lm (tests/fixtures/correlation/cor-test.R).
 */
export function leastSquares(points: readonly Pick<CorrelationPoint, 'x' | 'y'>[]): Trend | null {
  const { xs, ys } = numericPairs(points);
  const n = xs.length;
  const r = pearson(xs, ys);
  if (r === null) return null;
  const { sxx, sxy } = centeredSums(xs, ys);
  let mx = 0;
  let my = 0;
  let xMin = Infinity;
  let xMax = -Infinity;
  // A loop, not Math.min(...xs): spreading 100,000 arguments overflows the stack.
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    mx += x;
    my += ys[i]!;
    if (x < xMin) xMin = x;
    if (x > xMax) xMax = x;
  }
  mx /= n;
  my /= n;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r, n, p: pearsonP(r, n), xMin, xMax };
}

const threeSignificant = new Intl.NumberFormat('pt-BR', { maximumSignificantDigits: 3 });

/** "p < 0,001" / "p = 0,023" / "p = 0,2" */
export function formatPValue(p: number): string {
  if (p < 0.001) return 'p < 0,001';
  return `p = ${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(p)}`;
}

/** "y = 20,1·x + 2.796" in pt-BR numbers, three significant digits. */
export function formatTrendEquation(t: Pick<Trend, 'slope' | 'intercept'>): string {
  const slope = threeSignificant.format(t.slope);
  const b = Math.abs(t.intercept) < 1e-12 ? 0 : t.intercept;
  const sign = b < 0 ? '−' : '+';
  return `y = ${slope}·x ${sign} ${threeSignificant.format(Math.abs(b))}`;
}

/** "significativa (5%)" when p < 0,05. */
export function trendSignificance(p: number | null): string {
  if (p === null) return 'poucos pontos para testar';
  return p < 0.05 ? 'significativa a 5%' : 'não significativa a 5%';
}

/** Label of the crop group that gathers the crops beyond the palette. */
export const OTHER_CROPS = 'Outras culturas';

/**
 * A colour per crop for "colorir por cultura": the seven most frequent crops (ties by name) take the
 * palette's first seven colours; the rest share the eighth (slate) as "Outras culturas".
 */
export function cropColors(crops: readonly string[]): { cultura: string; color: string }[] {
  const counts = new Map<string, number>();
  for (const c of crops) counts.set(c, (counts.get(c) ?? 0) + 1);
  const ordered = [...counts].sort((a, b) => b[1] - a[1] || compareCategories(a[0], b[0])).map(([c]) => c);
  const own = ordered.length > PALETTE_8.length ? PALETTE_8.length - 1 : ordered.length;
  const out = ordered.slice(0, own).map((cultura, i) => ({ cultura, color: PALETTE_8[i]! }));
  if (ordered.length > own) out.push({ cultura: OTHER_CROPS, color: PALETTE_8[PALETTE_8.length - 1]! });
  return out;
}

/**
 * The dataset's crops with their number of experiments, the most common first (ties by name).
 * The explorer looks at one crop at a time by default (one Pearson r over twelve crops
 * mostly measured how far apart the crops' yields are).
 */
export function cropsOf(data: CorrelationDataset): { cultura: string; n: number }[] {
  const counts = new Map<string, number>();
  for (const c of data.experimentos.cultura) {
    const name = (c ?? '').trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([cultura, n]) => ({ cultura, n })).sort((a, b) => b.n - a.n || collator.compare(a.cultura, b.cultura));
}

/** The points whose experiment is of `crop` (null: every point). */
export function pointsOfCrop(data: CorrelationDataset, points: readonly CorrelationPoint[], crop: string | null): CorrelationPoint[] {
  if (crop === null) return [...points];
  const crops = data.experimentos.cultura;
  return points.filter((p) => (crops[p.e] ?? '').trim() === crop);
}
