/**
 * The small map of the location picker, where a click (or dragging the pin) sets the experiment's
 * point. Loaded only when the user opens it (React.lazy in location-picker.tsx): Leaflet stays out
 * of the form's bundle.
 */
import 'leaflet/dist/leaflet.css';
import { Icon, type LatLng as LeafletLatLng, type Marker as LeafletMarker } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLng } from '../../shared/cities.js';
import { COORDINATE_DECIMALS } from '../../shared/decimal.js';
import { OSM_ATTRIBUTION, TILE_URL } from '../lib/map-tiles.js';
import { cooperativeGestures } from './map-gestures.js';

// As in the dashboard map: Leaflet guesses its marker images from a CSS path that Vite rewrites.
Icon.Default.imagePath = '';
Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

const MAP_HEIGHT = 280;

export interface LocationMapProps {
  /** The pin, or null before one is placed. */
  position: LatLng | null;
  /** Where the map opens without a pin (the city's centre, else Brazil's). */
  center: LatLng;
  zoom: number;
  onPick: (point: LatLng) => void;
  tileUrl?: string;
}

const round = (n: number) => Number(n.toFixed(COORDINATE_DECIMALS));

function toPoint(latlng: LeafletLatLng): LatLng {
  const w = latlng.wrap(); // a world copy to the east or west still gives a longitude in ±180
  return { lat: round(w.lat), lng: round(w.lng) };
}

function ClickToPick({ onPick }: { onPick: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onPick(toPoint(e.latlng)) });
  return null;
}

/** Follows a pin set from outside (typed coordinates, the device's location). */
function FollowPin({ position }: { position: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (position && !map.getBounds().contains([position.lat, position.lng]))
      map.setView([position.lat, position.lng], Math.max(map.getZoom(), 12));
  }, [map, position]);
  return null;
}

/** One finger scrolls the page, two move the map; Ctrl + wheel zooms (map-gestures.ts). */
function Gestures({ wrapper, onHint }: { wrapper: RefObject<HTMLDivElement | null>; onHint: (hint: string | null) => void }) {
  const map = useMap();
  useEffect(() => (wrapper.current ? cooperativeGestures(map, wrapper.current, onHint) : undefined), [map, wrapper, onHint]);
  return null;
}

export default function LocationMap({ position, center, zoom, onPick, tileUrl }: LocationMapProps) {
  const start = position ?? center;
  const wrapper = useRef<HTMLDivElement>(null);
  const [hint, setHint] = useState<string | null>(null);
  const marker = useRef<LeafletMarker>(null);
  // The pin is dragged with one finger: the browser must not take that touch for a page scroll.
  const hasPin = position !== null;
  useEffect(() => {
    const icon = marker.current?.getElement();
    if (icon) icon.style.touchAction = 'none';
  }, [hasPin]);
  return (
    // isolate: Leaflet's panes use z-index 400–1000 and would otherwise cover the sticky header.
    <div
      ref={wrapper}
      role="region"
      aria-label="Mapa para marcar o local do experimento"
      className="relative isolate overflow-hidden rounded-lg border border-soil-200"
    >
      <MapContainer
        center={[start.lat, start.lng]}
        zoom={position ? Math.max(zoom, 12) : zoom}
        // Inline, because leaflet.css is unlayered and beats Tailwind's layered utilities.
        style={{ height: MAP_HEIGHT, width: '100%', background: 'var(--color-soil-100, #f2eee6)', cursor: 'crosshair' }}
      >
        <TileLayer url={tileUrl ?? TILE_URL} attribution={OSM_ATTRIBUTION} tileSize={256} maxZoom={18} />
        <ClickToPick onPick={onPick} />
        <Gestures wrapper={wrapper} onHint={setHint} />
        <FollowPin position={position} />
        {position ? (
          <Marker
            position={[position.lat, position.lng]}
            draggable
            title="Local do experimento"
            ref={marker}
            eventHandlers={{
              dragend: (e) => onPick(toPoint((e.target as LeafletMarker).getLatLng())),
            }}
          />
        ) : null}
      </MapContainer>
      {hint ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 z-[1000] flex items-center justify-center bg-slate-900/50 p-6 text-center text-base font-semibold text-white"
        >
          {hint}
        </div>
      ) : null}
    </div>
  );
}
