import 'leaflet/dist/leaflet.css';
import { Icon, popup as leafletPopup } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useId, useMemo } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { BRAZIL_CENTER, cityCenter } from '../../../../shared/cities.js';
import { BRAND_LEGEND, brandColor } from '../brand-colors.js';
import { placePoint, spreadOverlapping } from '../map-placement.js';
import { type DashboardMap, type MapPoint, mapPointsOf } from '../../../../shared/dashboard.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../../shared/format.js';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.js';
import { OSM_ATTRIBUTION, TILE_URL } from '../../../lib/map-tiles.js';
import { PointsLayer } from './points-layer.js';

// Leaflet derives its default icon URLs from a CSS background that Vite rewrites, and would
// otherwise fetch from a wrong path (or a CDN). Circle markers do not use the icon, but any future
// Marker would: point it at the bundled files, and set imagePath to '' so no path is guessed.
Icon.Default.imagePath = '';
Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

const MAP_HEIGHT = 500;
const INITIAL_ZOOM = 4;

type PlacedPoint = Omit<MapPoint, 'lat' | 'lng'> & {
  lat: number;
  lng: number;
  /** null when the experiment has its own coordinates. */
  approximateNote: string | null;
};

function placeAll(pontos: readonly MapPoint[]): PlacedPoint[] {
  const placed = pontos.map((p): PlacedPoint => {
    const pos = placePoint(p);
    let approximateNote: string | null = null;
    if (pos.approximate) {
      approximateNote = cityCenter(p.cidade, p.estado)
        ? 'Localização aproximada (centro da cidade)'
        : 'Localização aproximada (cidade não encontrada: centro do Brasil)';
    }
    return { ...p, lat: pos.lat, lng: pos.lng, approximateNote };
  });
  return spreadOverlapping(placed);
}

function placeLabel(p: Pick<MapPoint, 'cidade' | 'estado'>): string {
  const cidade = p.cidade.trim();
  const estado = p.estado.trim();
  if (cidade && estado) return `${cidade}/${estado}`;
  return cidade || estado || 'Local não informado';
}

export interface PopupDetails {
  consultoria: string;
  marca: string;
  cultura: string;
  ano: number;
  produtividade: number | null;
  roi: number | null;
  regional: string;
  tratamentos: number;
}

/**
 * The popup of a point, built when it opens from the details read on click. Plain DOM with text
 * nodes: experiment fields are user input and never go through innerHTML.
 */
function popupContent(point: PlacedPoint, details: PopupDetails | 'loading' | 'error'): HTMLElement {
  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const root = el('div', 'font-sans text-[13px] leading-snug text-slate-800');
  root.append(el('div', 'mb-1.5 text-sm font-semibold text-slate-900', placeLabel(point)));
  if (details === 'loading') root.append(el('div', 'text-slate-600', 'Carregando...'));
  else if (details === 'error') root.append(el('div', 'text-red-700', 'Erro ao buscar experimento'));
  else {
    const rows: Array<[string, string]> = [
      ['Consultoria', details.consultoria || '-'],
      ['Marca', details.marca || '-'],
      ['Cultura', details.cultura || '-'],
      ['Ano', String(details.ano)],
      ['Produtividade', formatKgHa(details.produtividade)],
      ['ROI', formatBRL(details.roi)],
      ['Regional', details.regional || '-'],
      ['Tratamentos', formatNumber(details.tratamentos, 0)],
    ];
    const dl = el('dl', 'grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5');
    for (const [label, value] of rows) dl.append(el('dt', 'text-slate-600', label), el('dd', 'font-medium break-words', value));
    root.append(dl);
  }
  if (point.approximateNote) root.append(el('div', 'mt-2 text-xs text-amber-800 italic', point.approximateNote));
  return root;
}

/**
 * All markers on one canvas layer (points-layer.ts): at 100,000 experiments, Leaflet objects per
 * marker would cost seconds to build. A click finds the point under the cursor and opens its
 * popup, whose details are read then.
 */
