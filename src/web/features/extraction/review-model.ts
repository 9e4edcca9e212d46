/**
 * What the extraction review shows, apart from how it is drawn: each extracted field with its
 * catalogue label, its value formatted pt-BR, where it was found, and whether the user should
 * check it first (confidence below LOW_FIELD_CONFIDENCE). Low-confidence fields come first.
 */
import { type ExtractedData, type ExtractionResult, type FieldEvidence, LOW_FIELD_CONFIDENCE } from '../../../shared/extraction.js';
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
  return {
    toCheck,
    sections,
    found: result.fieldsExtracted.filter((f) => {
      const v = data[f as keyof ExtractedData];
      return Array.isArray(v) ? v.length > 0 : present(v);
    }).length,
    treatments: { evidence: treatmentsEvidence, check: needsCheck(treatmentsEvidence) },
    yieldsMissing: !tratamentos.some((t) => typeof t.produtividade === 'number' && Number.isFinite(t.produtividade)),
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
