/**
 * The archive import: many reports sent at once, each read by the extractor into a
 * draft that someone reviews and approves as an experiment. What the API answers, its limits and
 * its pt-BR messages (docs/api.md "Archive import").
 */
import type { ExtractedData, ExtractionEvidence } from './extraction.js';
import type { Experiment } from './experiment.js';
import { PDF_MAX_BYTES } from './constants.js';
import { PDF_FILE_MSG, pdfFileProblem } from './pdf-file.js';

export const IMPORT_STATUSES = ['queued', 'processing', 'ready', 'failed', 'approved', 'discarded'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Files in one batch, over all the requests that fill it. */
export const IMPORT_BATCH_MAX = 500;
/** A report of the archive is a PDF like any other: the same size limit. */
export const IMPORT_MAX_FILE_BYTES = PDF_MAX_BYTES;
/** The browser sends a big folder in chunks of this many files into one batch. */
export const IMPORT_CHUNK_FILES = 20;
/** Drafts at or above this confidence may be approved all at once. */
export const IMPORT_BULK_APPROVE_CONFIDENCE = 0.9;
/** A draft whose processing was interrupted this many times (its server stopped) is failed. */
export const IMPORT_MAX_ATTEMPTS = 3;
/** Page size of GET /api/imports/drafts. */
export const IMPORT_DRAFTS_LIMIT_MAX = 200;
export const IMPORT_DRAFTS_LIMIT_DEFAULT = 50;

export const IMPORT_MSG = {
  notPdf: PDF_FILE_MSG.notPdf,
  tooLarge: 'O arquivo tem mais de 10 MB.',
  batchFull: `O lote já tem ${IMPORT_BATCH_MAX} arquivos: comece outra importação para enviar os demais.`,
  duplicateDocument: (label: string) => `Arquivo repetido: já é o PDF do experimento ${label}.`,
  duplicateDraft: (filename: string, batchId: number) => `Arquivo repetido: já enviado como "${filename}" na importação ${batchId}.`,
  /** The mark of a draft whose file someone else had imported too (who is not told). */
  importedElsewhere: 'Já importado por outra pessoa',
  /** The review's note on a failed draft whose PDF was dropped after its retention. */
  pdfGone: 'O PDF deste arquivo recusado não é mais guardado no servidor.',
  duplicateInRequest: (filename: string) => `Arquivo repetido: é o mesmo que "${filename}" deste envio.`,
  noFiles: 'Envie um ou mais relatórios em PDF no campo "pdfs".',
  tooManyFiles: `Envie no máximo ${IMPORT_BATCH_MAX} arquivos por vez.`,
  batchNotFound: 'Importação não encontrada',
  draftNotFound: 'Rascunho de importação não encontrado',
  notReady: (status: ImportStatus) => `Este rascunho não pode ser aprovado: ${NOT_READY[status]}.`,
  interrupted: `O processamento deste arquivo foi interrompido ${IMPORT_MAX_ATTEMPTS} vezes. Envie-o de novo ou cadastre o experimento manualmente.`,
  noText: 'O PDF não tem texto legível, nem por reconhecimento de texto (OCR). Cadastre o experimento manualmente.',
  notReport: 'O documento não parece ser um relatório de experimento de campo.',
  failed: 'Não foi possível ler este arquivo. Cadastre o experimento manualmente.',
  quotaFiles: (limit: number, wait: string) =>
    `Limite de ${limit} arquivos importados por pessoa em 24 horas atingido: envie este de novo ${wait}.`,
  quotaBytes: (limitMb: number, wait: string) =>
    `Limite de ${limitMb} MB importados por pessoa em 24 horas atingido: envie este de novo ${wait}.`,
  quotaFileTooBig: (limitMb: number) => `O arquivo é maior que o limite de ${limitMb} MB importados por pessoa em 24 horas.`,
  quotaSpent: (wait: string) => `Você atingiu o limite diário de importação: envie de novo ${wait}.`,
  storageFull: 'O espaço do servidor para importações em revisão está cheio: aprove ou descarte rascunhos, ou avise o administrador.',
  pdfExpired: (days: number) =>
    `O PDF deste rascunho recusado não é mais guardado: rascunhos recusados guardam o arquivo por ${days} dias. Envie-o de novo, se for o caso.`,
} as const;

/** "em 3 h 20 min", "em 5 min": how long until a quota frees up (at least a minute). */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `em ${m} min`;
  return m === 0 ? `em ${h} h` : `em ${h} h ${m} min`;
}

/** How the import page and the review queue name a draft's status. */
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Na fila',
  processing: 'Lendo',
  ready: 'Pronto para revisão',
  failed: 'Recusado',
  approved: 'Aprovado',
  discarded: 'Descartado',
};

/** Why a draft that is not ready cannot be approved. */
const NOT_READY: Record<ImportStatus, string> = {
  queued: 'ainda está na fila',
  processing: 'ainda está sendo lido',
  ready: 'está pronto',
  failed: 'a leitura falhou',
  approved: 'já foi aprovado',
  discarded: 'foi descartado',
};

/** A draft whose processing has ended (well or not): the batch is finished when every draft is. */
export const isDraftSettled = (s: ImportStatus): boolean => s !== 'queued' && s !== 'processing';

export interface ImportOwner {
  id: string;
  name: string;
}

export interface BulkUploadResponse {
  batchId: number;
  accepted: Array<{ filename: string; draftId: number }>;
  refused: Array<{ filename: string; reason: string }>;
}

export interface ImportBatchSummary {
  batchId: number;
  createdAt: string;
  total: number;
  done: number;
  failed: number;
  owner: ImportOwner;
}

export interface ImportBatchesResponse {
  batches: ImportBatchSummary[];
}

export interface ImportBatchResponse {
  batchId: number;
  total: number;
  /** Drafts no longer waiting: ready, approved or discarded (failed ones are counted apart). */
  done: number;
  failed: number;
  drafts: Array<{ id: number; filename: string; status: ImportStatus; reason?: string }>;
}

export interface ImportDraft {
  id: number;
  batchId: number;
  filename: string;
  status: ImportStatus;
  /** 0 to 1 once read; null while queued or processing (and when it failed). */
  confidence: number | null;
  data: ExtractedData | null;
  evidence: ExtractionEvidence | null;
  warnings: string[];
  /** An experiment already registered with the same consultoria, cidade, cultura, ano and treatment names. */
  duplicateOf: { experimentId: number; label: string } | null;
  /** The same file was in someone else's live draft when this one was sent (who is not told). */
  importedElsewhere: boolean;
  /**
   * Whether the server still holds the draft's PDF: false once approved (it became the
   * experiment's document), discarded, or failed longer ago than the installation keeps it.
   */
  pdfKept: boolean;
  reason: string | null;
  /** The experiment it became, once approved. */
  experimentId: number | null;
  createdAt: string;
  owner: ImportOwner;
}

export interface ImportDraftsResponse {
  drafts: ImportDraft[];
  total: number;
}

export interface ImportDraftResponse {
  draft: ImportDraft;
}

export interface ImportApproveResponse {
  experiment: Experiment;
}

/**
 * What the browser can tell about a file before sending it: the server's own refusal words, or
 * null. A file refused in the page reads exactly as one the server refuses.
 */
export function precheckImportFile(file: { name: string; size: number; type: string }): string | null {
  // The check of every PDF field of the app (pdf-file.ts), in the words the server uses for a batch.
  const problem = pdfFileProblem(file);
  if (!problem) return null;
  return problem === 'too-large' ? IMPORT_MSG.tooLarge : IMPORT_MSG.notPdf;
}
