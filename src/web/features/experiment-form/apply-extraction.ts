/**
 * How an extraction meets the form (docs/product-rules.md#extractor-screen): a field the form has empty
 * is filled from the report; a field where the form already holds a different value is the user's
 * choice (the form's value by default); a value the report did not give is never blanked.
 */
import { novaChave } from '../../../shared/assessments.js';
import {
  controlFirst,
  EXTRACTED_FIELDS,
  type ExtractedAssessment,
  type ExtractedData,
  type ExtractedTreatment,
} from '../../../shared/extraction.js';
import { EXPERIMENT_FIELDS, TREATMENT_FIELDS } from '../../../shared/fields/catalogue.js';
import { type Field, formatFieldValue, isNumeric } from '../../../shared/fields/kinds.js';
import { formatKgHa } from '../../../shared/format.js';
import type { ExtractionChoices, ExtractionConflict } from '../../lib/extraction-review.js';
import {
  type AvaliacaoForm,
  type FormValues,
  type ProdutoForm,
  type TratamentoForm,
  newExperimentDefaults,
  newProduct,
  newTreatment,
  withBlocks,
} from './form-values.js';

type ScalarField = Exclude<keyof ExtractedData, 'tratamentos' | 'avaliacoes'>;

export interface ExtractionPlan {
  /** Fields empty in the form that the report gives. */
  fills: ScalarField[];
  /** Fields (and the treatment list, as `tratamentos`) where both have a value and they differ. */
  conflicts: ExtractionConflict[];
  /**
   * keep: the report has no treatments; take: the form has none with content, the report's list is
   * used; merge: both agree, the form's blanks are filled; conflict: the user chooses.
   */
  treatments: 'keep' | 'take' | 'merge' | 'conflict';
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Trimmed, spaces collapsed, case and accents ignored. */
const normal = (v: unknown) => String(v).normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The number a form value stands for (typed text included), null when empty, NaN when unreadable. */
function numberOf(f: Field, v: unknown): number | null {
  if (blank(v)) return null;
  if (typeof v === 'number') return v;
  const parsed = 'schema' in f ? f.schema.safeParse(v) : undefined;
  if (!parsed?.success) return Number.NaN;
  return typeof parsed.data === 'number' ? parsed.data : null;
}

/** Equal within half the field's last decimal place (3.2 and 3.20 are one value). */
function sameNumber(a: number, b: number, decimals: number) {
  return Math.abs(a - b) < 0.5 * 10 ** -decimals + Number.EPSILON * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The report's value for a field, when it is one the form can hold. */
function extractedValue(name: ScalarField, data: ExtractedData): string | number | undefined {
  const v = data[name];
  if (blank(v)) return undefined;
  const f: Field = EXPERIMENT_FIELDS[name];
  if (isNumeric(f)) return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  if (f.kind === 'choice' && !f.options.includes(String(v))) return undefined;
  return String(v).trim();
}

const validModalidade = (m: string | undefined): m is string =>
  Boolean(m) && (TREATMENT_FIELDS.modalidade.options as readonly string[]).includes(m!);

/** A treatment row the user has put something in (the control's preset name alone is not content). */
function hasContent(t: TratamentoForm, i: number): boolean {
  const nome = t.nome.trim();
  return (
    (nome !== '' && !(i === 0 && nome === 'Testemunha')) ||
    !blank(t.modalidade) ||
    [t.produtividade, t.custo].some((v) => !blank(v) && Number(v) !== 0) ||
    (t.repeticoes ?? []).some((v) => !blank(v)) ||
    t.produtos_aplicados.length > 0 ||
    t.analises_adicionais.length > 0
  );
}

const prodNumber = (v: unknown) => numberOf(TREATMENT_FIELDS.produtividade, v);

/** Whether the report's list says nothing that contradicts the form's rows (row by row). */
function treatmentsAgree(form: readonly TratamentoForm[], report: readonly ExtractedTreatment[]): boolean {
  if (report.length > form.length) return false;
  return report.every((t, i) => {
    const mine = form[i]!;
    if (t.nome && normal(t.nome) !== normal(mine.nome)) return false;
    if (validModalidade(t.modalidade) && !blank(mine.modalidade) && t.modalidade !== mine.modalidade) return false;
    const p = prodNumber(mine.produtividade);
    return (
      t.produtividade === undefined || p === null || p === 0 || sameNumber(p, t.produtividade, TREATMENT_FIELDS.produtividade.decimals)
    );
  });
}

/** An assessment's identity for matching: name, unit, date and stage, compared as `normal` does. */
const assessmentKey = (a: { nome: string; unidade: string; data?: string | null; estadio?: string | null }) =>
  [a.nome, a.unidade, a.data ?? '', a.estadio ?? ''].map(normal).join('|');

/**
 * The form's assessments with the report's added: one the form already declares (same name, unit,
 * date and stage) is kept as the user wrote it, a new one gets a key the form does not use. Also
 * each report key's key in the form, for the treatments' values.
 */
function mergeAssessments(
  form: readonly AvaliacaoForm[],
  report: readonly ExtractedAssessment[],
): { avaliacoes: AvaliacaoForm[]; keys: Map<string, string> } {
  const avaliacoes = [...form];
  const keys = new Map<string, string>();
  for (const a of report) {
    if (!a.nome?.trim()) continue;
    const same = avaliacoes.find((f) => assessmentKey(f) === assessmentKey(a));
    if (same) {
      keys.set(a.chave, same.chave);
      continue;
    }
    const chave = novaChave(
      a.nome,
      avaliacoes.map((f) => f.chave),
    );
    avaliacoes.push({
      chave,
      nome: a.nome.trim(),
      unidade: a.unidade ?? '',
      tipo: a.tipo,
      data: a.data ?? '',
      estadio: a.estadio ?? '',
      alvo: a.alvo ?? '',
      escala_min: a.tipo === 'nota' ? a.escala_min : null,
      escala_max: a.tipo === 'nota' ? a.escala_max : null,
    });
    keys.set(a.chave, chave);
  }
  return { avaliacoes, keys };
}

/**
 * A row's assessment values with the report's added under the form's keys; values the user typed
 * for an assessment stay. The report gives each treatment's mean, one value.
 */
function withReportValues(row: TratamentoForm, t: ExtractedTreatment, keys: ReadonlyMap<string, string>): TratamentoForm {
  const observacoes: Record<string, (number | string | null)[]> = { ...(row.observacoes ?? {}) };
  let added = false;
  for (const [reportKey, values] of Object.entries(t.observacoes ?? {})) {
    const chave = keys.get(reportKey);
    const numbers = values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : ''));
    if (!chave || !numbers.some((v) => v !== '')) continue;
    if ((observacoes[chave] ?? []).some((v) => !blank(v))) continue;
    observacoes[chave] = numbers;
    added = true;
  }
  return added ? { ...row, observacoes } : row;
}

