/**
 * Builds the Fastify application from a configuration and an open database. Tests call
 * `app.inject()` on it without a port; main.ts is the only place that listens.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { installErrorHandling } from './http/errors.js';
import { registerSpa } from './http/spa.js';
import { healthRoutes } from './modules/health/routes.js';
import { WEB_DIST_DIR } from './paths.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Folder of the built SPA; defaults to dist/web of this package. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.config.logLevel },
    // Fastify's two lines per request are replaced by the single line of the onResponse hook.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  });

  // One line per request, with what matters to read an incident.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  installErrorHandling(app);
  healthRoutes(app, opts.database);
  await registerSpa(app, opts.webRoot ?? WEB_DIST_DIR);
  return app;
}
