/**
 * Reference data for selects. A failed load is only logged (spec 000 §4, §8): the crop list
 * falls back to the built-in one, and the crop list always offers Uva, Manga and Batata.
 */
import { useQuery } from '@tanstack/react-query';
import { CULTURAS_SEMPRE, FALLBACK_CULTURAS } from '../../shared/constants.js';
import type { Estado, Regiao } from '../../shared/lookups.js';
import { api } from './api.js';

const STALE = 5 * 60_000;

function lookup<T>(path: string, key: string, label: string) {
  return {
    queryKey: ['lookups', key],
    queryFn: async () => {
      try {
        return await api.request<T>(path, { auth: false });
      } catch (err) {
        console.error(`Falha ao carregar ${label}`, err);
        throw err;
      }
    },
    staleTime: STALE,
    retry: false,
  } as const;
}

export function withAlwaysOfferedCrops(list: readonly string[]): string[] {
  const out = [...list];
  for (const c of CULTURAS_SEMPRE) if (!out.includes(c)) out.push(c);
  return out;
}

export function useMarcas() {
  const q = useQuery(lookup<{ marcas: string[] }>('/api/lookups/marcas', 'marcas', 'marcas'));
  return { ...q, list: q.data?.marcas ?? [] };
}

export function useRegioes() {
  const q = useQuery(lookup<{ regioes: Regiao[] }>('/api/lookups/regioes', 'regioes', 'regionais'));
  return { ...q, list: q.data?.regioes ?? [] };
}

export function useEstados() {
  const q = useQuery(lookup<{ estados: Estado[] }>('/api/lookups/estados', 'estados', 'estados'));
  return { ...q, list: q.data?.estados ?? [] };
}

export function useCulturas() {
  const q = useQuery(lookup<{ culturas: string[] }>('/api/lookups/culturas', 'culturas', 'culturas'));
  const list = q.isError ? [...FALLBACK_CULTURAS] : withAlwaysOfferedCrops(q.data?.culturas ?? []);
  return { ...q, list };
}

export function useProdutosPorMarca() {
  const q = useQuery(
    lookup<{ produtosPorMarca: Record<string, string[]> }>('/api/lookups/produtos-por-marca', 'produtos-por-marca', 'produtos'),
  );
  return { ...q, map: q.data?.produtosPorMarca ?? {} };
}
