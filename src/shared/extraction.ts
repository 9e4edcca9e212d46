/** What `POST /api/extract-pdf` answers (CONTRACT.md "Extraction"). */
import { EXTRACTED_FIELDS as CATALOGUE_EXTRACTED, type EXPERIMENT_FIELDS, type ExtractedField } from './fields/catalogue.js';
import type { NumericKind } from './fields/kinds.js';
import { formatPercent } from './format.js';

export interface ExtractedTreatment {
  nome: string;
  /** One of the spec's modes, or '' when the report gives none. */
  modalidade?: string;
  produtividade?: number;
  /** Plot yields per block (kg/ha) when the report has a plot table. */
  repeticoes?: number[];
}

/** The catalogue's extraction targets: text and choices as strings, numbers as numbers. */
export type ExtractedData = {
  [K in Exclude<ExtractedField, 'tratamentos'>]?: (typeof EXPERIMENT_FIELDS)[K] extends { kind: NumericKind } ? number : string;
} & { tratamentos?: ExtractedTreatment[] };

/** The extracted fields in the form's order (also the order of `fieldsExtracted`). */
export const EXTRACTED_FIELDS: readonly (keyof ExtractedData)[] = CATALOGUE_EXTRACTED;

export interface ExtractionResult {
  data: ExtractedData;
  /** 0 to 1; below LOW_CONFIDENCE a review is recommended. */
  confidence: number;
  fieldsExtracted: string[];
  warnings: string[];
}

export const LOW_CONFIDENCE = 0.8;
/** The client waits this long for an extraction (spec 001 §9). */
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
