import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { createAuthGuards, enforceRouteAccess } from './auth.js';

/** Registering routes reads nothing of the context: an empty one is enough here. */
const guards = createAuthGuards({} as AppContext);

function appWithRule() {
  const app = Fastify({ logger: false });
  enforceRouteAccess(app);
  return app;
}

describe('enforceRouteAccess: no API route can forget its guard', () => {
  it('refuses an API route that is neither public nor guarded', () => {
    expect(() => appWithRule().post('/api/novo', async () => ({}))).toThrow(/must be public \(config\.public\) or have an auth guard/);
  });

  it('refuses a guard given as a preHandler: it would run after the body is parsed', () => {
    expect(() => appWithRule().post('/api/novo', { preHandler: guards.requireUser }, async () => ({}))).toThrow(/onRequest/);
    expect(() => appWithRule().put('/api/novo', { preHandler: [guards.requireRole('admin')] }, async () => ({}))).toThrow(/onRequest/);
  });

  it('accepts a guard as onRequest (alone or among other hooks), a public route, and any route outside /api', () => {
    const app = appWithRule();
    const other = async () => undefined;
    expect(() => app.post('/api/a', { onRequest: guards.requireUser }, async () => ({}))).not.toThrow();
    expect(() => app.post('/api/b', { onRequest: [other, guards.requireRole('admin', 'consultor')] }, async () => ({}))).not.toThrow();
    expect(() => app.post('/api/c', { config: { public: true } }, async () => ({}))).not.toThrow();
    expect(() => app.get('/pagina', async () => ({}))).not.toThrow();
    // A look-alike function is not a guard.
    expect(() => app.post('/api/d', { onRequest: async () => undefined }, async () => ({}))).toThrow();
  });
});
