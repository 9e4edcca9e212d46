/** One colour per brand, shared by the map's markers and legend, the charts and the document cards. */
import { normalizeName } from '../../../shared/cities.js';

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
