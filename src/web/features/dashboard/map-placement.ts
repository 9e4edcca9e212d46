/**
 * Where to draw an experiment on the dashboard map: its own coordinates or a city centre, and
 * identical positions spread apart so every marker stays clickable. Pure: no React, no Leaflet.
 */
import { BRAZIL_CENTER, type LatLng, cityCenter } from '../../../shared/cities.js';
import type { MapPoint } from '../../../shared/dashboard.js';

export interface PlacedPosition extends LatLng {
  /** True when the experiment had no coordinates of its own and sits at a city (or Brazil's) centre. */
  approximate: boolean;
}

function isValidCoordinate(lat: number | null | undefined, lng: number | null | undefined): boolean {
  if (typeof lat !== 'number' || typeof lng !== 'number') return false;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return false;
  // (0, 0) is what blank spreadsheet cells become, never a Brazilian field.
  return !(lat === 0 && lng === 0);
}

/** Position of one experiment: its own coordinates, else its city's centre, else Brazil's centre. */
export function placePoint(point: Pick<MapPoint, 'lat' | 'lng' | 'cidade' | 'estado'>): PlacedPosition {
  if (isValidCoordinate(point.lat, point.lng)) {
    return { lat: point.lat as number, lng: point.lng as number, approximate: false };
  }
  const city = cityCenter(point.cidade, point.estado);
  return city ? { lat: city.lat, lng: city.lng, approximate: true } : { lat: BRAZIL_CENTER.lat, lng: BRAZIL_CENTER.lng, approximate: true };
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Up to this many points share a ring; beyond, a ring gets too crowded and a filled disc is used. */
const RING_MAX = 12;
const MIN_RADIUS = 0.02;
const MAX_RADIUS = 0.05;

/** Offset in degrees for the i-th of n points that share one position. */
function spreadOffset(i: number, n: number): { dLat: number; dLng: number } {
  const radius = Math.min(MAX_RADIUS, MIN_RADIUS + 0.0025 * (n - 2));
  let r: number;
  let angle: number;
  if (n <= RING_MAX) {
    r = radius;
    // Start at the top so two points sit one above the other, symmetric around the real spot.
    angle = Math.PI / 2 + (2 * Math.PI * i) / n;
  } else {
    // Sunflower (Vogel) spiral: even density, so with hundreds of points each still has its own spot
    // once the user zooms in.
    r = radius * Math.sqrt((i + 0.5) / n);
    angle = i * GOLDEN_ANGLE;
  }
  return { dLat: r * Math.sin(angle), dLng: r * Math.cos(angle) };
}

/**
 * Moves points that share the exact same position onto a small circle around it (deterministic:
 * depends only on input order), so every marker stays clickable. Distinct points are returned as is.
 */
export function spreadOverlapping<T extends LatLng>(points: readonly T[]): T[] {
  const groups = new Map<string, number[]>();
  points.forEach((p, i) => {
    const key = `${p.lat},${p.lng}`;
    const g = groups.get(key);
    if (g) g.push(i);
    else groups.set(key, [i]);
  });
  const out = points.slice();
  for (const indexes of groups.values()) {
    const n = indexes.length;
    if (n < 2) continue;
    indexes.forEach((index, i) => {
      const p = points[index] as T;
      const { dLat, dLng } = spreadOffset(i, n);
      // Longitude degrees shrink towards the poles; widen them so the circle looks round.
      const cos = Math.max(0.2, Math.cos((p.lat * Math.PI) / 180));
      out[index] = { ...p, lat: p.lat + dLat, lng: p.lng + dLng / cos };
    });
  }
  return out;
}
