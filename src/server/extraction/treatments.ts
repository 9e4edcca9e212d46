/**
 * Treatments of a report: every reader proposes a whole list (each results table with yields —
 * results-tables.ts —, cards under T-codes, a transposed table, labels of a bar chart, the methods'
 * descriptions, sentences of the results), each joined to the treatment descriptions of the methods
 * section by T-code, number, name or order; `chooseTreatments` (treatment-choice.ts) takes one.
 */
import type { ExtractedAssessment, ExtractedProduct } from '../../shared/extraction.js';
import { type AssessmentHeader, keyAssessments } from './assessments.js';
import { findBoxMass, round, YIELD_FACTORS, type YieldScale, type YieldUnit } from './numbers.js';
import type { TextLine } from './pdf-text.js';
import type { CompiledReference } from './reference.js';
import { catalogueProduct, findDose } from './applied-products.js';
import { findResultsTables, type ResultsTable } from './results-tables.js';
import {
  chooseTreatments,
  type ChosenTreatments,
  type TreatmentCandidate,
  type TreatmentReader,
  TYPICAL_KG_HA,
} from './treatment-choice.js';
import {
  findBarLabels,
  findCards,
  findColumnBars,
  findDescriptionTables,
  findProseTreatments,
  findProseYields,
  findTreatmentList,
  findTransposedTable,
  findTreatmentSentence,
  type Stated,
} from './treatment-sources.js';
import {
  cleanTreatmentName,
  type Described,
  descriptionText,
  isControl,
  type Modalidade,
  modesNamedIn,
  normalizeModalidade,
} from './treatment-text.js';
import { escapeRegExp, fold, isBlankCell, key } from './text.js';

/** The description a treatment was joined with (its text names its products and doses). */
const joined = new WeakMap<ExtractedTreatment, string>();

/** The text of the description (methods list, table row, sentence) a treatment was joined with. */
export const describedBy = (t: { nome: string }): string | undefined => joined.get(t as ExtractedTreatment);

/** What a results table's dose column says for a treatment ("0,2 L/100 kg", "0,5 + 1,0"), with the header's unit. */
const dosed = new WeakMap<ExtractedTreatment, string>();

/** The text of a treatment's cell in its results table's dose column, if the table has one. */
export const doseColumnOf = (t: { nome: string }): string | undefined => dosed.get(t as ExtractedTreatment);

function remember(t: ExtractedTreatment, desc: Described | undefined): ExtractedTreatment {
  const text = desc ? descriptionText(desc) : undefined;
  if (text) joined.set(t, text);
  return t;
}

export { cleanTreatmentName, isControl, normalizeModalidade, stripProducts, type Modalidade } from './treatment-text.js';
export { findTreatmentList, findTreatmentSentence } from './treatment-sources.js';
export { findResultsTables, headerRole } from './results-tables.js';

export interface ExtractedTreatment {
  nome: string;
  /** One of MODALIDADES, or '' when the report does not say (a control without application). */
  modalidade: string;
  /** What the treatment applied (applied-products.ts fills it after the treatments are read). */
  produtos_aplicados?: ExtractedProduct[];
  /** kg/ha; the mean of `repeticoes` when the report gives yields per block. */
  produtividade?: number;
  /** Yield of each block/replicate, kg/ha. */
  repeticoes?: number[];
  /** The treatment's mean per assessment key of the result's `avaliacoes` (one value: reports give means). */
  observacoes?: Record<string, (number | null)[]>;
}

export interface TreatmentsResult {
  tratamentos: ExtractedTreatment[];
  /** 0–1: how sure the table reading is (units stated, every row with a yield…). */
  confidence: number;
  warnings: string[];
  /** The crop-independent unit found, for callers that check plausibility. */
  unit: YieldUnit | null;
  /** Where the yields (or, without yields, the treatments) were read: a table's header line or a sentence. */
  evidence?: { page: number; snippet: string };
  /** Assessments the results table reports beside the yield; each treatment's `observacoes` holds its means. */
  avaliacoes?: ExtractedAssessment[];
  /** Where the assessments were read: the header of the results table holding their columns. */
  assessmentsEvidence?: { page: number; snippet: string };
  /** Every reading of the treatments weighed, best first (for tests and diagnosis). */
  readings?: ChosenTreatments['readings'];
}

