/** The trial's checklist and its technical report, from the server (docs/api.md, "Compliance with MAPA rules"). */
import { useQuery } from '@tanstack/react-query';
import type { ConformidadeResponse, Norma } from '../../../../shared/conformidade.js';
import { api } from '../../../lib/api.js';
import { saveBlob } from '../../../lib/save-blob.js';

export const complianceKeys = {
  conformidade: (id: number, norma: Norma) => ['experiment', id, 'conformidade', norma] as const,
};

/** GET /api/experiments/:id/conformidade?norma=…: the checklist on the saved trial and its yield analysis. */
export function useConformidade(id: number, norma: Norma = 'in53') {
  return useQuery({
    queryKey: complianceKeys.conformidade(id, norma),
    queryFn: () => api.request<ConformidadeResponse>(`/api/experiments/${id}/conformidade`, { query: { norma } }),
  });
}

/** The name the server gives in Content-Disposition (filename*=UTF-8'' first), else `fallback`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed escape: the plain name, if any.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads the technical-scientific report (PDF). Not a plain link: the API wants the bearer
 * token, which api.raw sends (and refreshes). The server takes about a second to lay it out.
 */
export async function baixarRelatorioTecnico(id: number): Promise<void> {
  const res = await api.raw(`/api/experiments/${id}/relatorio-tecnico`, { timeoutMs: 120_000 });
  const fallback = `relatorio-tecnico-experimento-${id}.pdf`;
  saveBlob(await res.blob(), filenameOf(res.headers.get('content-disposition'), fallback));
}
