/**
 * The collection page's calls: the layout (GET /api/experiments/:id/croqui), the values sent
 * (PUT /api/experiments/:id/coleta under the batch's Idempotency-Key) and the app's sender.
 */
import type { ColetaResponse, Croqui } from '../../../../shared/field-plan.js';
import { api, session } from '../../../lib/api.js';
import { type Lote, coletaStore } from '../coleta-store.js';
import { createColetaSync } from '../coleta-sync.js';

export const fetchCroqui = (id: number, signal?: AbortSignal) =>
  api.request<{ croqui: Croqui }>(`/api/experiments/${id}/croqui`, signal ? { signal } : {}).then((r) => r.croqui);

export const putColeta = (lote: Lote) =>
  api.request<ColetaResponse>(`/api/experiments/${lote.experimentId}/coleta`, {
    method: 'PUT',
    body: lote.body,
    headers: { 'Idempotency-Key': lote.id },
  });

/** The signed-in user's id, or null (nothing is sent signed out). */
export const currentUserId = () => (session.get().token ? (session.get().user?.id ?? null) : null);

export const coletaSync = createColetaSync({ store: coletaStore, send: putColeta, currentUser: currentUserId });
