/**
 * The map's points for keyboard and screen-reader users, who cannot reach dots on a canvas: the
 * places in alphabetical order, each a disclosure listing its experiments, each with a link that
 * opens the experiment and a button that shows it on the map (its popup opens, focus moves into
 * it and comes back here when it closes). A place's experiments are rendered only while it is
 * open, so 100,000 experiments cost a few dozen list items.
 */
import { type MouseEvent, useId, useMemo, useState } from 'react';
import type { MapPoint } from '../../../../shared/dashboard.js';
import { formatNumber } from '../../../../shared/format.js';
import { cn } from '../../../lib/cn.js';
import { isPlainClick } from '../experiment-link.js';

export function placeLabel(p: Pick<MapPoint, 'cidade' | 'estado'>): string {
  const cidade = p.cidade.trim();
  const estado = p.estado.trim();
  if (cidade && estado) return `${cidade}/${estado}`;
  return cidade || estado || 'Local não informado';
}

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

interface Place {
  label: string;
  /** Indexes into the map's points. */
  indexes: number[];
}

export function placesOf(points: readonly Pick<MapPoint, 'cidade' | 'estado'>[]): Place[] {
  const byLabel = new Map<string, number[]>();
  points.forEach((p, i) => {
    const label = placeLabel(p);
    const list = byLabel.get(label);
    if (list) list.push(i);
    else byLabel.set(label, [i]);
  });
  return [...byLabel].map(([label, indexes]) => ({ label, indexes })).sort((a, b) => collator.compare(a.label, b.label));
}

const experimentos = (n: number) => `${formatNumber(n, 0)} ${n === 1 ? 'experimento' : 'experimentos'}`;

export function MapPlacesList({
  points,
  href,
  open,
  onShow,
}: {
  points: readonly Pick<MapPoint, 'id' | 'cidade' | 'estado' | 'marca'>[];
  href: (id: number) => string;
  open: (id: number) => void;
  /** Shows point `index` on the map with its popup; `opener` gets focus back when it closes. */
  onShow: (index: number, opener: HTMLElement | null) => void;
}) {
  const places = useMemo(() => placesOf(points), [points]);
  const [openPlaces, setOpenPlaces] = useState<ReadonlySet<string>>(new Set());
  const headingId = useId();

  const onLink = (id: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    open(id);
  };

  return (
    <details className="group rounded-lg border border-soil-200 bg-white" data-testid="map-places">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 text-sm font-medium text-brand-800 hover:bg-soil-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
        <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
          ▸
        </span>
        <span id={headingId}>
          Lista de locais e experimentos do mapa ({formatNumber(places.length, 0)} {places.length === 1 ? 'local' : 'locais'})
        </span>
      </summary>
      <ul aria-labelledby={headingId} className="divide-y divide-soil-100 border-t border-soil-200">
        {places.map((place) => {
          const isOpen = openPlaces.has(place.label);
          return (
            <li key={place.label}>
              <details
                open={isOpen}
                onToggle={(e) => {
                  const now = e.currentTarget.open;
                  setOpenPlaces((prev) => {
                    if (prev.has(place.label) === now) return prev;
                    const next = new Set(prev);
                    if (now) next.add(place.label);
                    else next.delete(place.label);
                    return next;
                  });
                }}
              >
                <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm text-slate-800 hover:bg-soil-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600">
                  <span className="font-medium">
                    <span aria-hidden="true" className={cn('mr-2 inline-block transition-transform', isOpen && 'rotate-90')}>
                      ▸
                    </span>
                    {place.label}
                  </span>
                  <span className="text-slate-600 tabular-nums">{experimentos(place.indexes.length)}</span>
                </summary>
                {isOpen ? (
                  <ul className="space-y-1 bg-soil-50 px-4 py-2">
                    {place.indexes.map((i) => {
                      const p = points[i]!;
                      return (
                        <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
                          <a
                            href={href(p.id)}
                            onClick={onLink(p.id)}
                            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 sm:min-h-8"
                          >
                            Experimento nº {p.id}
                            {p.marca ? ` · ${p.marca}` : ''}
                          </a>
                          <button
                            type="button"
                            onClick={(e) => onShow(i, e.currentTarget)}
                            aria-label={`Ver o experimento nº ${p.id} no mapa`}
                            className="inline-flex min-h-11 items-center rounded-md px-2 text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:min-h-8"
                          >
                            Ver no mapa
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </details>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
