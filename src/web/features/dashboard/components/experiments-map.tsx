import { popup as leafletPopup } from 'leaflet';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { BRAZIL_CENTER, cityCenter } from '../../../../shared/cities.js';
import { BRAND_LEGEND, brandColor } from '../brand-colors.js';
import { placePoint, spreadOverlapping } from '../map-placement.js';
import { type DashboardMap, MAP_POINTS_MAX, type MapGroups, type MapPoint, mapPointsOf } from '../../../../shared/dashboard.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../../shared/format.js';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.js';
import { MapFrame } from '../../../components/map-frame.js';
import { OSM_ATTRIBUTION, TILE_URL } from '../../../lib/map-tiles.js';
import { isPlainClick } from '../experiment-link.js';
import { MapPlacesList, placeLabel } from './map-places-list.js';
import { PointsLayer } from './points-layer.js';
import { type OpenExperiment, useOpenExperiment } from './use-open-experiment.js';
import { DescriptionItem } from '../../../components/ui/description-item.js';

/** At most 500 px, and 55 % of the screen's height on a phone, so the page stays scrollable around it. */
const MAP_HEIGHT = 'min(500px, 55vh)';
const INITIAL_ZOOM = 4;
/**
 * Room kept free at the map's top left when a popup pans into view: the zoom buttons sit there
 * (10 px margin, 30 px wide, 60 px tall) and would otherwise cover the popup's title.
 */
const POPUP_PADDING_TOP_LEFT: [number, number] = [52, 12];

export type PlacedPoint = Omit<MapPoint, 'lat' | 'lng'> & {
  lat: number;
  lng: number;
  /** null when the experiment has its own coordinates. */
  approximateNote: string | null;
  /** Experiments a group the server formed stands for (absent: one). */
  weight?: number;
};

/** What the map shows of a place or brand a group's members do not share. */
const MIXED = '';

/** The server's groups (above MAP_POINTS_MAX) as points: a group of one is its experiment. */
function placeGroups(g: MapGroups): PlacedPoint[] {
  const placed = g.n.map((n, i): PlacedPoint => {
    const [cidade, estado] = g.local[i]! >= 0 ? g.locais[g.local[i]!]! : [MIXED, MIXED];
    return {
      id: g.id[i]!,
      lat: g.lat[i]!,
      lng: g.lng[i]!,
      cidade,
      estado,
      marca: g.marca[i]! >= 0 ? g.marcas[g.marca[i]!]! : MIXED,
      approximateNote: g.aproximado[i] ? approximateNoteOf(cidade, estado) : null,
      weight: n,
    };
  });
  // Close in every group is one experiment: those at one spot are spread apart to be opened.
  return g.n.every((n) => n === 1) ? spreadOverlapping(placed) : placed;
}

function approximateNoteOf(cidade: string, estado: string): string {
  return cityCenter(cidade, estado)
    ? 'Localização aproximada (centro da cidade)'
    : 'Localização aproximada (cidade não encontrada: centro do Brasil)';
}

/** The area asked with a view: what is shown and a quarter of it around, in bounds. */
export type MapArea = [number, number, number, number];
export interface MapViewRequest {
  zoom: number;
  area: MapArea;
}

/**
 * Asks the groups of the view shown, a moment after the map stops moving, while the map is in
 * groups; an answer that arrives after a newer view's is dropped.
 */
function GroupsForView({
  active,
  shownZoom,
  load,
  onLoaded,
}: {
  active: boolean;
  /** The zoom level the groups shown were formed for. */
  shownZoom: number | undefined;
  load?: (v: MapViewRequest) => Promise<DashboardMap>;
  onLoaded: (m: DashboardMap) => void;
}) {
  const map = useMap();
  // The latest callbacks, read when the map stops: a re-render does not restart the wait.
  const latest = useRef({ load, onLoaded });
  useEffect(() => {
    latest.current = { load, onLoaded };
  });
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const onMove = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const b = map.getBounds().pad(0.25);
        const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v * 1000) / 1000));
        const area: MapArea = [
          clamp(b.getWest(), -180, 179.99),
          clamp(b.getSouth(), -90, 89.99),
          clamp(b.getEast(), -179.99, 180),
          clamp(b.getNorth(), -89.99, 90),
        ];
        const mine = ++asked;
        const ask = latest.current.load;
        if (!ask) return;
        ask({ zoom: map.getZoom(), area }).then(
          (m) => {
            if (mine === asked) latest.current.onLoaded(m);
          },
          () => undefined,
        );
      }, 200);
    };
    map.on('moveend', onMove);
    // Groups of another zoom level (the filters changed while the map was zoomed in): this view's.
    if (shownZoom !== undefined && shownZoom !== map.getZoom()) onMove();
    return () => {
      clearTimeout(timer);
      map.off('moveend', onMove);
    };
  }, [map, active, shownZoom]);
  return null;
}

