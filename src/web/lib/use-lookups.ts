/**
 * Reference data for selects. A failed load is only logged (docs/product-rules.md#reference-data): the crop list
 * falls back to the built-in one, and the crop list always offers Uva, Manga and Batata.
 */
import { useQuery } from '@tanstack/react-query';
import { CULTURAS_SEMPRE, FALLBACK_CULTURAS } from '../../shared/constants.js';
import { lookupQueries } from './lookup-queries.js';

export function withAlwaysOfferedCrops(list: readonly string[]): string[] {
  const out = [...list];
  for (const c of CULTURAS_SEMPRE) if (!out.includes(c)) out.push(c);
  return out;
}

export function useMarcas() {
  const q = useQuery(lookupQueries.marcas);
  return { ...q, list: q.data?.marcas ?? [] };
}

export function useRegioes() {
  const q = useQuery(lookupQueries.regioes);
  return { ...q, list: q.data?.regioes ?? [] };
}

export function useEstados() {
  const q = useQuery(lookupQueries.estados);
  return { ...q, list: q.data?.estados ?? [] };
}

export function useCulturas() {
  const q = useQuery(lookupQueries.culturas);
  const list = q.isError ? [...FALLBACK_CULTURAS] : withAlwaysOfferedCrops(q.data?.culturas ?? []);
  return { ...q, list };
}

export function useProdutosPorMarca() {
  const q = useQuery(lookupQueries.produtosPorMarca);
  return { ...q, map: q.data?.produtosPorMarca ?? {} };
}

export function useAvaliacoes() {
  const q = useQuery(lookupQueries.avaliacoes);
  return { ...q, list: q.data?.avaliacoes ?? [] };
}