/* ---------- assembling ---------- */

function guessUnit(values: number[], cultura: string | null): YieldUnit | null {
  if (values.length === 0) return null;
  const typical = cultura ? TYPICAL_KG_HA[key(cultura)] : undefined;
  const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const candidates: YieldUnit[] = ['kg/ha', 'sc/ha', 't/ha'];
  if (typical) {
    const fit = candidates.find((u) => {
      const v = median * YIELD_FACTORS[u];
      return v >= typical[0] && v <= typical[1];
    });
    if (fit) return fit;
  }
  // Without a crop: hundreds to thousands are kg/ha; tens are sacks for grains.
  if (median >= 500) return 'kg/ha';
  if (median >= 15 && median < 500) return 'sc/ha';
  return null;
}

/** The description of a result row: same code, else same name, else same place when counts agree. */
function joinDescription(
  row: { id: number | null; nome: string },
  index: number,
  count: number,
  described: Described[],
  used: Set<Described>,
): Described | undefined {
  const free = described.filter((d) => !used.has(d));
  const byId = row.id !== null ? free.find((d) => d.id === row.id) : undefined;
  const found = byId ?? matchByName(row.nome, free) ?? (described.length === count ? described[index] : undefined);
  if (found) used.add(found);
  return found;
}

function matchByName(name: string, described: Described[]): Described | undefined {
  if (!name || described.length === 0) return undefined;
  const k = key(cleanTreatmentName(name).nome.replace(/\([^)]*\)/g, ''));
  if (!k) return undefined;
  const control = isControl(name);
  return (
    described.find((d) => key(d.nome) === k) ??
    described.find((d) => {
      const dk = key(d.nome.replace(/\([^)]*\)/g, ''));
      return dk.length >= 4 && (k.includes(dk) || dk.includes(k));
    }) ??
    (control ? described.find((d) => d.control) : undefined)
  );
}

/** Every description the report gives, the most structured first, one per treatment. */
function collectDescriptions(lines: TextLine[], flat: string, skip: Set<number>, c: CompiledReference) {
  const tables = findDescriptionTables(
    lines.filter((_, i) => !skip.has(i)),
    c,
  );
  // Indexes of `used` are those of the filtered lines; map them back.
  const kept = lines.map((_, i) => i).filter((i) => !skip.has(i));
  const skipAll = new Set(skip);
  for (const i of tables.used) skipAll.add(kept[i] ?? -1);
  const list = findTreatmentList(lines, skipAll, c);
  const sentence = tables.items.length === 0 && list.length === 0 ? findTreatmentSentence(flat, c) : [];
  // The table gives modes reliably; a list of the same treatments may add what it lacks.
  if (tables.items.length > 0) {
    for (const d of tables.items) {
      const twin = (d.id !== null ? list.find((l) => l.id === d.id) : undefined) ?? matchByName(d.nome, list);
      if (twin && !d.mode) d.mode = twin.mode;
    }
    return tables.items;
  }
  return list.length > 0 ? list : sentence;
}

function modeOf(text: string | null, c: CompiledReference): string | null {
  if (text === null) return null;
  return isBlankCell(text) ? '' : (normalizeModalidade(text, c) ?? '');
}

/** What every reader needs: the descriptions to join, the text for a box's mass, the reference. */
interface ReadContext {
  lines: TextLine[];
  prose: string;
  c: CompiledReference;
  cultura: string | null;
  described: Described[];
}

/** A name that is a dose and nothing else ("1,0 L ha-1", "250 mL/ha"). */
function isDoseAlone(name: string): boolean {
  const dose = findDose(name);
  return dose !== null && !/[A-Za-zÀ-ÿ]{2}/.test(fold(name).slice(0, dose.at) + fold(name).slice(dose.end));
}

/** A box of unstated mass: its yields cannot be put in kg/ha. */
const boxWithoutMass = (s: YieldScale | null) => s !== null && s.factor === null;