function MarkersLayer({ points, loadDetails }: { points: PlacedPoint[]; loadDetails: (id: number) => Promise<PopupDetails> }) {
  const map = useMap();
  useEffect(() => {
    const cache = new Map<number, PopupDetails>();
    const layer = new PointsLayer(
      points.map((p) => ({ lat: p.lat, lng: p.lng, color: brandColor(p.marca) })),
      (index) => {
        const p = points[index];
        if (!p) return;
        const popup = leafletPopup({ maxWidth: 300 })
          .setLatLng([p.lat, p.lng])
          .setContent(popupContent(p, cache.get(p.id) ?? 'loading'))
          .openOn(map);
        if (cache.has(p.id)) return;
        loadDetails(p.id).then(
          (d) => {
            cache.set(p.id, d);
            if (popup.isOpen()) popup.setContent(popupContent(p, d));
          },
          () => {
            if (popup.isOpen()) popup.setContent(popupContent(p, 'error'));
          },
        );
      },
    );
    layer.addTo(map);
    return () => {
      map.closePopup();
      layer.remove();
    };
  }, [map, points, loadDetails]);
  return null;
}

function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-soil-200 bg-soil-50 px-3 py-3 sm:px-4">
      <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-brand-700 tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

export default function ExperimentsMap({
  mapa,
  loadDetails,
  tileUrl,
  tileAttribution,
}: {
  mapa: DashboardMap;
  /** The popup's details, read when a marker is clicked. */
  loadDetails: (id: number) => Promise<PopupDetails>;
  tileUrl?: string;
  tileAttribution?: string;
}) {
  const legendId = useId();
  const pontos = useMemo(() => mapPointsOf(mapa.pontos), [mapa.pontos]);
  const placed = useMemo(() => placeAll(pontos), [pontos]);

  return (
    <Card>
      <CardHeader
        title="Mapa dos Experimentos"
        description="Distribuição geográfica dos experimentos. Clique em um ponto para ver os detalhes."
      />
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatTile label="Localizações" value={formatNumber(mapa.localizacoes, 0)} />
          <StatTile label="Total Experimentos" value={formatNumber(pontos.length, 0)} />
          <StatTile label="Prod. Média Geral" value={mapa.culturas > 1 ? 'Várias culturas' : formatKgHa(mapa.produtividadeMedia)} />
          <StatTile label="Estados Cobertos" value={formatNumber(mapa.estadosCobertos, 0)} />
        </dl>

        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span id={legendId} className="font-medium text-slate-700">
            Legenda por marca:
          </span>
          <ul aria-labelledby={legendId} className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {BRAND_LEGEND.map((b) => (
              <li key={b.marca} className="flex items-center gap-1.5 text-slate-700">
                <span
                  aria-hidden="true"
                  className="inline-block h-3.5 w-3.5 shrink-0 rounded-full ring-1 ring-black/10"
                  style={{ backgroundColor: b.color }}
                />
                {b.marca}
              </li>
            ))}
          </ul>
        </div>

        {pontos.length === 0 ? <p className="text-sm text-slate-600">Nenhum experimento encontrado para os filtros atuais.</p> : null}

        {/* isolate: Leaflet's panes use z-index 400–1000 and would otherwise cover the sticky header. */}
        <div role="region" aria-label="Mapa dos experimentos" className="isolate overflow-hidden rounded-lg border border-soil-200">
          <MapContainer
            center={[BRAZIL_CENTER.lat, BRAZIL_CENTER.lng]}
            zoom={INITIAL_ZOOM}
            scrollWheelZoom
            // Inline, because leaflet.css is unlayered and beats Tailwind's layered utilities.
            style={{ height: MAP_HEIGHT, width: '100%', background: 'var(--color-soil-100, #f2eee6)' }}
          >
            <TileLayer url={tileUrl ?? TILE_URL} attribution={tileAttribution ?? OSM_ATTRIBUTION} tileSize={256} maxZoom={18} />
            <MarkersLayer points={placed} loadDetails={loadDetails} />
          </MapContainer>
        </div>
      </CardBody>
    </Card>
  );
}
