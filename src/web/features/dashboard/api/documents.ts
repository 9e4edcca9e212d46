/**
 * Opening and saving an experiment's PDF (docs/product-rules.md#opening-and-downloading-a-pdf):
 * list its documents, take the one named like `pdf_filename` (else the first), fetch the bytes
 * with the bearer token as a blob.
 */
import { saveBlob } from '../../../lib/save-blob.js';
import type { DocumentInfo } from '../../../../shared/experiment.js';
import { api } from '../../../lib/api.js';

export const DOC_MSG = {
  none: 'Nenhum documento encontrado para este experimento.',
  viewError: 'Erro ao abrir o PDF para visualização',
  downloadError: 'Erro ao baixar PDF',
  listFailed: 'Falha ao listar documentos',
  invalid: 'Documento inválido',
  fetchFailed: 'Falha ao obter o arquivo',
  downloadFailed: 'Falha no download',
} as const;

export class NoDocumentError extends Error {}

/** The document to open: the one whose filename is the experiment's pdf_filename, else the first. */
export function chooseDocument(documents: DocumentInfo[], pdfFilename: string | null): DocumentInfo | null {
  return documents.find((d) => d.filename === pdfFilename) ?? documents[0] ?? null;
}

async function findDocument(experimentId: number, pdfFilename: string | null): Promise<DocumentInfo> {
  let documents: DocumentInfo[];
  try {
    documents = (await api.request<{ documents: DocumentInfo[] }>('/api/uploads/documents', { query: { experimentId, limit: 50 } }))
      .documents;
  } catch (err) {
    console.error(DOC_MSG.listFailed, err);
    throw err;
  }
  const doc = chooseDocument(documents, pdfFilename);
  if (!doc) throw new NoDocumentError(DOC_MSG.none);
  if (!Number.isInteger(doc.id)) throw new Error(DOC_MSG.invalid);
  return doc;
}

async function fetchBlob(doc: DocumentInfo, inline: boolean): Promise<Blob> {
  const res = await api.raw(`/api/uploads/documents/${doc.id}/download`, {
    query: inline ? { disposition: 'inline' } : {},
    timeoutMs: 120_000,
  });
  const blob = await res.blob();
  if (blob.size === 0) throw new Error(DOC_MSG.fetchFailed);
  return new Blob([blob], { type: 'application/pdf' });
}

/**
 * Opens the PDF in a new tab. The tab is opened at once (inside the click, so no popup blocker
 * stops it) and pointed at the object URL when the bytes arrive; the URL is released after 60 s.
 */
export async function viewDocument(experimentId: number, pdfFilename: string | null): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const doc = await findDocument(experimentId, pdfFilename);
    const url = URL.createObjectURL(await fetchBlob(doc, true));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** Saves the PDF under its filename, else pdf_filename, else documento-{id}. */
export async function downloadDocument(experimentId: number, pdfFilename: string | null): Promise<void> {
  const doc = await findDocument(experimentId, pdfFilename);
  const blob = await fetchBlob(doc, false);
  saveBlob(blob, doc.filename || pdfFilename || `documento-${doc.id}`);
}