/** A results table's rows as treatments, with its unit (stated, or guessed from the values and the crop). */
function fromResultsTable(table: ResultsTable, ctx: ReadContext): TreatmentCandidate {
  const warnings: string[] = [];
  let prior = 0.95;
  const rawValues = table.rows.flatMap((r) => (r.reps.length > 0 ? r.reps : r.value !== null ? [r.value] : []));
  let scale = table.unit ?? table.rows.find((r) => r.cellUnit)?.cellUnit ?? null;
  if (boxWithoutMass(scale)) scale = withMass(scale, ctx.prose);
  if (!scale) {
    const guessed = guessUnit(rawValues, ctx.cultura);
    if (guessed) {
      warnings.push(`Unidade de produtividade não informada na tabela; valores interpretados como ${guessed}. Confira.`);
      prior -= 0.25;
    } else {
      warnings.push('Unidade de produtividade não identificada; valores mantidos como estão. Confira.');
      prior -= 0.4;
    }
    const unit = guessed ?? 'kg/ha';
    scale = { label: unit, unit, factor: YIELD_FACTORS[unit], at: 0 };
  }
  const used = new Set<Described>();
  const tableScale = scale;
  const tratamentos = table.rows.map((row, index) => {
    const factor = (row.cellUnit ?? tableScale).factor;
    const desc = joinDescription(row, index, table.rows.length, ctx.described, used);
    const cleaned = cleanTreatmentName(row.nome, ctx.c);
    if (!cleaned.nome && !desc) prior -= 0.1;
    // A row named by its dose alone ("T2 – 1,0 L ha-1") is the described treatment of that code.
    const own = desc && isDoseAlone(cleaned.nome) ? '' : cleaned.nome;
    const nome = (own || desc?.nome || (row.id !== null ? `T${row.id}` : `Tratamento ${index + 1}`)).replace(/\s+/g, ' ').trim();
    // The mode column when there is one ("-" there means none, as for a control); otherwise
    // a mode written with the name, or the one the treatment's description gives.
    const modalidade = modeOf(row.modeText, ctx.c) || normalizeModalidade(row.nome, ctx.c) || desc?.mode || '';
    const t: ExtractedTreatment = remember({ nome, modalidade }, desc);
    if (row.doseText) dosed.set(t, row.doseText);
    if (factor === null) return t;
    // Blocks whose mean is not the row's yield are in another unit (kg per plot beside kg/ha).
    const repMean = row.reps.reduce((s, v) => s + v, 0) / Math.max(1, row.reps.length);
    const repsAgree = row.value === null || row.reps.includes(row.value) || Math.abs(repMean - row.value) <= Math.abs(row.value) * 0.02;
    if (row.reps.length >= 2 && repsAgree) {
      t.repeticoes = row.reps.map((v) => round(v * factor, 3));
      t.produtividade = round(t.repeticoes.reduce((s, v) => s + v, 0) / t.repeticoes.length, 3);
    } else if (row.value !== null) {
      t.produtividade = round(row.value * factor, 3);
    }
    return t;
  });
  return {
    reader: 'tabela',
    tratamentos,
    ids: table.rows.map((r) => r.id),
    identities: tratamentos.map((t, i) => `${t.nome} ${table.rows[i]?.doseText ?? ''}`),
    scale,
    prior,
    evidence: { page: table.page, snippet: table.snippet },
    warnings,
    modeColumn: table.hasModeColumn,
    table,
  };
}

/** Treatments laid out by code (cards, a transposed table, a chart's labels), joined to their descriptions. */
function fromLaidOut(
  reader: TreatmentReader,
  laid: { items: Stated[]; page: number; snippet: string } | null,
  ctx: ReadContext,
): TreatmentCandidate[] {
  if (!laid) return [];
  const used = new Set<Described>();
  const items = laid.items.map((item) => (boxWithoutMass(item.scale) ? { ...item, scale: withMass(item.scale, ctx.prose) } : item));
  return [
    {
      reader,
      tratamentos: items.map((item, index) => fromStated(item, joinDescription(item, index, items.length, ctx.described, used))),
      ids: items.map((item) => item.id),
      scale: items.find((i) => i.scale)?.scale ?? null,
      prior: 0.8,
      evidence: { page: laid.page, snippet: laid.snippet },
      warnings: [],
      modeColumn: false,
      table: null,
    },
  ];
}

