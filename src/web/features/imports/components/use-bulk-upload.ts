/**
 * The upload of a drop: each file becomes a row at once (nothing dropped is lost silently); the
 * browser refuses what the server would (not a PDF, over 10 MiB, beyond 500) with the server's
 * words, sends the rest in chunks of 20 into one batch (the first answer's batchId), and follows
 * the batch's drafts until each is ready or failed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { IMPORT_CHUNK_FILES, IMPORT_BATCH_MAX, IMPORT_MSG, type ImportStatus, precheckImportFile } from '../../../../shared/imports.js';
import { ApiError } from '../../../lib/api-client.js';
import { importKeys, uploadChunk, useImportBatch } from '../api/imports.js';
import type { PickedFile } from './collect-files.js';

export type RowStatus = 'waiting' | 'sending' | 'sent' | 'refused' | ImportStatus;

export interface UploadRow {
  key: number;
  path: string;
  filename: string;
  size: number;
  status: RowStatus;
  reason?: string;
  draftId?: number;
}

export const ROW_STATUS_LABEL: Record<RowStatus, string> = {
  waiting: 'Aguardando envio',
  sending: 'Enviando',
  sent: 'Enviado',
  queued: 'Na fila',
  processing: 'Lendo',
  ready: 'Pronto para revisão',
  failed: 'Recusado',
  refused: 'Recusado',
  approved: 'Aprovado',
  discarded: 'Descartado',
};

const NO_ANSWER = 'O servidor não confirmou o recebimento deste arquivo';

/** Pairs an answer's filenames with the chunk's rows, in order (two folders may hold the same name). */
function matchAnswer<T extends { filename: string }>(rows: UploadRow[], items: readonly T[], taken: Set<number>): Map<number, T> {
  const out = new Map<number, T>();
  for (const item of items) {
    const row = rows.find((r) => r.filename === item.filename && !taken.has(r.key));
    if (!row) continue;
    taken.add(row.key);
    out.set(row.key, item);
  }
  return out;
}

export function useBulkUpload() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [batchId, setBatchId] = useState<number | null>(null);
  const [sentBytes, setSentBytes] = useState(0);
  const [plannedBytes, setPlannedBytes] = useState(0);
  /** Bytes of the chunks already answered (the progress of the one in flight adds to it). */
  const doneBytes = useRef(0);
  const [uploading, setUploading] = useState(false);
  const nextKey = useRef(1);
  const batchRef = useRef<number | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const batch = useImportBatch(batchId);
  const queryClient = useQueryClient();

  const patch = useCallback((keys: ReadonlySet<number>, f: (r: UploadRow) => UploadRow) => {
    setRows((all) => all.map((r) => (keys.has(r.key) ? f(r) : r)));
  }, []);

  const sendChunk = useCallback(
    async (chunk: UploadRow[], files: Map<number, File>) => {
      const before = doneBytes.current;
      const keys = new Set(chunk.map((r) => r.key));
      patch(keys, (r) => ({ ...r, status: 'sending' }));
      const bytes = chunk.reduce((s, r) => s + r.size, 0);
      try {
        const answer = await uploadChunk(
          chunk.map((r) => files.get(r.key)!),
          batchRef.current,
          (pct) => setSentBytes(before + (bytes * pct) / 100),
        );
        if (batchRef.current === null) {
          batchRef.current = answer.batchId;
          setBatchId(answer.batchId);
        }
        const taken = new Set<number>();
        const accepted = matchAnswer(chunk, answer.accepted, taken);
        const refused = matchAnswer(chunk, answer.refused, taken);
        // The batch may have looked finished before this chunk: follow it again.
        void queryClient.invalidateQueries({ queryKey: importKeys.batch(answer.batchId) });
        patch(keys, (r) => {
          const a = accepted.get(r.key);
          if (a) return { ...r, status: 'sent', draftId: a.draftId };
          return { ...r, status: 'refused', reason: refused.get(r.key)?.reason ?? NO_ANSWER };
        });
      } catch (err) {
        const reason = err instanceof ApiError ? err.message : NO_ANSWER;
        patch(keys, (r) => ({ ...r, status: 'refused', reason }));
      }
      doneBytes.current = before + bytes;
      setSentBytes(doneBytes.current);
    },
    [patch, queryClient],
  );

  /** Adds a drop to the batch: rows at once, then the uploads one chunk after the other. */
  const add = useCallback(
    (picked: readonly PickedFile[]) => {
      if (!picked.length) return;
      let room = IMPORT_BATCH_MAX - rows.filter((r) => r.status !== 'refused').length;
      const files = new Map<number, File>();
      const added: UploadRow[] = picked.map(({ file, path }) => {
        const key = nextKey.current++;
        const base = { key, path, filename: file.name, size: file.size };
        const reason = precheckImportFile(file) ?? (room <= 0 ? IMPORT_MSG.batchFull : null);
        if (reason) return { ...base, status: 'refused', reason };
        room -= 1;
        files.set(key, file);
        return { ...base, status: 'waiting' };
      });
      setRows((all) => [...all, ...added]);
      const toSend = added.filter((r) => r.status === 'waiting');
      if (!toSend.length) return;
      setUploading(true);
      setPlannedBytes((b) => b + toSend.reduce((s, r) => s + r.size, 0));
      queue.current = queue.current.then(async () => {
        setUploading(true);
        for (let i = 0; i < toSend.length; i += IMPORT_CHUNK_FILES) await sendChunk(toSend.slice(i, i + IMPORT_CHUNK_FILES), files);
        setUploading(false);
      });
    },
    [rows, sendChunk],
  );

  // The batch's drafts move the rows on: na fila → lendo → pronto para revisão / recusado.
  const shown = useMemo(() => {
    const byId = new Map((batch.data?.drafts ?? []).map((d) => [d.id, d]));
    return rows.map((r): UploadRow => {
      const d = r.draftId === undefined ? undefined : byId.get(r.draftId);
      return d ? { ...r, status: d.status, ...(d.reason ? { reason: d.reason } : {}) } : r;
    });
  }, [rows, batch.data]);

  const summary = useMemo(() => {
    const count = (pred: (r: UploadRow) => boolean) => shown.filter(pred).length;
    return {
      total: shown.length,
      ready: count((r) => r.status === 'ready'),
      refused: count((r) => r.status === 'refused' || r.status === 'failed'),
      pending: count((r) => ['waiting', 'sending', 'sent', 'queued', 'processing'].includes(r.status)),
      /** 0–100: bytes sent over bytes to send (the browser's refusals are not sent). */
      percent: plannedBytes ? Math.min(100, Math.round((sentBytes / plannedBytes) * 100)) : 0,
    };
  }, [shown, sentBytes, plannedBytes]);

  return { rows: shown, batchId, add, uploading, summary };
}