/**
 * The report's treatments, each keeping what the form's row of the same position has and the
 * report lacks (modality, yield, cost, products, analyses); form rows beyond the report's stay.
 * `keys` puts the report's assessment values under the form's assessment keys.
 */
function reportTreatments(
  form: readonly TratamentoForm[],
  report: readonly ExtractedTreatment[],
  keys: ReadonlyMap<string, string> = new Map(),
): TratamentoForm[] {
  // Plot tables come along only when every treatment has the same number of blocks; otherwise
  // every row keeps the form's number of blocks.
  const counts = new Set(report.map((t) => t.repeticoes?.length ?? 0));
  const reportBlocks = counts.size === 1 ? [...counts][0]! : 0;
  const blocks = reportBlocks >= 2 ? reportBlocks : (form[0]?.repeticoes?.length ?? 0);
  const rows = report.map((t, i): TratamentoForm => {
    const base = form[i] ?? newTreatment(i === 0);
    const typed = hasContent(base, i);
    const row: TratamentoForm = withReportValues(
      {
        ...base,
        nome: t.nome?.trim() || base.nome,
        modalidade: validModalidade(t.modalidade) ? t.modalidade : base.modalidade,
        produtividade: t.produtividade ?? (typed ? base.produtividade : ''),
        // The report's products, unless the row already lists some.
        produtos_aplicados: base.produtos_aplicados.length ? base.produtos_aplicados : reportProducts(t),
      },
      t,
      keys,
    );
    // withBlocks also gives each assessment one input per block (the report's mean in the first).
    return reportBlocks >= 2 ? withBlocks({ ...row, repeticoes: [...t.repeticoes!] }, reportBlocks) : withBlocks(row, blocks);
  });
  const beyond = form.slice(report.length).filter((t, i) => hasContent(t, i + report.length));
  return [...rows, ...beyond.map((t) => withBlocks(t, blocks))];
}

/** The products a report's treatment applied, as the form's product rows (cost left to the user). */
function reportProducts(t: ExtractedTreatment): ProdutoForm[] {
  return (t.produtos_aplicados ?? [])
    .filter((p) => typeof p.nome === 'string' && p.nome.trim() !== '')
    .map((p) => ({
      ...newProduct(),
      nome: p.nome.trim(),
      dose: typeof p.dose === 'number' && Number.isFinite(p.dose) && p.dose >= 0 ? p.dose : null,
      unidade: p.unidade?.trim() ?? '',
    }));
}

