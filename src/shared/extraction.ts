/** What `POST /api/extract-pdf` answers (docs/api.md#extraction-srcserverextraction-modulesextraction). */
import { EXTRACTED_FIELDS as CATALOGUE_EXTRACTED, type EXPERIMENT_FIELDS, type ExtractedField } from './fields/catalogue.js';
import type { NumericKind } from './fields/kinds.js';
import type { Avaliacao } from './assessments.js';
import { MODALIDADE_SEM_APLICACAO } from './constants.js';
import { formatPercent } from './format.js';

/** A product a report says a treatment applied. */
export interface ExtractedProduct {
  /** The catalogue's name when the report names a catalogue product, else the name as written. */
  nome: string;
  /** The dose when the report states it, in `unidade`. */
  dose?: number;
  /** The dose's unit as the report gives it ("L/ha", "mL/100 kg de sementes"). */
  unidade?: string;
}

export interface ExtractedTreatment {
  nome: string;
  /** One of the modalities (MODALIDADES, 'Sem aplicação' for an untreated control), or '' when the report gives none. */
  modalidade?: string;
  produtividade?: number;
  /** Plot yields per block (kg/ha) when the report has a plot table. */
  repeticoes?: number[];
  /** The products a treated treatment applied (never for the untreated control). */
  produtos_aplicados?: ExtractedProduct[];
  /** The treatment's value per assessment key of `avaliacoes`: `[mean]`, as reports give means, not plots. */
  observacoes?: Record<string, (number | null)[]>;
}

/** An assessment a results table reports beside the yield ("Severidade (%) 14 DAA"), as the form declares one. */
export type ExtractedAssessment = Pick<
  Avaliacao,
  'chave' | 'nome' | 'unidade' | 'tipo' | 'data' | 'estadio' | 'alvo' | 'escala_min' | 'escala_max'
>;

/** The catalogue's extraction targets: text and choices as strings, numbers as numbers. */
export type ExtractedData = {
  [K in Exclude<ExtractedField, 'tratamentos'>]?: (typeof EXPERIMENT_FIELDS)[K] extends { kind: NumericKind } ? number : string;
} & { tratamentos?: ExtractedTreatment[]; avaliacoes?: ExtractedAssessment[] };

/**
 * The extracted fields in the form's order (also the order of `fieldsExtracted`). The assessments
 * are not among them: they come with the treatments, from the same results table.
 */
export const EXTRACTED_FIELDS: readonly Exclude<keyof ExtractedData, 'avaliacoes'>[] = CATALOGUE_EXTRACTED;

/** Where a value came from: a labelled field, a sentence, a table, the document as a whole, a rule, the optional LLM. */
export type EvidenceSource = 'label' | 'sentence' | 'table' | 'document' | 'derived' | 'llm';

/** Where an extracted value was found, shown beside it in the review. */
export interface FieldEvidence {
  /** 1-based page the value was read on; 0 when it was derived (a regional from its state). */
  page: number;
  /** The text the value was read from, at most EVIDENCE_SNIPPET_MAX characters. */
  snippet: string;
  /** 0 to 1: how sure the extractor is of this field; below LOW_FIELD_CONFIDENCE the review marks it. */
  confidence: number;
  source: EvidenceSource;
  /** True when the page was read by OCR (a scan). */
  ocr?: boolean;
}

export type ExtractionEvidence = Partial<Record<keyof ExtractedData, FieldEvidence>>;

export interface ExtractionResult {
  data: ExtractedData;
  /** 0 to 1; below LOW_CONFIDENCE a review is recommended. */
  confidence: number;
  /** Only the fields found (present in `data`), in the form's order. */
  fieldsExtracted: string[];
  warnings: string[];
  /** One entry per field of `data`. */
  evidence?: ExtractionEvidence;
  /** Pages read by OCR because they had no text layer (1-based). */
  ocrPages?: number[];
}

export const EVIDENCE_SNIPPET_MAX = 160;
/** A field below this is marked for checking in the review. */
export const LOW_FIELD_CONFIDENCE = 0.75;

export const LOW_CONFIDENCE = 0.8;
/** The client waits this long for an extraction (docs/product-rules.md#limits-and-timings). */
export const EXTRACTION_TIMEOUT_MS = 180_000;
/** After this, the view says that processing may take up to 3 minutes. */
export const EXTRACTION_HINT_AFTER_MS = 30_000;

export const EXTRACTION_MSG = {
  error: 'Erro ao extrair dados do PDF',
  internalError: 'Erro na extração do PDF',
  timeout: 'Timeout: A extração demorou muito para processar. Tente um arquivo menor.',
  imported: 'Dados importados automaticamente!',
  dashboardDone: 'Dados extraídos com sucesso! Verifique o console.',
  unreadable: 'Não foi possível ler o PDF. Verifique se o arquivo não está danificado ou protegido por senha.',
} as const;

/** "Dados extraídos com 87,5% de confiança" (confidence × 100, one decimal, pt-BR like the badge). */
export function confidenceToast(confidence: number): string {
  return `Dados extraídos com ${formatPercent(confidence)} de confiança`;
}

/**
 * A report's treatments in the form's order: the untreated control first (the form's first row is
 * always the control), the others as the report prints them. The offline extractor already answers
 * in that order; the language-model reading and drafts stored before it did may not.
 */
export function controlFirst<T extends { nome: string; modalidade?: string }>(tratamentos: readonly T[]): T[] {
  const isControl = (t: T) => t.modalidade === MODALIDADE_SEM_APLICACAO || /^(testemunha|controle)\b/i.test(t.nome.trim());
  const at = tratamentos.findIndex(isControl);
  if (at <= 0) return [...tratamentos];
  return [tratamentos[at] as T, ...tratamentos.slice(0, at), ...tratamentos.slice(at + 1)];
}
