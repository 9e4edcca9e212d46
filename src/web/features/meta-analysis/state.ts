/**
 * The meta-analysis page's state, all of it in the URL (a view can be bookmarked, shared, printed
 * again): `produto` (the product analysed), `avaliacao` (an assessment; none = yield), `escala`,
 * the dashboard's filters (without its `produto` and `avaliacao`) and the prices `preco`, `custo`.
 */
import { ESCALAS_EFEITO, type EscalaEfeito, type MetaAnaliseInput } from '../../../shared/meta-analise.js';

/** The dashboard filters that narrow the trials here (its `produto` is the product analysed, its `avaliacao` the variable). */
export const META_FILTER_KEYS = ['regional', 'cultura', 'marca', 'ano', 'situacao', 'conformidade'] as const;
export type MetaFilterKey = (typeof META_FILTER_KEYS)[number];
export type MetaFilters = Record<MetaFilterKey, string>;

export interface MetaState {
  produto: string;
  avaliacao: string;
  escala: EscalaEfeito;
  filtros: MetaFilters;
  /** R$ per 60 kg bag and R$/ha of the product, from the URL; null when absent (the page offers the trials' medians). */
  preco: number | null;
  custo: number | null;
}

/** A positive (`min` 0 exclusive) or non-negative number written in the URL, else null. */
function numberParam(raw: string | null, allowZero: boolean): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) return null;
  return n > 0 || (allowZero && n === 0) ? n : null;
}

export function stateFromParams(params: URLSearchParams): MetaState {
  const escala = params.get('escala');
  const filtros = Object.fromEntries(META_FILTER_KEYS.map((k) => [k, params.get(k)?.trim() ?? ''])) as MetaFilters;
  return {
    produto: params.get('produto')?.trim() ?? '',
    avaliacao: params.get('avaliacao')?.trim() ?? '',
    escala: (ESCALAS_EFEITO as readonly (string | null)[]).includes(escala) ? (escala as EscalaEfeito) : 'diferenca',
    filtros,
    preco: numberParam(params.get('preco'), false),
    custo: numberParam(params.get('custo'), true),
  };
}

/**
 * The request of this state, or null without a product. Prices are not sent: the page computes the
 * break-even and the probability itself (shared/meta-analise.ts), so typing a price asks nothing.
 */
export function requestOf(s: MetaState): MetaAnaliseInput | null {
  if (!s.produto) return null;
  const filtros = Object.fromEntries(META_FILTER_KEYS.filter((k) => s.filtros[k]).map((k) => [k, s.filtros[k]]));
  return { produto: s.produto, avaliacao: s.avaliacao || null, escala: s.escala, filtros };
}

/** Whether the economics apply: yield (kg/ha) on the difference scale; otherwise why not, in pt-BR. */
export function economicsOf(s: Pick<MetaState, 'avaliacao' | 'escala'>): { aplica: true } | { aplica: false; motivo: string } {
  if (s.avaliacao)
    return {
      aplica: false,
      motivo: `A conta econômica usa o ganho de produtividade em kg/ha; a avaliação "${s.avaliacao}" não se converte em sacas. Escolha "Produtividade" para vê-la.`,
    };
  if (s.escala === 'razao')
    return {
      aplica: false,
      motivo:
        'A conta econômica usa o ganho em kg/ha: na escala relativa (razão) o ganho é uma porcentagem. Escolha a escala "Diferença" para vê-la.',
    };
  return { aplica: true };
}
