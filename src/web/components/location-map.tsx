/**
 * The small map of the location picker, where a click (or dragging the pin) sets the experiment's
 * point. Loaded only when the user opens it (React.lazy in location-picker.tsx): Leaflet stays out
 * of the form's bundle.
 */
import type { LatLng as LeafletLatLng, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { LatLng } from '../../shared/cities.js';
import { COORDINATE_DECIMALS } from '../../shared/decimal.js';
import { OSM_ATTRIBUTION, TILE_URL } from '../lib/map-tiles.js';
import { MapFrame } from './map-frame.js';

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

export default function LocationMap({ position, center, zoom, onPick, tileUrl }: LocationMapProps) {
  const start = position ?? center;
  const marker = useRef<LeafletMarker>(null);
  // The pin is dragged with one finger: the browser must not take that touch for a page scroll.
  const hasPin = position !== null;
  useEffect(() => {
    const icon = marker.current?.getElement();
    if (icon) icon.style.touchAction = 'none';
  }, [hasPin]);
  return (
    <MapFrame
      label="Mapa para marcar o local do experimento"
      center={[start.lat, start.lng]}
      zoom={position ? Math.max(zoom, 12) : zoom}
      height={MAP_HEIGHT}
      cursor="crosshair"
    >
      <TileLayer url={tileUrl ?? TILE_URL} attribution={OSM_ATTRIBUTION} tileSize={256} maxZoom={18} />
      <ClickToPick onPick={onPick} />
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
    </MapFrame>
  );
}
