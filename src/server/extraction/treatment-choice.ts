/**
 * Stages 3 and 4 for the treatments, as for every scalar field: each reader (a results table, T-code
 * cards, a transposed table, bar labels, the methods' descriptions, sentences) proposes a whole
 * treatment list with its evidence and a prior; `chooseTreatments` weighs them. A list's score is
 * its prior times what it covers (treatments with a yield, more than one treatment, yields in a
 * plausible range, names that tell the treatments apart and that name a treatment), plus agreement with the other readers (the
 * same treatments with the same yields, the count the methods describe). A close contest between
 * two different lists lowers the confidence and says so.
 */
import type { YieldScale, YieldUnit } from './numbers.js';
import type { ResultsTable } from './results-tables.js';
import { isControl } from './treatment-text.js';
import { key } from './text.js';
import type { ExtractedTreatment } from './treatments.js';

/** Who read a list: named in the evidence and in the warning of a contest. */
export type TreatmentReader =
  'tabela' | 'cartoes' | 'tabela transposta' | 'rotulos de barras' | 'colunas de barras' | 'descricoes' | 'frases';

const READER_LABEL: Record<TreatmentReader, string> = {
  tabela: 'a tabela de resultados',
  cartoes: 'os quadros por tratamento',
  'tabela transposta': 'a tabela transposta',
  'rotulos de barras': 'os rótulos do gráfico',
  'colunas de barras': 'as colunas do gráfico',
  descricoes: 'a descrição dos tratamentos',
  frases: 'o texto dos resultados',
};

export interface TreatmentCandidate {
  reader: TreatmentReader;
  tratamentos: ExtractedTreatment[];
  /** Each treatment's code where the report gives one (joins assessments and modes). */
  ids: (number | null)[];
  /** What tells each treatment apart when names repeat (its dose cell, its description); its name when absent. */
  identities?: string[];
  scale: YieldScale | null;
  /** 0–1 before what the list covers: how much the reader is trusted (a unit it had to guess costs). */
  prior: number;
  evidence?: { page: number; snippet: string };
  warnings: string[];
  /** The reader saw a mode column: the report says each treatment's mode itself. */
  modeColumn: boolean;
  /** The results table read, for the assessments beside its yields. */
  table: ResultsTable | null;
}

export interface ChosenTreatments extends TreatmentCandidate {
  confidence: number;
  unit: YieldUnit | null;
  /** Every reading weighed, best first: who read it, how many treatments, its score. */
  readings: { reader: TreatmentReader; count: number; score: number }[];
}

/** Typical yields (kg/ha) of each crop: to guess a unit a table left out, and to weigh readings. */
export const TYPICAL_KG_HA: Record<string, [number, number]> = {
  soja: [1500, 7000],
  milho: [3000, 16000],
  algodao: [1500, 7000],
  feijao: [800, 5000],
  trigo: [1000, 7000],
  arroz: [3000, 12000],
  'cana de acucar': [40000, 200000],
  cafe: [600, 6000],
  uva: [5000, 60000],
  manga: [5000, 50000],
  batata: [10000, 70000],
  banana: [10000, 70000],
};

/** Any crop's yield in kg/ha lies here; outside, a unit was misread. */
const POSSIBLE_KG_HA: [number, number] = [50, 250_000];
/** Score gained per other reader agreeing on the same list (at most two count). */
const AGREEMENT_BONUS = 0.03;
/** Two different lists closer than this make the treatments uncertain. */
const CONTEST_MARGIN = 0.05;
const CONTEST_PENALTY = 0.1;

const yieldsOf = (c: TreatmentCandidate) => c.tratamentos.flatMap((t) => (t.produtividade === undefined ? [] : [t.produtividade]));

/** Whether a name is one a treatment has: the control, a catalogue product, a treatment the methods describe. */
export type KnownName = (nome: string) => boolean;

