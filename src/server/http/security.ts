/**
 * Security headers and cross-origin rules (docs/security.md). The Content-Security-Policy allows
 * scripts from this origin only (the built SPA has no inline script), images from this origin and
 * the configured map tile host, and `blob:` for the PDF a user opens in the browser's viewer.
 * CORS stays closed (no Access-Control-* headers) unless CORS_ORIGIN lists origins.
 */
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/** `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` → `https://*.tile.openstreetmap.org`. */
export function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  // A CSP wildcard may only be a whole leftmost label: labels up to the last placeholder become `*`.
  const labels = match[2]!.replace(/\{[^}]*\}/g, '*').split('.');
  const wild = labels.findLastIndex((l) => l.includes('*'));
  const host = wild < 0 ? labels.join('.') : ['*', ...labels.slice(wild + 1)].join('.');
  if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/i.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

export function contentSecurityPolicy(config: Pick<AppConfig, 'mapTileUrl'>) {
  const tiles = tileSource(config.mapTileUrl);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React, Leaflet and Recharts position elements with style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // The browser's PDF viewer shows a report opened from a blob: URL.
    objectSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Plain-HTTP deployments on a farm's LAN must keep working.
    upgradeInsecureRequests: null,
  };
}

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    // Same-site is enough: the tile host serves images cross-origin to us, not the reverse.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (config.corsOrigins.length) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: ['Idempotent-Replayed'],
      maxAge: 600,
    });
  }
}