function placeAll(pontos: readonly MapPoint[]): PlacedPoint[] {
  const placed = pontos.map((p): PlacedPoint => {
    const pos = placePoint(p);
    let approximateNote: string | null = null;
    if (pos.approximate) approximateNote = approximateNoteOf(p.cidade, p.estado);
    return { ...p, lat: pos.lat, lng: pos.lng, approximateNote };
  });
  return spreadOverlapping(placed);
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
 * nodes: experiment fields are user input and never go through innerHTML. Its link opens the
 * experiment in the app (a plain click) or in a new tab.
 */
function popupContent(point: PlacedPoint, details: PopupDetails | 'loading' | 'error', link: OpenExperiment): HTMLElement {
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
  const a = el('a', 'experiment-link mt-2 inline-flex min-h-8 items-center font-semibold', 'Abrir experimento') as HTMLAnchorElement;
  a.href = link.href(point.id);
  // Inline: leaflet.css colours every link of the map and is unlayered.
  a.style.color = 'var(--color-brand-700, #255733)';
  a.addEventListener('click', (e) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    link.open(point.id);
  });
  root.append(a);
  return root;
}

/** What the keyboard list asks of the map: show a point and open its popup. */
export interface MapHandle {
  showPoint: (index: number, opener: HTMLElement | null) => void;
}

/**
 * All markers on one canvas layer (points-layer.ts): at 100,000 experiments, Leaflet objects per
 * marker would cost seconds to build. A click finds the point under the cursor and opens its
 * popup, whose details are read then; a click on a cluster zooms to it.
 */
function MarkersLayer({
  points,
  loadDetails,
  link,
  handleRef,
}: {
  points: PlacedPoint[];
  loadDetails: (id: number) => Promise<PopupDetails>;
  link: OpenExperiment;
  handleRef: RefObject<MapHandle | null>;
}) {
  const map = useMap();
  useEffect(() => {
    const cache = new Map<number, PopupDetails>();
    /** Where focus returns when a popup opened from the keyboard list closes; null after a click on the map. */
    let opener: HTMLElement | null = null;
    const open = (index: number) => {
      const p = points[index];
      if (!p) return;
      if ((p.weight ?? 1) > 1) {
        // A group: closer in, where the server sends it apart.
        map.setView([p.lat, p.lng], Math.min(map.getMaxZoom(), map.getZoom() + 2));
        return;
      }
      const popup = leafletPopup({
        maxWidth: Math.max(180, Math.min(300, map.getSize().x - POPUP_PADDING_TOP_LEFT[0] - 48)),
        autoPanPaddingTopLeft: POPUP_PADDING_TOP_LEFT,
        autoPanPadding: [12, 12],
      })
        .setLatLng([p.lat, p.lng])
        .setContent(popupContent(p, cache.get(p.id) ?? 'loading', link))
        .openOn(map);
      const from = opener;
      const focusLink = () => {
        if (from) popup.getElement()?.querySelector<HTMLElement>('a.experiment-link')?.focus();
      };
      focusLink();
      // Leaflet closes a popup on Escape only while the map itself has focus, not its link.
      const onKey = (e: KeyboardEvent) => {
        if (e.key === 'Escape') map.closePopup(popup);
      };
      popup.getElement()?.addEventListener('keydown', onKey);
      popup.once('remove', () => {
        popup.getElement()?.removeEventListener('keydown', onKey);
        const active = document.activeElement;
        if (from && (active === document.body || active === null || map.getContainer().contains(active))) from.focus();
      });
      if (cache.has(p.id)) return;
      loadDetails(p.id).then(
        (d) => {
          cache.set(p.id, d);
          if (!popup.isOpen()) return;
          popup.setContent(popupContent(p, d, link));
          focusLink();
        },
        () => {
          if (popup.isOpen()) popup.setContent(popupContent(p, 'error', link));
        },
      );
    };
    let fromList = false;
    const layer = new PointsLayer(
      points.map((p) => ({ lat: p.lat, lng: p.lng, color: brandColor(p.marca), weight: p.weight })),
      (index) => {
        if (!fromList) opener = null;
        open(index);
      },
    );
    layer.addTo(map);
    handleRef.current = {
      showPoint: (index, from) => {
        opener = from;
        fromList = true;
        try {
          layer.showPoint(index);
        } finally {
          fromList = false;
        }
      },
    };
    return () => {
      handleRef.current = null;
      map.closePopup();
      layer.remove();
    };
  }, [map, points, loadDetails, link, handleRef]);
  return null;
}

