/**
 * A Leaflet map in its framed region, shared by the location picker and the dashboard's map:
 * cooperative gestures (map-gestures.ts) and their hint drawn over the map.
 */
import 'leaflet/dist/leaflet.css';
import { Icon } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { cooperativeGestures } from './map-gestures.js';

// Leaflet derives its default icon URLs from a CSS background that Vite rewrites, and would
// otherwise fetch from a wrong path (or a CDN): point it at the bundled files, and set imagePath
// to '' so no path is guessed.
Icon.Default.imagePath = '';
Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

/** One finger scrolls the page, two move the map; Ctrl + wheel zooms (map-gestures.ts). */
function Gestures({ wrapper, onHint }: { wrapper: RefObject<HTMLDivElement | null>; onHint: (hint: string | null) => void }) {
  const map = useMap();
  useEffect(() => (wrapper.current ? cooperativeGestures(map, wrapper.current, onHint) : undefined), [map, wrapper, onHint]);
  return null;
}

export function MapFrame({
  label,
  center,
  zoom,
  height,
  cursor,
  hintTestId,
  children,
}: {
  /** The region's accessible name. */
  label: string;
  center: [number, number];
  zoom: number;
  height: number | string;
  cursor?: string;
  hintTestId?: string;
  /** The layers: tiles, markers, handlers. */
  children: ReactNode;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [hint, setHint] = useState<string | null>(null);
  return (
    // isolate: Leaflet's panes use z-index 400–1000 and would otherwise cover the sticky header.
    <div ref={wrapper} role="region" aria-label={label} className="relative isolate overflow-hidden rounded-lg border border-soil-200">
      <MapContainer
        center={center}
        zoom={zoom}
        // Inline, because leaflet.css is unlayered and beats Tailwind's layered utilities.
        style={{ height, width: '100%', background: 'var(--color-soil-100, #f2eee6)', ...(cursor ? { cursor } : {}) }}
      >
        {children}
        <Gestures wrapper={wrapper} onHint={setHint} />
      </MapContainer>
      {hint ? (
        <div
          aria-hidden="true"
          data-testid={hintTestId}
          className="pointer-events-none absolute inset-0 z-[1000] flex items-center justify-center bg-slate-900/50 p-6 text-center text-base font-semibold text-white"
        >
          {hint}
        </div>
      ) : null}
    </div>
  );
}
