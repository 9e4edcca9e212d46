/** Creating or updating an experiment (one multipart request with its PDF), and what it refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Experiment, ExperimentData } from '../../../../shared/experiment.js';
import { api } from '../../../lib/api.js';
import { afterExperimentWrite } from '../../../lib/query-keys.js';

/** Large PDFs on slow field connections: allow time for the upload itself. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export interface SaveInput {
  data: ExperimentData;
  pdf: File | null;
  /** Present in edit mode. */
  id?: number;
  version?: number;
  onProgress?: (percent: number) => void;
  /** Sent as `Idempotency-Key`: the id the offline queue keeps the experiment under if this save fails. */
  idempotencyKey?: string;
}

/** One multipart request with the experiment and its PDF (create or update). */
export async function saveExperiment({ data, pdf, id, version, onProgress, idempotencyKey }: SaveInput): Promise<Experiment> {
  const form = new FormData();
  form.append('data', JSON.stringify(id === undefined ? data : { ...data, version }));
  if (pdf) form.append('pdf', pdf, pdf.name);
  const path = id === undefined ? '/api/experiments' : `/api/experiments/${id}`;
  const res = await api.upload<{ experiment: Experiment }>(path, form, {
    method: id === undefined ? 'POST' : 'PUT',
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(onProgress ? { onProgress } : {}),
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
  return res.experiment;
}

/**
 * The save as a mutation: on success the dashboard, the audit trail, the experiment and its
 * analysis are refreshed, so the screen the user lands on shows what was just saved.
 */
export function useSaveExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExperiment,
    onSuccess: (experiment, input) => afterExperimentWrite(queryClient, { kind: input.id === undefined ? 'create' : 'update', experiment }),
  });
}