/** The methods' descriptions, with the yields they state or sentences of the results state. */
function fromDescriptions(ctx: ReadContext): TreatmentCandidate[] {
  const { described } = ctx;
  if (described.length === 0) return [];
  const stated = described.some((d) => d.value !== null)
    ? null
    : findProseYields(
        ctx.lines,
        described.map((d) => ({ ...d, text: descriptionText(d) })),
      );
  const first = described[0];
  const evidence = stated
    ? { page: stated.page, snippet: stated.snippet }
    : first?.snippet
      ? { page: first.page ?? 1, snippet: first.snippet }
      : undefined;
  return [
    {
      reader: 'descricoes',
      tratamentos: described.map((d, index) => {
        const found = stated?.values.get(index);
        const s = found?.scale ?? d.scale;
        return fromStated({ ...d, value: found?.value ?? d.value, scale: boxWithoutMass(s) ? withMass(s, ctx.prose) : s }, d);
      }),
      ids: described.map((d) => d.id),
      identities: described.map((d) => descriptionText(d) ?? d.nome),
      scale: stated?.values.values().next().value?.scale ?? described.find((d) => d.scale)?.scale ?? null,
      prior: stated ? 0.75 : 0.7,
      ...(evidence ? { evidence } : {}),
      warnings: [],
      modeColumn: false,
      table: null,
    },
  ];
}

/** Treatments and yields told in sentences of the results. */
function fromProse(ctx: ReadContext): TreatmentCandidate[] {
  const told = findProseTreatments(ctx.prose, ctx.c);
  if (!told) return [];
  const first = ctx.lines.find((l) => fold(l.text).includes(fold(told.snippet).slice(0, 30)));
  return [
    {
      reader: 'frases',
      tratamentos: told.items.map((item) => fromStated(item, undefined)),
      ids: told.items.map(() => null),
      scale: told.items.find((i) => i.scale)?.scale ?? null,
      prior: 0.7,
      evidence: { page: first?.page ?? 1, snippet: told.snippet },
      warnings: [],
      modeColumn: false,
      table: null,
    },
  ];
}

export function extractTreatments(lines: TextLine[], prose: string, c: CompiledReference, cultura: string | null): TreatmentsResult {
  const found = findResultsTables(lines);
  const yieldTables = found.filter((t) => t.yields);
  const skip = new Set<number>();
  for (const t of yieldTables) for (let i = t.headerLine; i <= t.lastLine; i++) skip.add(i);
  const ctx: ReadContext = { lines, prose, c, cultura, described: collectDescriptions(lines, prose, skip, c) };
  const candidates = [
    ...yieldTables.map((t) => fromResultsTable(t, ctx)),
    ...fromLaidOut('cartoes', findCards(lines, c), ctx),
    ...fromLaidOut('tabela transposta', findTransposedTable(lines, c), ctx),
    ...fromLaidOut('rotulos de barras', findBarLabels(lines, c), ctx),
    ...fromLaidOut('colunas de barras', findColumnBars(lines, c), ctx),
    ...fromDescriptions(ctx),
    ...fromProse(ctx),
  ];
  const known = (nome: string) => isControl(nome) || catalogueProduct(nome, c) !== null || matchByName(nome, ctx.described) !== undefined;
  const chosen = chooseTreatments(candidates, cultura, ctx.described.length, known);
  if (!chosen) return { tratamentos: [], confidence: 0, warnings: [], unit: null };
  const { tratamentos, ids } = chosen;
  const warnings = [...chosen.warnings];
  // Assessments beside the yields, and in tables of their own joined to the treatments.
  const assessed = assessTables(
    chosen.table,
    found.filter((t) => !t.yields),
    tratamentos,
    ids,
  );
  if (boxWithoutMass(chosen.scale)) {
    warnings.push('Produtividade em caixas sem a massa da caixa informada; converta para kg/ha e preencha manualmente.');
  }
  if (!chosen.modeColumn) modesFromMentions(tratamentos, ids, prose, c);
  // Nothing else said how: a product named for its route ("… Fósforo Foliar", "… TS") says it.
  for (const t of tratamentos) if (t.modalidade === '' && !isControl(t.nome)) t.modalidade = normalizeModalidade(t.nome) ?? '';

  // The control goes first, as the form and the comparisons expect.
  const controlAt = tratamentos.findIndex((t) => isControl(t.nome));
  if (controlAt > 0) tratamentos.unshift(...tratamentos.splice(controlAt, 1));

  const result: TreatmentsResult = {
    tratamentos,
    confidence: chosen.confidence,
    warnings,
    unit: chosen.unit,
    readings: chosen.readings,
    ...assessed,
  };
  if (chosen.evidence) result.evidence = chosen.evidence;
  return result;
}

