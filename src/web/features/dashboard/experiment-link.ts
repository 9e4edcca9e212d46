/**
 * Where "open this experiment" leads from the map and the correlation explorer: the dashboard
 * with `experimento=<id>` added to the current query (filters and tab kept), which opens the
 * experiment's details. Pure: no React, no router.
 */
export const EXPERIMENT_PARAM = 'experimento';

/** The query `search` (with or without its "?") with `experimento=<id>` set. */
export function experimentSearch(search: string, id: number): string {
  const params = new URLSearchParams(search);
  params.set(EXPERIMENT_PARAM, String(id));
  return `?${params.toString()}`;
}

/** The link to experiment `id` from a page at `pathname` + `search`. */
export function experimentHref(pathname: string, search: string, id: number): string {
  return `${pathname}${experimentSearch(search, id)}`;
}

/** A plain left click, which the app handles itself; other clicks (new tab, new window) stay the browser's. */
export function isPlainClick(e: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** The dashboard filters that narrow the meta-analysis' trials (its `avaliacao` would be the variable there, not a filter). */
const META_FILTERS = ['regional', 'cultura', 'marca', 'ano', 'situacao'] as const;

/**
 * The meta-analysis page (/meta-analise) under the dashboard's filters, of `produto` when given,
 * else of the dashboard's product filter when one is set. Pure: no React, no router.
 */
export function metaAnalysisHref(filters: Readonly<Record<(typeof META_FILTERS)[number] | 'produto', string>>, produto?: string): string {
  const q = new URLSearchParams();
  const p = produto ?? filters.produto;
  if (p) q.set('produto', p);
  for (const k of META_FILTERS) if (filters[k]) q.set(k, filters[k]);
  const s = q.toString();
  return `/meta-analise${s ? `?${s}` : ''}`;
}
