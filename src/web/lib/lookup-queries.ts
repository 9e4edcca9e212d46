/**
 * The reference-data reads as plain query options, without React: use-lookups.ts wraps them in
 * hooks, and a page's navigation prefetch (app/prefetch.ts) starts them before the page's code
 * has arrived. A failed load is only logged (docs/product-rules.md#reference-data).
 */
import type { Estado, Regiao } from '../../shared/lookups.js';
import { api } from './api.js';
import { queryKeys } from './query-keys.js';

const STALE = 5 * 60_000;

/** `auth`: send the session; only lists read from the trials themselves need one. */
function lookup<T>(path: string, key: string, label: string, auth = false) {
  return {
    queryKey: ['lookups', key],
    queryFn: async () => {
      try {
        return await api.request<T>(path, { auth });
      } catch (err) {
        console.error(`Falha ao carregar ${label}`, err);
        throw err;
      }
    },
    staleTime: STALE,
    retry: false,
  } as const;
}

export const lookupQueries = {
  marcas: lookup<{ marcas: string[] }>('/api/lookups/marcas', 'marcas', 'marcas'),
  regioes: lookup<{ regioes: Regiao[] }>('/api/lookups/regioes', 'regioes', 'regionais'),
  estados: lookup<{ estados: Estado[] }>('/api/lookups/estados', 'estados', 'estados'),
  culturas: lookup<{ culturas: string[] }>('/api/lookups/culturas', 'culturas', 'culturas'),
  produtosPorMarca: lookup<{ produtosPorMarca: Record<string, string[]> }>(
    '/api/lookups/produtos-por-marca',
    'produtos-por-marca',
    'produtos',
  ),
  /** The assessment names the trials declare (the dashboard's "Avaliação" filter): new ones come with experiment writes. */
  avaliacoes: lookup<{ avaliacoes: string[] }>('/api/lookups/avaliacoes', queryKeys.avaliacoes[1], 'avaliações', true),
};
