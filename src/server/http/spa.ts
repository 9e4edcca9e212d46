/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, `index.html` (never
 * cached) for every other non-API GET so that deep links such as /perfil survive a reload.
 * Unknown /api paths answer 404 JSON in the error shape (docs/api.md#contract).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { errorBody } from './errors.js';

export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasBuild = existsSync(join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send(errorBody('NOT_FOUND', MSG.notFound));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('NOT_FOUND', MSG.notFound));
    }
    // A missing script or image must not be answered with the HTML page.
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Não encontrado');
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain; charset=utf-8').send('Interface não compilada: rode "npm run build" ou "npm start".');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
