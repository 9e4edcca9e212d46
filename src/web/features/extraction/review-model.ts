/**
 * What the extraction review shows, apart from how it is drawn: each extracted field with its
 * catalogue label, its value formatted pt-BR, where it was found, and whether the user should
 * check it first (confidence below LOW_FIELD_CONFIDENCE). Low-confidence fields come first.
 */
import { rotuloAvaliacao, TIPO_AVALIACAO_LABEL } from '../../../shared/assessments.js';
import { type ExtractedData, type ExtractionResult, type FieldEvidence, LOW_FIELD_CONFIDENCE } from '../../../shared/extraction.js';
import { formatNumber } from '../../../shared/format.js';
import { experimentFields } from '../../../shared/fields/catalogue.js';
import { type Step, formatFieldValue } from '../../../shared/fields/kinds.js';

export type ScalarField = Exclude<keyof ExtractedData, 'tratamentos' | 'avaliacoes'>;

export interface ReviewRow {
  field: ScalarField;
  label: string;
  /** The value as shown, or undefined when the report did not give it. */
  value: string | undefined;
  evidence: FieldEvidence | undefined;
  /** Found with a confidence below LOW_FIELD_CONFIDENCE: the user checks it first. */
  check: boolean;
}

/** An assessment the report's results table gives, as the review lists it. */
export interface ReviewAssessment {
  chave: string;
  /** "Severidade (%) · 14 DAA". */
  label: string;
  /** "Porcentagem (0–100)", "Nota (escala) 1 a 9". */
  tipo: string;
  /** Each treatment's mean in pt-BR, in the treatments' order; undefined where the report gave none. */
  values: (string | undefined)[];
}

export interface ReviewSectionModel {
  title: string;
  rows: ReviewRow[];
}

export interface ReviewModel {
  /** Fields to check first, least sure first. */
  toCheck: ReviewRow[];
  /** The other fields by section (found or not), in the form's order. */
  sections: ReviewSectionModel[];
  /** Fields the report gave (only those present in `data`). */
  found: number;
  /** The treatment list's evidence and whether to check it first. */
  treatments: { evidence: FieldEvidence | undefined; check: boolean };
  /** The report gave no treatment with a yield (the reason the feature exists). */
  yieldsMissing: boolean;
  /** The assessments read beside the yields, their evidence and whether to check them first. */
  assessments: { list: ReviewAssessment[]; evidence: FieldEvidence | undefined; check: boolean };
}

const SECTIONS: { title: string; steps: readonly Step[] }[] = [
  { title: 'Informações Básicas', steps: [1, 4, 6] },
  { title: 'Localização e Solo', steps: [2, 3] },
];

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(typeof v === 'number' && !Number.isFinite(v));

export const needsCheck = (e: FieldEvidence | undefined): boolean => e !== undefined && e.confidence < LOW_FIELD_CONFIDENCE;

export function reviewModel(result: ExtractionResult): ReviewModel {
  const { data, evidence = {} } = result;
  const toCheck: ReviewRow[] = [];
  const sections = SECTIONS.map(({ title, steps }) => {
    const rows: ReviewRow[] = [];
    for (const [name, f] of experimentFields(
      (x) => Boolean(x.extract) && x.kind !== 'list' && x.step !== undefined && steps.includes(x.step),
    )) {
      const field = name as ScalarField;
      const raw = data[field];
      const value = present(raw) ? formatFieldValue(f, raw) : undefined;
      const ev = value === undefined ? undefined : evidence[field];
      const row: ReviewRow = { field, label: f.label, value, evidence: ev, check: value !== undefined && needsCheck(ev) };
      (row.check ? toCheck : rows).push(row);
    }
    return { title, rows };
  });
  toCheck.sort((a, b) => (a.evidence?.confidence ?? 1) - (b.evidence?.confidence ?? 1));
  const tratamentos = data.tratamentos ?? [];
  const treatmentsEvidence = tratamentos.length ? evidence.tratamentos : undefined;
  const assessments = (data.avaliacoes ?? []).map((a): ReviewAssessment => ({
    chave: a.chave,
    label: rotuloAvaliacao(a),
    tipo:
      TIPO_AVALIACAO_LABEL[a.tipo] +
      (a.tipo === 'nota' && a.escala_min !== null && a.escala_max !== null ? ` ${a.escala_min} a ${a.escala_max}` : ''),
    values: tratamentos.map((t) => {
      const v = t.observacoes?.[a.chave]?.[0];
      return typeof v === 'number' && Number.isFinite(v) ? formatNumber(v, 2) : undefined;
    }),
  }));
  // Two ratings the report does not tell apart (no date, no stage) are told apart by their keys.
  for (const a of assessments) if (assessments.filter((b) => b.label === a.label).length > 1) a.label = `${a.label} [${a.chave}]`;
  const assessmentsEvidence = assessments.length ? evidence.avaliacoes : undefined;
  return {
    toCheck,
    sections,
    found: result.fieldsExtracted.filter((f) => {
      const v = data[f as keyof ExtractedData];
      return Array.isArray(v) ? v.length > 0 : present(v);
    }).length,
    treatments: { evidence: treatmentsEvidence, check: needsCheck(treatmentsEvidence) },
    yieldsMissing: !tratamentos.some((t) => typeof t.produtividade === 'number' && Number.isFinite(t.produtividade)),
    assessments: { list: assessments, evidence: assessmentsEvidence, check: needsCheck(assessmentsEvidence) },
  };
}

/** "p. 2 · “Produtividade (sc/ha) 62,4”", "deduzido de outros dados", with "· OCR" for a scan. */
export function evidenceText(e: FieldEvidence): string {
  const where = e.page > 0 ? `p. ${e.page}` : 'deduzido de outros dados';
  const snippet = e.snippet.replace(/\s+/g, ' ').trim();
  return [where, snippet ? `“${snippet}”` : '', e.ocr ? 'lido por OCR' : '', e.source === 'llm' ? 'sugerido pela IA' : '']
    .filter(Boolean)
    .join(' · ');
}
