/**
 * Where to draw an experiment on the dashboard map, and in which colour.
 * Pure: no React, no Leaflet, so it is unit-tested in Node and could be reused by the server.
 */
import type { MapPoint } from './dashboard.js';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface PlacedPosition extends LatLng {
  /** True when the experiment had no coordinates of its own and sits at a city (or Brazil's) centre. */
  approximate: boolean;
}

/** Geographic centre of Brazil; also where experiments with an unknown city end up. */
export const BRAZIL_CENTER: Readonly<LatLng> = Object.freeze({ lat: -14.235, lng: -51.9253 });

/** Accent-, case- and spacing-insensitive form used for every lookup. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const UF_BY_STATE_NAME: Record<string, string> = {
  acre: 'AC', alagoas: 'AL', amapa: 'AP', amazonas: 'AM', bahia: 'BA', ceara: 'CE', 'distrito federal': 'DF',
  'espirito santo': 'ES', goias: 'GO', maranhao: 'MA', 'mato grosso': 'MT', 'mato grosso do sul': 'MS',
  'minas gerais': 'MG', para: 'PA', paraiba: 'PB', parana: 'PR', pernambuco: 'PE', piaui: 'PI',
  'rio de janeiro': 'RJ', 'rio grande do norte': 'RN', 'rio grande do sul': 'RS', rondonia: 'RO', roraima: 'RR',
  'santa catarina': 'SC', 'sao paulo': 'SP', sergipe: 'SE', tocantins: 'TO',
};
const UFS = new Set(Object.values(UF_BY_STATE_NAME));

/** "mt", " MT ", "Mato Grosso" → "MT"; anything else → "" (treated as a missing state). */
function normalizeUf(estado: string): string {
  const n = normalizeName(estado);
  const upper = n.toUpperCase();
  if (UFS.has(upper)) return upper;
  return UF_BY_STATE_NAME[n] ?? '';
}

/** Builds the table key, e.g. ("São Paulo", "sp") → "sao paulo|SP". */
export function cityKey(cidade: string, estado: string): string {
  return `${normalizeName(cidade)}|${normalizeUf(estado)}`;
}

// Municipal seats (approximate centres). Capitals plus the main farming towns where trials are run.
const CITIES: ReadonlyArray<readonly [cidade: string, uf: string, lat: number, lng: number]> = [
  ['São Paulo', 'SP', -23.5505, -46.6333],
  ['Brasília', 'DF', -15.7939, -47.8828],
  ['Curitiba', 'PR', -25.4284, -49.2733],
  ['Cuiabá', 'MT', -15.6014, -56.0979],
  ['Manaus', 'AM', -3.119, -60.0217],
  ['Goiânia', 'GO', -16.6869, -49.2648],
  ['Belo Horizonte', 'MG', -19.9167, -43.9345],
  ['Campo Grande', 'MS', -20.4697, -54.6201],
  ['Porto Alegre', 'RS', -30.0346, -51.2177],
  ['Salvador', 'BA', -12.9714, -38.5014],
  ['Sorriso', 'MT', -12.5425, -55.7211],
  ['Lucas do Rio Verde', 'MT', -13.0588, -55.9042],
  ['Sinop', 'MT', -11.8604, -55.5091],
  ['Rondonópolis', 'MT', -16.4673, -54.6372],
  ['Rio Verde', 'GO', -17.7923, -50.9192],
  ['Jataí', 'GO', -17.8814, -51.7144],
  ['Cascavel', 'PR', -24.9555, -53.4552],
  ['Londrina', 'PR', -23.3045, -51.1696],
  ['Uberaba', 'MG', -19.7472, -47.9381],
  ['Uberlândia', 'MG', -18.9186, -48.2772],
  ['Unaí', 'MG', -16.3592, -46.9064],
  ['Luís Eduardo Magalhães', 'BA', -12.0961, -45.7866],
  ['Barreiras', 'BA', -12.1439, -44.9968],
  ['Balsas', 'MA', -7.5325, -46.0356],
  ['Chapecó', 'SC', -27.1004, -52.6152],
  ['Petrolina', 'PE', -9.3891, -40.503],
  ['Dourados', 'MS', -22.2231, -54.812],
  ['Passo Fundo', 'RS', -28.262, -52.4064],
  ['Ribeirão Preto', 'SP', -21.1775, -47.8103],
];

const BY_KEY = new Map<string, LatLng>();
/** City name alone → centre, only for names that are unique in the table (so no wrong guesses). */
const BY_NAME = new Map<string, LatLng | null>();
for (const [cidade, uf, lat, lng] of CITIES) {
  const pos = Object.freeze({ lat, lng });
  BY_KEY.set(cityKey(cidade, uf), pos);
  const name = normalizeName(cidade);
  BY_NAME.set(name, BY_NAME.has(name) ? null : pos);
}

/** Number of cities in the built-in table. */
export const KNOWN_CITY_COUNT = CITIES.length;

/**
 * Centre of a known city, or null. Without a usable state, matches by name alone; also accepts
 * "Sorriso - MT" / "Sorriso/MT" in the city field, as typed in spreadsheets.
 */
export function cityCenter(cidade: string | null | undefined, estado?: string | null): LatLng | null {
  let city = cidade ?? '';
  let uf = normalizeUf(estado ?? '');
  if (!uf) {
    const m = /^(.*?)\s*[-/,]\s*([A-Za-z]{2})\s*$/.exec(city);
    if (m?.[1] && m[2] && UFS.has(m[2].toUpperCase())) {
      city = m[1];
      uf = m[2].toUpperCase();
    }
  }
  const name = normalizeName(city);
  if (!name) return null;
  if (uf) return BY_KEY.get(`${name}|${uf}`) ?? null;
  return BY_NAME.get(name) ?? null;
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

export interface BrandLegendItem {
  marca: string;
  color: string;
}

export const OTHER_BRAND_COLOR = '#6b7280';

// Saturated mid-tone shades: distinct from each other and from the OSM basemap's pale greens,
// and each keeps ≥3:1 contrast against white so markers and swatches stay visible.
export const BRAND_LEGEND: readonly BrandLegendItem[] = Object.freeze([
  { marca: 'Aminoagro', color: '#15803d' },
  { marca: 'Dimicron', color: '#dc2626' },
  { marca: 'Concorrente', color: '#ea580c' },
  { marca: 'Maximus', color: '#7e22ce' },
  { marca: 'Outras', color: OTHER_BRAND_COLOR },
]);

const BRAND_COLORS = new Map(BRAND_LEGEND.map((b) => [normalizeName(b.marca), b.color]));

/** Marker colour of a brand; any brand not in the legend is grey. */
export function brandColor(marca: string | null | undefined): string {
  return BRAND_COLORS.get(normalizeName(marca ?? '')) ?? OTHER_BRAND_COLOR;
}
