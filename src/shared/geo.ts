/**
 * Distances on the globe, and the check that typed coordinates fall near the chosen
 * city: a point more than 100 km from its city centre is more likely a typo (a swapped sign, a
 * misplaced decimal mark) than a field. It is a warning, never a block: the built-in city table
 * holds approximate centres, and large municipalities exist.
 *
 * Wiring: the location step shows `farFromCity({ lat, lng }, cidade, estado)` under the
 * coordinates (LocationPicker does so when given cidade/estado).
 */
import { type LatLng, cityCenter } from './cities.js';
import { formatDecimal } from './decimal.js';

/** Mean Earth radius (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;

export const FAR_FROM_CITY_KM = 100;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const usable = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v !== 0;

/**
 * A warning when the point is more than `limitKm` from the centre of the chosen city, else null
 * (also null when the point is not filled in, or the city is not in the built-in table). A 0 is
 * "not informed", as in the experiment schema.
 */
export function farFromCity(
  point: { lat: number | null | undefined; lng: number | null | undefined },
  cidade: string | null | undefined,
  estado: string | null | undefined,
  limitKm = FAR_FROM_CITY_KM,
): string | null {
  if (!usable(point.lat) || !usable(point.lng)) return null;
  const centre = cityCenter(cidade, estado);
  if (!centre) return null;
  const km = distanceKm({ lat: point.lat, lng: point.lng }, centre);
  if (km <= limitKm) return null;
  const city = (cidade ?? '').trim();
  const uf = (estado ?? '').trim().toUpperCase();
  const place = uf && uf.length === 2 ? `${city}/${uf}` : city;
  return `O ponto está a ${formatDecimal(Math.round(km), { decimals: 0 })} km de ${place}. Confira as coordenadas.`;
}

/** Latitudes Web Mercator can draw (beyond them its y is infinite). */
export const MERCATOR_MAX_LAT = 85.0511287798;

/**
 * Web Mercator pixel coordinates at `zoom` of 256-pixel tiles, as Leaflet's EPSG:3857 CRS computes
 * them: the web's map draws with it, the server groups the map's experiments with it.
 */
export function project(lat: number, lng: number, zoom: number): [number, number] {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)) * Math.PI) / 180);
  return [(scale * (lng + 180)) / 360, scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
}