/**
 * Which treatment each row of a table of assessments is: by code, else by name, else by place
 * when the counts agree (undefined: none).
 */
function rowsToTreatments(table: ResultsTable, tratamentos: ExtractedTreatment[], ids: (number | null)[]): (number | undefined)[] {
  const names = tratamentos.map((t) => key(t.nome));
  return table.rows.map((row, index) => {
    const byId = row.id !== null ? ids.findIndex((id) => id === row.id) : -1;
    if (byId >= 0) return byId;
    const k = key(cleanTreatmentName(row.nome).nome);
    const byName = k ? names.findIndex((n) => n === k || (n.length >= 4 && k.length >= 4 && (n.includes(k) || k.includes(n)))) : -1;
    if (byName >= 0) return byName;
    return table.rows.length === tratamentos.length ? index : undefined;
  });
}

/**
 * The assessments of the results table (its rows are the treatments, in order) and of tables of
 * assessments only, joined to the treatments; each treatment's mean goes in its `observacoes`. A
 * column with fewer than two values is a remark, not an assessment.
 */
function assessTables(
  main: ResultsTable | null,
  others: ResultsTable[],
  tratamentos: ExtractedTreatment[],
  ids: (number | null)[],
): Pick<TreatmentsResult, 'avaliacoes' | 'assessmentsEvidence'> {
  if (tratamentos.length === 0) return {};
  const columns: { header: string; assessment: AssessmentHeader; page: number; snippet: string; values: (number | null)[] }[] = [];
  const read = (table: ResultsTable, rowOf: (number | undefined)[]) => {
    table.assessments.forEach((a, i) => {
      const values: (number | null)[] = tratamentos.map(() => null);
      table.rows.forEach((row, r) => {
        const at = rowOf[r];
        if (at !== undefined && values[at] === null) values[at] = row.assessed[i] ?? null;
      });
      columns.push({ ...a, page: table.page, snippet: table.snippet, values });
    });
  };
  if (main)
    read(
      main,
      main.rows.map((_, r) => r),
    );
  for (const table of others) read(table, rowsToTreatments(table, tratamentos, ids));
  const kept = columns.filter((a) => a.values.filter((v) => v !== null).length >= 2);
  const first = kept[0];
  if (!first) return {};
  const avaliacoes = keyAssessments(
    kept.map((a) => a.assessment),
    kept.map((a) => a.values),
  );
  tratamentos.forEach((t, row) => {
    const observacoes: Record<string, (number | null)[]> = {};
    kept.forEach((a, i) => {
      const v = a.values[row];
      const chave = avaliacoes[i]?.chave;
      if (chave && v !== null && v !== undefined) observacoes[chave] = [v];
    });
    if (Object.keys(observacoes).length > 0) t.observacoes = observacoes;
  });
  // The header of the table they were read from, as printed (their names are what the review lists).
  return { avaliacoes, assessmentsEvidence: { page: first.page, snippet: first.snippet } };
}

/**
 * Modes a report tells apart from any list or table: right after a treatment is named by its
 * name or its code ("o tratamento 3 (…) foi aplicado nas sementes", "Produto X — via foliar em
 * V6"), before the clause ends or another treatment is named. Remarks in parentheses and the
 * treatments' own names (which may hold a mode word) are left out of the reading.
 */
