/**
 * Builds the Fastify application from a configuration and an open database. Tests call
 * `app.inject()` on it without a port; main.ts is the only place that listens.
 * Each module's routes.ts is read here and nowhere else: a module's public.ts never carries its
 * routes, so a module another one uses does not pull in, through its door, the routes that use it.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { dataVersion } from './db/changes.js';
import type { Database } from './db/client.js';
import { createAuthGuards, enforceRouteAccess } from './http/auth.js';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './http/errors.js';
import { HeavyReads } from './http/heavy-reads.js';
import { EXPERIMENT_JSON_BYTES, SMALL_JSON_BYTES, installJsonParser } from './http/json-body.js';
import { ResponseCache } from './http/response-cache.js';
import { registerSecurity } from './http/security.js';
import { registerSpa } from './http/spa.js';
import { analysisRoutes } from './modules/analyses/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { AccessTokens, AuthService, createMailer, type Mailer, signingKey } from './modules/auth/public.js';
import { authRoutes } from './modules/auth/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { DatabaseDocumentStore, type DocumentStore, openObjectStore, scheduleCollector } from './modules/documents/public.js';
import { documentRoutes } from './modules/documents/routes.js';
import { ExperimentService } from './modules/experiments/public.js';
import { experimentRoutes } from './modules/experiments/routes.js';
import { extractionRoutes } from './modules/extraction/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import type { SpoolWriter } from './modules/imports/public.js';
import { importRoutes } from './modules/imports/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { WEB_DIST_DIR } from './paths.js';

const DAY_MS = 86_400_000;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Folder of the built SPA; defaults to dist/web of this package. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the mailer built from the configuration (tests read the outbox). */
  mailer?: Mailer;
  /** Replaces where PDF bytes are kept (tests inject failures). */
  documentStore?: DocumentStore;
  /** Replaces how a bulk upload's files are written to the spool (tests inject a full disk). */
  importSpoolWriter?: SpoolWriter;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every API route (method and path), in registration order: the authorisation test's input. */
    apiRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

/**
 * Each route takes only the JSON it needs: 16 KiB (SMALL_JSON_BYTES) unless listed here. Routes
 * that are not public authenticate before the body is read (http/auth.ts), so a raised limit is
 * open to signed-in users only. Experiments travel as multipart and are limited while
 * they stream (http/multipart.ts: 10 MiB per PDF, EXPERIMENT_JSON_BYTES for the `data` field);
 * an imported draft approved as JSON is an experiment too.
 */
const BODY_LIMITS: ReadonlyArray<[prefix: string, bytes: number]> = [['/api/imports/drafts/', EXPERIMENT_JSON_BYTES]];

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.config.logLevel },
    // Fastify's two lines per request are replaced by the single line of the onResponse hook.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: opts.config.trustProxy,
    bodyLimit: SMALL_JSON_BYTES,
    // Errors raised before a route is found (a path parameter over 100 characters: 414; a
    // malformed URL) and by node's HTTP parser (431 headers or URL too large, 400 malformed,
    // 408 too slow) answer in the error shape of docs/api.md#contract too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });

  const apiRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
    const limit = BODY_LIMITS.find(([prefix]) => route.url.startsWith(prefix));
    if (limit && route.bodyLimit === undefined) route.bodyLimit = limit[1];
  });
  // Every API route is public or authenticates at onRequest, before its body is read.
  enforceRouteAccess(app);

  // One line per request, with what matters to read an incident.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });

  const ctx: AppContext = {
    config: opts.config,
    database: opts.database,
    db: opts.database.db,
    tokens: new AccessTokens(await signingKey(opts.database.db, opts.config.jwtSecret, opts.config.dataDir)),
    mailer: opts.mailer ?? createMailer({ smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom, log: app.log }),
    log: app.log,
    cache: new ResponseCache(500, Number.POSITIVE_INFINITY),
    heavyReads: new HeavyReads(opts.database.db, app.log, opts.config.heavyReads),
  };
  // The embedded engine has one writer (its directory is locked to this process): its own writes
  // empty the cache. PostgreSQL may have other servers: the change counter tells.
  if (opts.database.kind === 'postgres') ctx.cache.followChanges(() => dataVersion(opts.database.db));
  app.decorate('ctx', ctx);
  ctx.cache.install(app);
  ctx.heavyReads.install(app);
  app.decorateRequest('authUser', null);
  await registerSecurity(app, opts.config);
  // JSON of the dashboard and the CSV compress ~10×; PDFs are sent as they are.
  await app.register(fastifyCompress, { global: true, threshold: 2048, encodings: ['gzip', 'deflate'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  installJsonParser(app);

  installErrorHandling(app);
  const guards = createAuthGuards(ctx);
  const auth = new AuthService(ctx);
  healthRoutes(app, opts.database);
  authRoutes(app, ctx, auth, guards);
  userRoutes(app, ctx, auth, guards);
  lookupRoutes(app, ctx, guards);
  const objectStore = opts.config.documentObjects && (await openObjectStore(opts.config.documentObjects));
  const documentStore =
    opts.documentStore ??
    new DatabaseDocumentStore(
      opts.database.kind,
      objectStore && { objects: objectStore, threshold: opts.config.documentObjects!.minBytes },
    );
  if (objectStore) {
    // Orphans (an upload whose transaction rolled back, a deleted document's bytes) once a day.
    const stop = scheduleCollector(ctx.db, objectStore, app.log, { everyMs: DAY_MS, graceMs: 60 * 60_000, firstAfterMs: 60_000 });
    app.addHook('onClose', async () => {
      stop();
      objectStore.close?.();
    });
  }
  const experimentService = new ExperimentService(ctx.db, documentStore);
  experimentRoutes(app, ctx, experimentService, guards);
  documentRoutes(app, ctx, documentStore, guards);
  dashboardRoutes(app, ctx, guards);
  analysisRoutes(app, ctx, guards);
  extractionRoutes(app, ctx, guards);
  // After the extraction routes: the import worker reads PDFs through their pool.
  importRoutes(app, ctx, experimentService, guards, {
    concurrency: opts.config.importQueue?.concurrency ?? 2,
    ...(opts.config.importQueue?.pollMs === undefined ? {} : { pollMs: opts.config.importQueue.pollMs }),
    ...(opts.config.importQueue?.leaseMs === undefined ? {} : { leaseMs: opts.config.importQueue.leaseMs }),
    ...(opts.importSpoolWriter ? { spoolWriter: opts.importSpoolWriter } : {}),
  });
  auditRoutes(app, ctx, guards);
  await registerSpa(app, opts.webRoot ?? WEB_DIST_DIR);
  return app;
}
