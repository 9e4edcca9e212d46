/**
 * The archive import's API calls (docs/api.md "Archive import"): the bulk upload (XHR, for its
 * progress), a batch's progress, the batches, the review queue, one draft and its PDF, approve
 * and discard. Their query keys live here: nothing outside this feature reads them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Experiment, ExperimentData } from '../../../../shared/experiment.js';
import {
  type BulkUploadResponse,
  type ImportStatus,
  type ImportBatchResponse,
  type ImportBatchSummary,
  type ImportDraft,
  type ImportDraftsResponse,
  isDraftSettled,
} from '../../../../shared/imports.js';
import { api } from '../../../lib/api.js';
import { afterExperimentWrite } from '../../../lib/query-keys.js';

export const importKeys = {
  all: ['imports'] as const,
  batches: ['imports', 'batches'] as const,
  batch: (batchId: number | null) => ['imports', 'batch', batchId] as const,
  drafts: (filter: DraftFilter) => ['imports', 'drafts', filter] as const,
  draft: (id: number | null) => ['imports', 'draft', id] as const,
};

/** One chunk of a big folder may carry 20 × 10 MiB: far beyond the usual 30 s. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;
export const POLL_MS = 2_000;

export function uploadChunk(
  files: readonly File[],
  batchId: number | null,
  onProgress: (percent: number) => void,
): Promise<BulkUploadResponse> {
  const form = new FormData();
  for (const f of files) form.append('pdfs', f, f.name);
  const query = batchId === null ? '' : `?batchId=${batchId}`;
  return api.upload<BulkUploadResponse>(`/api/uploads/bulk${query}`, form, { timeoutMs: UPLOAD_TIMEOUT_MS, onProgress });
}

/** A batch's drafts, polled every 2 s until each one is done or failed. */
export function useImportBatch(batchId: number | null) {
  return useQuery({
    queryKey: importKeys.batch(batchId),
    queryFn: () => api.request<ImportBatchResponse>(`/api/imports/${encodeURIComponent(batchId ?? '')}`),
    enabled: batchId !== null,
    refetchInterval: (q) => {
      const data = q.state.data;
      return data && data.drafts.every((d) => isDraftSettled(d.status)) ? false : POLL_MS;
    },
  });
}

export function useImportBatches() {
  return useQuery({
    queryKey: importKeys.batches,
    queryFn: () => api.request<{ batches: ImportBatchSummary[] }>('/api/imports'),
    select: (a) => a.batches,
  });
}

export interface DraftFilter {
  status: ImportStatus | '';
  batchId: string;
}

export const QUEUE_LIMIT = 100;

/** The review queue: drafts by confidence, highest first (the server's order). */
export function useDrafts(filter: DraftFilter) {
  return useQuery({
    queryKey: importKeys.drafts(filter),
    queryFn: () =>
      api.request<ImportDraftsResponse>('/api/imports/drafts', {
        query: { status: filter.status || undefined, batchId: filter.batchId || undefined, limit: QUEUE_LIMIT, offset: 0 },
      }),
    // Drafts still being read become ready by themselves.
    refetchInterval: (q) => (q.state.data?.drafts.some((d) => !isDraftSettled(d.status)) ? POLL_MS : false),
  });
}

export function useDraft(id: number | null) {
  return useQuery({
    queryKey: importKeys.draft(id),
    queryFn: () => api.request<{ draft: ImportDraft }>(`/api/imports/drafts/${id ?? 0}`),
    enabled: id !== null,
    select: (a) => a.draft,
  });
}

/** The draft's PDF bytes (sent with the session's token, so not a plain URL). */
export async function fetchDraftPdf(id: number): Promise<ArrayBuffer> {
  const res = await api.raw(`/api/imports/drafts/${id}/pdf`, { timeoutMs: 60_000 });
  return res.arrayBuffer();
}

export function approveDraft(id: number, data: ExperimentData): Promise<{ experiment: Experiment }> {
  return api.request<{ experiment: Experiment }>(`/api/imports/drafts/${id}/approve`, { method: 'POST', body: data });
}

export function useApproveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: ExperimentData }) => approveDraft(id, data),
    onSuccess: async ({ experiment }) => {
      await Promise.all([
        afterExperimentWrite(queryClient, { kind: 'create', experiment }),
        queryClient.invalidateQueries({ queryKey: importKeys.all }),
      ]);
    },
  });
}

export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<void>(`/api/imports/drafts/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
