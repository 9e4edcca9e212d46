/** What route modules need, built once per app and passed explicitly (no hidden globals). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { HeavyReads } from './http/heavy-reads.js';
import type { ResponseCache } from './http/response-cache.js';
import type { AccessTokens, Mailer } from './modules/auth/public.js';

export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  tokens: AccessTokens;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Aggregate answers per filter set, emptied by every write. */
  cache: ResponseCache;
  /** Slots for heavy reads (exports, analyses across experiments), per user across servers. */
  heavyReads: HeavyReads;
}
