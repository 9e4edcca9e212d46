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
