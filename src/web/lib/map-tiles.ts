/**
 * Map tiles for every Leaflet map: OpenStreetMap by default; a company tile server can be set at
 * build time with VITE_MAP_TILE_URL (the server's CSP allows the same host: src/server/config.ts).
 */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL;