export default function ExperimentsMap({
  mapa: first,
  loadDetails,
  loadView,
  tileUrl,
  tileAttribution,
}: {
  mapa: DashboardMap;
  /** The popup's details, read when a marker is clicked. */
  loadDetails: (id: number) => Promise<PopupDetails>;
  /** The groups of another view, when the map is in groups (above MAP_POINTS_MAX experiments). */
  loadView?: (view: MapViewRequest) => Promise<DashboardMap>;
  tileUrl?: string;
  tileAttribution?: string;
}) {
  const legendId = useId();
  // Another view's groups, while the first answer (of these filters) is the one they followed.
  const [viewed, setViewed] = useState<{ after: DashboardMap; map: DashboardMap } | null>(null);
  const mapa = viewed?.after === first ? viewed.map : first;
  const grupos = mapa.grupos;
  const pontos = useMemo(() => mapPointsOf(mapa.pontos), [mapa.pontos]);
  const placed = useMemo(() => (grupos ? placeGroups(grupos) : placeAll(pontos)), [grupos, pontos]);
  const { href, open } = useOpenExperiment();
  const link = useMemo(() => ({ href, open }), [href, open]);
  const handleRef = useRef<MapHandle | null>(null);

  return (
    <Card>
      <CardHeader
        title="Mapa dos Experimentos"
        description="Distribuição geográfica dos experimentos. Clique em um ponto para ver os detalhes; um círculo numerado reúne experimentos próximos e se abre ao ser clicado."
      />
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <DescriptionItem look="tile" label="Localizações" value={formatNumber(mapa.localizacoes, 0)} />
          <DescriptionItem look="tile" label="Total Experimentos" value={formatNumber(mapa.total, 0)} />
          <DescriptionItem
            look="tile"
            label="Prod. Média Geral"
            value={mapa.culturas > 1 ? 'Várias culturas' : formatKgHa(mapa.produtividadeMedia)}
          />
          <DescriptionItem look="tile" label="Estados Cobertos" value={formatNumber(mapa.estadosCobertos, 0)} />
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

        {mapa.total === 0 ? <p className="text-sm text-slate-600">Nenhum experimento encontrado para os filtros atuais.</p> : null}

        <MapFrame
          label="Mapa dos experimentos"
          center={[BRAZIL_CENTER.lat, BRAZIL_CENTER.lng]}
          zoom={INITIAL_ZOOM}
          height={MAP_HEIGHT}
          hintTestId="map-gesture-hint"
        >
          <TileLayer url={tileUrl ?? TILE_URL} attribution={tileAttribution ?? OSM_ATTRIBUTION} tileSize={256} maxZoom={18} />
          <MarkersLayer points={placed} loadDetails={loadDetails} link={link} handleRef={handleRef} />
          <GroupsForView
            active={grupos !== undefined}
            shownZoom={grupos?.zoom}
            load={loadView}
            onLoaded={(map) => setViewed({ after: first, map })}
          />
        </MapFrame>
        <p className="text-xs text-slate-600">
          Para ampliar, use Ctrl + rolagem do mouse ou os botões + e −; no celular, mova o mapa com dois dedos.
        </p>
        {grupos ? (
          <p className="text-sm text-slate-600">
            Com mais de {formatNumber(MAP_POINTS_MAX, 0)} experimentos, o mapa reúne os próximos em círculos numerados: aproxime para vê-los
            um a um. A lista por local aparece quando os filtros deixam até {formatNumber(MAP_POINTS_MAX, 0)}.
          </p>
        ) : placed.length > 0 ? (
          <MapPlacesList points={placed} href={href} open={open} onShow={(index, opener) => handleRef.current?.showPoint(index, opener)} />
        ) : null}
      </CardBody>
    </Card>
  );
}
