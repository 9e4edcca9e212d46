/**
 * The archive import (issue 21): what its endpoints answer, the batch limits and the pt-BR
 * reasons a file is refused. The browser checks the same limits before it uploads, with the same
 * words, so a file refused in the page reads exactly as one refused by the server.
 */
import type { ExtractedData, ExtractionEvidence } from './extraction.js';

export const IMPORT_MAX_FILES = 500;
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The browser sends a big folder in chunks of this many files into one batch. */
export const IMPORT_CHUNK_FILES = 20;
/** Drafts at or above this confidence may be approved all at once. */
export const IMPORT_BULK_APPROVE_CONFIDENCE = 0.9;

export const DRAFT_STATUSES = ['queued', 'processing', 'ready', 'failed', 'approved', 'discarded'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** A draft whose processing has ended (well or not): the batch is finished when every draft is. */
export const isDraftSettled = (s: DraftStatus): boolean => s !== 'queued' && s !== 'processing';

export const DRAFT_STATUS_LABEL: Record<DraftStatus, string> = {
  queued: 'Na fila',
  processing: 'Lendo',
  ready: 'Pronto para revisão',
  failed: 'Recusado',
  approved: 'Aprovado',
  discarded: 'Descartado',
};

export const IMPORT_REASON = {
  notPdf: 'Não é um PDF',
  tooBig: 'Arquivo maior que 10 MB',
  batchFull: `O lote já tem ${IMPORT_MAX_FILES} arquivos`,
  /** Same bytes as a stored document or another draft. */
  duplicate: (of: string) => `Duplicado de ${of}`,
} as const;

export interface BulkUploadAnswer {
  batchId: string;
  accepted: { filename: string; draftId: number }[];
  refused: { filename: string; reason: string }[];
}

export interface ImportBatchSummary {
  batchId: string;
  createdAt: string;
  total: number;
  done: number;
  failed: number;
  owner: { id: number; name: string };
}

export interface ImportBatch {
  batchId: string;
  total: number;
  done: number;
  failed: number;
  drafts: { id: number; filename: string; status: DraftStatus; reason?: string }[];
}

export interface ImportDraft {
  id: number;
  batchId: string;
  filename: string;
  status: DraftStatus;
  /** 0 to 1, the extractor's overall confidence. */
  confidence: number;
  data: ExtractedData;
  evidence: ExtractionEvidence;
  warnings: string[];
  /** An experiment with the same consultoria, cidade, cultura, ano and treatment names. */
  duplicateOf: { experimentId: number; label: string } | null;
  createdAt: string;
  owner: { id: number; name: string };
}

export interface ImportDraftPage {
  drafts: ImportDraft[];
  total: number;
}

/** What the browser can tell about a file before sending it: a refusal reason, or null. */
export function precheckImportFile(file: { name: string; size: number; type: string }): string | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf) return IMPORT_REASON.notPdf;
  if (file.size > IMPORT_MAX_FILE_BYTES) return IMPORT_REASON.tooBig;
  return null;
}