export function modesFromMentions(tratamentos: ExtractedTreatment[], ids: (number | null)[], prose: string, c: CompiledReference): void {
  const missing = tratamentos.map((t, i) => (t.modalidade === '' && !isControl(t.nome) ? i : -1)).filter((i) => i >= 0);
  if (missing.length === 0) return;
  const text = fold(prose).replace(/\([^)]*\)/g, (m) => ' '.repeat(m.length));
  const sources = tratamentos.map((t, i) => {
    const words = key(t.nome).split(' ').filter(Boolean);
    const alts = words.length > 0 && key(t.nome).length >= 4 ? [words.map(escapeRegExp).join('[^a-z0-9]+')] : [];
    const id = ids[i];
    if (id !== null && id !== undefined) alts.push(`tratamento\\s+(?:n[o.]?\\s*)?${id}(?!\\d)`, `t\\s?${id}(?!\\d)`);
    return alts.length > 0 ? new RegExp(`(?<![a-z0-9])(?:${alts.join('|')})`, 'g') : null;
  });
  const mentions: { at: number; end: number; index: number }[] = [];
  sources.forEach((re, index) => {
    if (re) for (const m of text.matchAll(re)) mentions.push({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, index });
  });
  mentions.sort((a, b) => a.at - b.at);
  for (const index of missing) {
    for (const m of mentions.filter((x) => x.index === index)) {
      const other = mentions.find((x) => x.at >= m.end && x.index !== index);
      let window = text.slice(m.end, Math.min(m.end + 60, other?.at ?? Infinity));
      const stop = window.search(/[;.:](?:\s|$)/);
      if (stop >= 0) window = window.slice(0, stop);
      const mode = normalizeModalidade(window, c);
      if (mode) {
        (tratamentos[index] as ExtractedTreatment).modalidade = mode;
        break;
      }
    }
  }
  // No treatment told apart, and the methods say how the treatments were applied, the route right
  // after the verb ("os produtos foram aplicados via foliar", "as pulverizações foram realizadas via
  // foliar", "doses …, aplicadas no sulco de semeadura"): that is every treatment's mode.
  if (missing.every((i) => (tratamentos[i] as ExtractedTreatment).modalidade === '')) {
    const routes = new Set<string>();
    for (const sentence of text.split(/[.;](?:\s|$)/)) {
      if (!/(?<![a-z])(produtos?|tratamentos?|doses|pulverizacoes|aplicacoes)(?![a-z])/.test(sentence)) continue;
      for (const verb of sentence.matchAll(/(?<![a-z])(?:aplicad|realizad|pulverizad|feit)[oa]s?(?![a-z])/g)) {
        // The clause after the verb: one route ("via tratamento de sementes ou via foliar" is two).
        const after = sentence.slice((verb.index ?? 0) + verb[0].length);
        const clause = after.slice(0, Math.min(60, Math.max(30, after.search(/,|$/))));
        const alternatives = /\s(?:ou|e)\s+(?:via|no|na|nas|em)\s/.test(clause) && modesNamedIn(clause, c).size > 1;
        const route = normalizeModalidade(clause.slice(0, 30), c);
        if (alternatives) routes.add('*');
        else if (route) routes.add(route);
      }
    }
    const [route] = routes;
    if (routes.size === 1 && route && route !== '*') {
      // A product named for its route ("… Foliar", "… TS") keeps the route its name says.
      for (const i of missing) {
        const t = tratamentos[i] as ExtractedTreatment;
        t.modalidade = normalizeModalidade(t.nome) ?? route;
      }
      return;
    }
    const modes = new Set(
      text
        .split(/[.;](?:\s|$)/)
        .filter((sentence) => /(?<![a-z])(aplicad[oa]s?|aplicacao|aplicacoes|pulverizad[oa]s?)(?![a-z])/.test(sentence))
        .flatMap((sentence) => [...modesNamedIn(sentence, c)]),
    );
    const [only] = modes;
    if (modes.size === 1 && only) for (const i of missing) (tratamentos[i] as ExtractedTreatment).modalidade = only;
  }
}

/** A box scale completed with the box mass the document states elsewhere. */
function withMass(scale: YieldScale | null, prose: string): YieldScale | null {
  return scale ? { ...scale, factor: scale.factor ?? findBoxMass(prose) } : null;
}

/** A treatment from a card, a bar label or a description, completed by its description. */
function fromStated(item: Stated | Described, desc: Described | undefined): ExtractedTreatment {
  const nome = item.nome || desc?.nome || (item.id !== null ? `T${item.id}` : '');
  const mode: Modalidade | null = item.mode ?? desc?.mode ?? null;
  const t: ExtractedTreatment = remember({ nome, modalidade: isControl(nome) && !item.mode ? '' : (mode ?? '') }, desc);
  const factor = item.scale ? item.scale.factor : 1;
  if (item.value !== null && factor !== null) t.produtividade = round(item.value * factor, 3);
  return t;
}
