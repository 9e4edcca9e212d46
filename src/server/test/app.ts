import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import type { DocumentStore } from '../modules/documents/public.js';
import type { SpoolWriter } from '../modules/imports/public.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { type Account, createAccount } from './factories.js';
import type { RegisterBody } from '../../shared/auth.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: TestConfig;
  close(): Promise<void>;
}

/** The tests' configuration signs with a known key (auth tests forge tokens with it). */
export type TestConfig = AppConfig & { jwtSecret: string };

export function testConfig(overrides: Partial<AppConfig> = {}): TestConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'ga-data-')),
    databaseUrl: undefined,
    logLevel: 'silent',
    publicUrl: 'http://localhost:3000',
    smtpUrl: undefined,
    mailFrom: 'Gestão Agrícola <nao-responda@teste.local>',
    authLimitPerEmail: 10,
    authLimitPerIp: 1000,
    signupLimitPerIp: 1000,
    trustProxy: false,
    extractionLlm: undefined,
    corsOrigins: [],
    mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    ...overrides,
    jwtSecret: overrides.jwtSecret ?? 'test-secret-test-secret-test-secret-0123456789',
  };
}

/** The real app on a private database. Routes may still be added before the first inject. */
export async function createTestApp(
  opts: {
    webRoot?: string;
    onQuery?: (sql: string) => void;
    config?: Partial<AppConfig>;
    documentStore?: DocumentStore;
    importSpoolWriter?: SpoolWriter;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase({ onQuery: opts.onQuery });
  const config = testConfig(opts.config);
  const app = await buildApp({
    config,
    database: db.database,
    logger: false,
    ...(opts.webRoot ? { webRoot: opts.webRoot } : {}),
    ...(opts.documentStore ? { documentStore: opts.documentStore } : {}),
    ...(opts.importSpoolWriter ? { importSpoolWriter: opts.importSpoolWriter } : {}),
  });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.database.close();
      await db.drop();
    },
  };
}

/** Listens on a free loopback port, for tests that need a real socket; returns the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export interface SignedInApp {
  t: TestApp;
  me: Account;
}

/**
 * A private app for the file (or the describe block it is called in) with the accounts named here
 * signed up in this order, e.g. `appWithAccounts({ admin: { role: 'admin' }, user: {} })` gives
 * `ctx.t`, `ctx.admin` and `ctx.user`. The fields are filled in beforeAll, so read them inside hooks
 * and tests, not at load.
 */
export function appWithAccounts<K extends string>(
  accounts: Record<K, Partial<RegisterBody>>,
  opts: Parameters<typeof createTestApp>[0] = {},
): { t: TestApp } & Record<K, Account> {
  const ctx = {} as { t: TestApp } & Record<K, Account>;
  beforeAll(async () => {
    ctx.t = await createTestApp(opts);
    for (const [name, overrides] of Object.entries(accounts) as [K, Partial<RegisterBody>][]) {
      (ctx as Record<K, Account>)[name] = await createAccount(ctx.t.app, overrides);
    }
  });
  afterAll(() => ctx.t.close());
  return ctx;
}

/** For tests that all run as one signed-up account (`ctx.me`) on a private app. */
export function signedInApp(opts: Parameters<typeof createTestApp>[0] = {}): SignedInApp {
  return appWithAccounts({ me: {} }, opts);
}

export interface ListeningApp extends SignedInApp {
  port: number;
}

/**
 * `signedInApp` with the sign-in rate limits out of the way, listening on a free loopback port
 * (`ctx.port`) for tests that also speak on a real socket.
 */
export function listeningSignedInApp(): ListeningApp {
  const ctx = signedInApp({ config: { authLimitPerIp: 1_000_000, authLimitPerEmail: 1_000_000 } }) as ListeningApp;
  beforeAll(async () => {
    ctx.port = await listenOnLoopback(ctx.t.app);
  });
  return ctx;
}
