/**
 * Environment → validated configuration. Fails fast with a message that names every bad
 * variable, so a typo in PORT or DATABASE_URL never turns into a confusing runtime error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import type { ObjectStoreSettings } from './modules/documents/public.js';
import { z } from '../shared/zod.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const PREFIX_MESSAGE = 'deve ser um caminho de letras, números, ".", "_" e "-" separados por "/" (ex.: documentos/)';

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'deve ser um número de porta (0 a 65535)' })
      .int('deve ser um número de porta (0 a 65535)')
      .min(0, 'deve ser um número de porta (0 a 65535)')
      .max(65535, 'deve ser um número de porta (0 a 65535)')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
    PUBLIC_URL: z.url({ error: 'deve ser uma URL (ex.: https://agro.exemplo.com.br)' }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Gestão Agrícola <nao-responda@gestao-agricola.local>'),
    AUTH_LIMIT_PER_EMAIL: z.coerce.number({ error: 'deve ser um número inteiro positivo' }).int().positive().default(10),
    AUTH_LIMIT_PER_IP: z.coerce.number({ error: 'deve ser um número inteiro positivo' }).int().positive().default(30),
    SIGNUP_LIMIT_PER_IP: z.coerce.number({ error: 'deve ser um número inteiro positivo' }).int().positive().default(10),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
        error: 'deve ser true, false, o número de proxies à frente (ex.: 1) ou endereços/redes separados por vírgula (ex.: 10.0.0.0/8)',
      })
      .optional(),
    EXTRACTION_LLM_URL: z
      .url({ error: 'deve ser a URL base de uma API compatível com OpenAI (ex.: http://localhost:11434/v1)' })
      .optional(),
    EXTRACTION_LLM_MODEL: z.string().min(1).optional(),
    EXTRACTION_LLM_API_KEY: z.string().min(1).optional(),
    EXTRACTION_LLM_TIMEOUT_MS: z.coerce
      .number({ error: 'deve ser um número de milissegundos' })
      .int()
      .min(1000)
      .max(170_000)
      .default(60_000),
    EXTRACTION_WORKERS: z.coerce.number({ error: 'deve ser um número inteiro de 1 a 16' }).int().min(1).max(16).default(2),
    EXTRACTION_TIMEOUT_MS: z.coerce.number({ error: 'deve ser um número de milissegundos' }).int().min(1000).max(170_000).default(90_000),
    EXTRACTION_PER_USER: z.coerce.number({ error: 'deve ser um número inteiro positivo' }).int().positive().default(2),
    HEAVY_READS_PER_USER: z.coerce.number({ error: 'deve ser um número inteiro de 1 a 10' }).int().min(1).max(10).default(1),
    IMPORT_CONCURRENCY: z.coerce.number({ error: 'deve ser um número inteiro de 1 a 16' }).int().min(1).max(16).default(2),
    IMPORT_QUOTA_FILES_PER_DAY: z.coerce.number({ error: 'deve ser um número inteiro positivo' }).int().positive().default(500),
    IMPORT_QUOTA_MB_PER_DAY: z.coerce.number({ error: 'deve ser um número inteiro positivo (MB)' }).int().positive().default(1024),
    IMPORT_STORAGE_MAX_MB: z.coerce.number({ error: 'deve ser um número inteiro positivo (MB)' }).int().positive().default(5120),
    IMPORT_FAILED_RETENTION_DAYS: z.coerce.number({ error: 'deve ser um número inteiro de dias (0 ou mais)' }).int().min(0).default(7),
    SHUTDOWN_GRACE_MS: z.coerce
      .number({ error: 'deve ser um número de milissegundos de 1000 a 600000' })
      .int()
      .min(1000)
      .max(600_000)
      .default(30_000),
    EXTRACTION_QUEUE: z.coerce.number({ error: 'deve ser um número inteiro (0 ou mais)' }).int().min(0).default(16),
    CORS_ORIGIN: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: 'deve ser uma ou mais origens separadas por vírgula (ex.: https://app.exemplo.com.br)' })))
      .optional(),
    DOCUMENTS_DIR: z.string().min(1).optional(),
    DOCUMENTS_OBJECT_MIN_KB: z.coerce.number({ error: 'deve ser um número inteiro de KB (0 ou mais)' }).int().min(0).default(1024),
    DOCUMENTS_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'deve ser um nome de bucket S3 (3 a 63 letras minúsculas, números, pontos e hífens)')
      .optional(),
    DOCUMENTS_S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'deve ser uma URL http ou https (ex.: https://s3.exemplo.com.br)' })
      .optional(),
    DOCUMENTS_S3_REGION: z.string().min(1).default('us-east-1'),
    DOCUMENTS_S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, PREFIX_MESSAGE)
      .refine((v) => !v.split('/').some((part) => part === '.' || part === '..'), PREFIX_MESSAGE)
      .optional(),
    DOCUMENTS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    DOCUMENTS_S3_PATH_STYLE: z.enum(['true', 'false'], { error: 'deve ser true ou false' }).optional(),
    MAP_TILE_URL: z.string().min(1).optional(),
    VITE_MAP_TILE_URL: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `deve ser um de: ${LOG_LEVELS.join(', ')}` }).default('info'),
  })
  .superRefine((e, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (e.DOCUMENTS_S3_BUCKET && e.DOCUMENTS_DIR)
      issue('DOCUMENTS_S3_BUCKET', 'use DOCUMENTS_DIR (pasta) ou DOCUMENTS_S3_BUCKET (S3), não os dois');
    if (!e.DOCUMENTS_S3_BUCKET) {
      const orphan = (
        ['DOCUMENTS_S3_ENDPOINT', 'DOCUMENTS_S3_PREFIX', 'DOCUMENTS_S3_ACCESS_KEY_ID', 'DOCUMENTS_S3_SECRET_ACCESS_KEY'] as const
      ).find((k) => e[k]);
      if (orphan) issue('DOCUMENTS_S3_BUCKET', `obrigatório quando ${orphan} é informado`);
    }
    if (!e.DOCUMENTS_S3_ACCESS_KEY_ID !== !e.DOCUMENTS_S3_SECRET_ACCESS_KEY)
      issue(
        e.DOCUMENTS_S3_ACCESS_KEY_ID ? 'DOCUMENTS_S3_SECRET_ACCESS_KEY' : 'DOCUMENTS_S3_ACCESS_KEY_ID',
        'informe a chave de acesso e a secreta juntas (ou nenhuma, para as credenciais da máquina)',
      );
  });

export type Env = z.input<typeof envSchema>;

/** The web's default (src/web/lib/map-tiles.ts). */
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** JWT_SECRET; when unset the key is generated once into the database (modules/auth/signing-key.ts). */
  jwtSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Base of links sent by e-mail (never taken from the request's Host header). */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sign-in and recovery attempts allowed per 15 minutes. */
  authLimitPerEmail: number;
  authLimitPerIp: number;
  /** Sign-ups allowed per address per 15 minutes. */
  signupLimitPerIp: number;
  /**
   * Fastify's `trustProxy`: which hops may set X-Forwarded-For/Proto (the client's address for
   * per-IP limits, https for the refresh cookie's Secure flag). false when unset.
   */
  trustProxy: TrustProxy;
  /**
   * How long a stopping server (SIGTERM) lets requests in flight finish before it exits anyway
   * (SHUTDOWN_GRACE_MS, default 30 s: a 10 MB upload from a slow field connection). Absent: 30 s.
   */
  shutdownGraceMs?: number;
  /** Origins allowed to call the API from another site; none (CORS closed) when unset. */
  corsOrigins: string[];
  /** Map tile URL template: its host is the only external one the CSP allows (images). */
  mapTileUrl: string;
  /** Optional LLM second opinion for PDF extraction (both URL and model set). */
  extractionLlm: { url: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
  /**
   * The extraction pool of this process (extraction/pdf-text-reader.ts): worker threads, deadline
   * per PDF, jobs per user (running + waiting), jobs waiting in all. Absent: its defaults.
   */
  extractionPool?: { workers?: number; timeoutMs?: number; perUser?: number; maxQueued?: number; maxHeapMb?: number };
  /**
   * The archive import's worker (modules/imports/worker.ts): extractions at once on this server
   * (IMPORT_CONCURRENCY, default 2), how often it polls and how long a claim holds. Absent: defaults.
   */
  importQueue?: { concurrency?: number; pollMs?: number; leaseMs?: number };
  /**
   * Heavy reads (CSV export, joint analysis) one user runs at once across every server
   * (HEAVY_READS_PER_USER, default 1), and how long a slot outlives its server (http/heavy-reads.ts).
   */
  heavyReads?: { perUser?: number; leaseSeconds?: number };
  /**
   * What the archive import may store (docs/api.md "Archive import", "Quota"): files and bytes one
   * person may import in 24 hours, bytes all drafts not yet approved may hold together, and days
   * a failed draft keeps its PDF. Absent: IMPORT_LIMIT_DEFAULTS.
   */
  importLimits?: Partial<ImportLimits>;
  /**
   * PDFs of `minBytes` or more (DOCUMENTS_OBJECT_MIN_KB, default 1024) are kept in the object store
   * rather than in their row (modules/documents/objects.ts): a folder (DOCUMENTS_DIR, default
   * DATA_DIR/documentos) or an S3-compatible bucket (DOCUMENTS_S3_*). Absent: every PDF in its row.
   */
  documentObjects?: { minBytes: number } & ObjectStoreSettings;
}

export interface ImportLimits {
  filesPerDay: number;
  bytesPerDay: number;
  storageBytes: number;
  failedRetentionDays: number;
}

const MB = 1024 * 1024;

/** IMPORT_QUOTA_FILES_PER_DAY, IMPORT_QUOTA_MB_PER_DAY, IMPORT_STORAGE_MAX_MB, IMPORT_FAILED_RETENTION_DAYS. */
export const IMPORT_LIMIT_DEFAULTS: ImportLimits = {
  filesPerDay: 500,
  bytesPerDay: 1024 * MB,
  storageBytes: 5120 * MB,
  failedRetentionDays: 7,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment. Empty strings count as unset, as in most .env tooling. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authLimitPerEmail: e.AUTH_LIMIT_PER_EMAIL,
    authLimitPerIp: e.AUTH_LIMIT_PER_IP,
    signupLimitPerIp: e.SIGNUP_LIMIT_PER_IP,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: e.CORS_ORIGIN ?? [],
    mapTileUrl: e.MAP_TILE_URL ?? e.VITE_MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL,
    extractionLlm:
      e.EXTRACTION_LLM_URL && e.EXTRACTION_LLM_MODEL
        ? {
            url: e.EXTRACTION_LLM_URL,
            model: e.EXTRACTION_LLM_MODEL,
            apiKey: e.EXTRACTION_LLM_API_KEY,
            timeoutMs: e.EXTRACTION_LLM_TIMEOUT_MS,
          }
        : undefined,
    extractionPool: {
      workers: e.EXTRACTION_WORKERS,
      timeoutMs: e.EXTRACTION_TIMEOUT_MS,
      perUser: e.EXTRACTION_PER_USER,
      maxQueued: e.EXTRACTION_QUEUE,
    },
    importQueue: { concurrency: e.IMPORT_CONCURRENCY },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    heavyReads: { perUser: e.HEAVY_READS_PER_USER },
    importLimits: {
      filesPerDay: e.IMPORT_QUOTA_FILES_PER_DAY,
      bytesPerDay: e.IMPORT_QUOTA_MB_PER_DAY * MB,
      storageBytes: e.IMPORT_STORAGE_MAX_MB * MB,
      failedRetentionDays: e.IMPORT_FAILED_RETENTION_DAYS,
    },
    documentObjects: {
      minBytes: e.DOCUMENTS_OBJECT_MIN_KB * 1024,
      ...(e.DOCUMENTS_S3_BUCKET
        ? {
            s3: {
              bucket: e.DOCUMENTS_S3_BUCKET,
              endpoint: e.DOCUMENTS_S3_ENDPOINT,
              region: e.DOCUMENTS_S3_REGION,
              prefix: e.DOCUMENTS_S3_PREFIX ? e.DOCUMENTS_S3_PREFIX.replace(/\/?$/, '/') : '',
              credentials:
                e.DOCUMENTS_S3_ACCESS_KEY_ID && e.DOCUMENTS_S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.DOCUMENTS_S3_ACCESS_KEY_ID, secretAccessKey: e.DOCUMENTS_S3_SECRET_ACCESS_KEY }
                  : undefined,
              // Self-hosted services (MinIO, s3rver…) take the bucket in the path; AWS in the host name.
              forcePathStyle: e.DOCUMENTS_S3_PATH_STYLE ? e.DOCUMENTS_S3_PATH_STYLE === 'true' : e.DOCUMENTS_S3_ENDPOINT !== undefined,
            },
          }
        : { dir: resolve(e.DOCUMENTS_DIR ?? join(dataDir, 'documentos')) }),
    },
  };
}

/**
 * Reads `.env` when there is one. Variables already set in the environment win, so a command
 * line such as `PORT=4000 npm start` overrides the file.
 */
export function loadDotEnv(file: string, env: Record<string, string | undefined> = process.env): void {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[key] === undefined) env[key] = value;
  }
}

/** Fastify's trustProxy: all or no hops, the addresses and networks trusted, or a hop test. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * `TRUST_PROXY` → trustProxy. A number N trusts the N hops nearest the server (Fastify's own
 * number form, written as the function its types accept).
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim());
}