/** What a list is worth on its own, and the warnings it would carry if chosen. */
export function scoreCandidate(
  c: TreatmentCandidate,
  cultura: string | null,
  known: KnownName = () => true,
): { score: number; warnings: string[] } {
  const n = c.tratamentos.length;
  if (n === 0) return { score: 0, warnings: [] };
  const warnings = [...c.warnings];
  const yields = yieldsOf(c);
  let score = c.prior * (yields.length / n);
  if (yields.length < n) warnings.push('Alguns tratamentos estão sem produtividade. Confira a tabela de resultados.');
  if (n < 2) score *= 0.7;
  if (yields.some((v) => v < POSSIBLE_KG_HA[0] || v > POSSIBLE_KG_HA[1])) {
    warnings.push('Há produtividades fora da faixa esperada. Confira as unidades.');
    score *= 0.6;
  }
  // Within what is possible, yields far from the crop's usual ones are a weaker reading.
  const typical = cultura ? TYPICAL_KG_HA[key(cultura)] : undefined;
  if (typical && yields.length > 0) {
    const usual = yields.filter((v) => v >= typical[0] / 3 && v <= typical[1] * 2).length;
    score *= 0.9 + 0.1 * (usual / yields.length);
  }
  // Treatments are told apart by their names: repeated names are a misread list.
  const names = new Set(c.tratamentos.map((t, i) => key(c.identities?.[i] ?? t.nome)));
  score *= 0.8 + (0.2 * names.size) / n;
  // Names no treatment has (a heading, a chart's axis words) are a misread list.
  score *= 0.7 + (0.3 * c.tratamentos.filter((t) => known(t.nome)).length) / n;
  return { score, warnings };
}

/** Two readings of the same treatments: as many, and the same yields (within 1 %) where both have one. */
function agree(a: TreatmentCandidate, b: TreatmentCandidate): boolean {
  if (a.tratamentos.length !== b.tratamentos.length || a.tratamentos.length < 2) return false;
  let compared = 0;
  const same = a.tratamentos.every((t, i) => {
    const u = t.produtividade;
    const v = b.tratamentos[i]?.produtividade;
    if (u === undefined || v === undefined) return true;
    compared++;
    return Math.abs(u - v) <= Math.max(Math.abs(u), Math.abs(v)) * 0.01;
  });
  return same && compared >= 2;
}

/**
 * The best-supported list. `described` is how many treatments the methods describe (0: none);
 * a list of that many, with its control, gains a little.
 */
export function chooseTreatments(
  candidates: TreatmentCandidate[],
  cultura: string | null,
  described: number,
  known: KnownName = () => true,
): ChosenTreatments | null {
  const scored = candidates
    .filter((c) => c.tratamentos.length > 0)
    .map((c) => {
      const own = scoreCandidate(c, cultura, known);
      // Sentences name some treatments only: fewer than the methods describe, they have lost some.
      if (c.reader === 'frases' && described > c.tratamentos.length) own.score *= c.tratamentos.length / described;
      const agreeing = candidates.filter((o) => o !== c && o.reader !== c.reader && agree(c, o)).length;
      const counted = described > 0 && c.reader !== 'descricoes' && c.tratamentos.length === described ? 0.02 : 0;
      const controlled = c.tratamentos.filter((t) => isControl(t.nome)).length === 1 ? 0.01 : 0;
      const bonus = own.score > 0 ? AGREEMENT_BONUS * Math.min(2, agreeing) + counted + controlled : 0;
      return { c, own, score: own.score + bonus };
    })
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return null;
  const warnings = best.own.warnings;
  let confidence = best.own.score;
  const rival = scored.find((s) => s !== best && s.c.reader !== best.c.reader && !agree(best.c, s.c) && s.own.score > 0);
  if (rival && best.score - rival.score < CONTEST_MARGIN) {
    confidence -= CONTEST_PENALTY;
    warnings.push(`${capitalise(READER_LABEL[best.c.reader])} e ${READER_LABEL[rival.c.reader]} dão tratamentos diferentes. Confira.`);
  }
  return {
    ...best.c,
    warnings,
    confidence: Math.max(0, Math.min(1, confidence)),
    unit: best.c.scale?.unit ?? null,
    readings: scored.map((s) => ({ reader: s.c.reader, count: s.c.tratamentos.length, score: Math.round(s.score * 1000) / 1000 })),
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