const count = (n: number) => `${n} ${n === 1 ? 'tratamento' : 'tratamentos'}`;

function describeForm(rows: readonly TratamentoForm[]): string {
  const named = rows.filter((t, i) => hasContent(t, i));
  return `${count(named.length)}: ${named.map((t) => [t.nome.trim() || 'sem nome', t.modalidade].filter(Boolean).join(' · ')).join('; ')}`;
}

function describeReport(rows: readonly ExtractedTreatment[]): string {
  const one = (t: ExtractedTreatment) =>
    [
      t.nome || 'sem nome',
      validModalidade(t.modalidade) ? t.modalidade : '',
      t.produtividade !== undefined ? formatKgHa(t.produtividade) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  return `${count(rows.length)}: ${rows.map(one).join('; ')}`;
}

/**
 * What confirming `data` would do to the form. A field is empty when blank, or, with `pristine`
 * (a new experiment's defaults unless told otherwise), still at the value the form started with:
 * the year preset or a 0 nobody typed is not the user's answer.
 */
export function planExtraction(
  current: FormValues,
  data: ExtractedData,
  pristine: Partial<FormValues> | null = newExperimentDefaults(),
): ExtractionPlan {
  const fills: ScalarField[] = [];
  const conflicts: ExtractionConflict[] = [];
  const values = current as Partial<Record<string, unknown>>;
  const starts = (pristine ?? {}) as Partial<Record<string, unknown>>;
  for (const name of EXTRACTED_FIELDS) {
    if (name === 'tratamentos') continue;
    const found = extractedValue(name, data);
    if (found === undefined) continue;
    const f: Field = EXPERIMENT_FIELDS[name];
    const mine = values[name];
    const untouched = pristine !== null && name in starts && mine === starts[name];
    if (isNumeric(f)) {
      const n = numberOf(f, mine);
      if (n === null || untouched) fills.push(name);
      else if (Number.isNaN(n) || !sameNumber(n, found as number, f.decimals)) {
        conflicts.push({
          field: name,
          label: f.label,
          current: Number.isNaN(n) ? String(mine) : formatFieldValue(f, n),
          extracted: formatFieldValue(f, found),
        });
      }
    } else if (blank(mine) || untouched) fills.push(name);
    else if (normal(mine) !== normal(found))
      conflicts.push({ field: name, label: f.label, current: String(mine).trim(), extracted: String(found) });
  }

  const report = controlFirst(data.tratamentos ?? []);
  let treatments: ExtractionPlan['treatments'] = 'keep';
  if (report.length) {
    if (!current.tratamentos.some(hasContent)) treatments = 'take';
    else if (treatmentsAgree(current.tratamentos, report)) treatments = 'merge';
    else {
      treatments = 'conflict';
      conflicts.push({
        field: 'tratamentos',
        label: EXPERIMENT_FIELDS.tratamentos.label,
        current: describeForm(current.tratamentos),
        extracted: describeReport(report),
      });
    }
  }
  return { fills, conflicts, treatments };
}

/** The form's values after confirming `data`, with `choices` deciding each conflict (default: the form's). */
export function applyExtraction(
  current: FormValues,
  data: ExtractedData,
  choices: ExtractionChoices = {},
  pristine: Partial<FormValues> | null = newExperimentDefaults(),
): FormValues {
  const plan = planExtraction(current, data, pristine);
  const next: FormValues = { ...current };
  // Written by name over the catalogue; extractedValue has checked each value against its field's kind.
  const fields = next as Record<string, unknown>;
  const taken = [
    ...plan.fills,
    ...plan.conflicts.flatMap((c) => (c.field !== 'tratamentos' && choices[c.field] === 'report' ? [c.field] : [])),
  ];
  for (const name of taken) fields[name] = extractedValue(name, data);
  const useReport =
    plan.treatments === 'take' || plan.treatments === 'merge' || (plan.treatments === 'conflict' && choices.tratamentos === 'report');
  if (useReport) {
    // The report's assessments come with its treatments, whose rows hold their values.
    const { avaliacoes, keys } = mergeAssessments(current.avaliacoes, data.avaliacoes ?? []);
    next.avaliacoes = avaliacoes;
    next.tratamentos = reportTreatments(current.tratamentos, controlFirst(data.tratamentos ?? []), keys);
  }
  return next;
}
