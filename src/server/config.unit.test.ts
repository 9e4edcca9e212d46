import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, IMPORT_LIMIT_DEFAULTS, loadConfig, loadDotEnv } from './config.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'ga-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: dir, databaseUrl: undefined, logLevel: 'info' });
  });

  it('reads HEAVY_READS_PER_USER (default 1, 1 to 10)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).heavyReads).toEqual({ perUser: 1 });
    expect(loadConfig({ DATA_DIR: tmp(), HEAVY_READS_PER_USER: '2' }).heavyReads).toEqual({ perUser: 2 });
    for (const bad of ['0', '11', 'dois'])
      expect(() => loadConfig({ DATA_DIR: tmp(), HEAVY_READS_PER_USER: bad })).toThrow(/HEAVY_READS_PER_USER/);
  });

  it('keeps documents in a folder under DATA_DIR by default, or in the S3 bucket named, and refuses half an S3 setting', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).documentObjects).toEqual({ minBytes: 1024 * 1024, dir: join(dir, 'documentos') });
    const s3 = loadConfig({
      DATA_DIR: dir,
      DOCUMENTS_OBJECT_MIN_KB: '512',
      DOCUMENTS_S3_BUCKET: 'relatorios-ensaios',
      DOCUMENTS_S3_ENDPOINT: 'http://minio.interno:9000',
      DOCUMENTS_S3_PREFIX: 'producao/pdfs',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'chave',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'segredo',
    }).documentObjects;
    expect(s3).toEqual({
      minBytes: 512 * 1024,
      s3: {
        bucket: 'relatorios-ensaios',
        endpoint: 'http://minio.interno:9000',
        region: 'us-east-1',
        prefix: 'producao/pdfs/',
        credentials: { accessKeyId: 'chave', secretAccessKey: 'segredo' },
        forcePathStyle: true,
      },
    });
    // AWS itself: no endpoint, the bucket in the host name, the machine's credentials.
    expect(loadConfig({ DATA_DIR: dir, DOCUMENTS_S3_BUCKET: 'relatorios', DOCUMENTS_S3_REGION: 'sa-east-1' }).documentObjects).toEqual({
      minBytes: 1024 * 1024,
      s3: { bucket: 'relatorios', endpoint: undefined, region: 'sa-east-1', prefix: '', credentials: undefined, forcePathStyle: false },
    });
    const refused: [Record<string, string>, RegExp][] = [
      [{ DOCUMENTS_S3_BUCKET: 'Relatórios' }, /DOCUMENTS_S3_BUCKET: deve ser um nome de bucket S3/],
      [
        { DOCUMENTS_S3_BUCKET: 'relatorios', DOCUMENTS_DIR: '/srv/pdfs' },
        /DOCUMENTS_S3_BUCKET: use DOCUMENTS_DIR \(pasta\) ou DOCUMENTS_S3_BUCKET/,
      ],
      [{ DOCUMENTS_S3_ENDPOINT: 'http://minio:9000' }, /DOCUMENTS_S3_BUCKET: obrigatório quando DOCUMENTS_S3_ENDPOINT é informado/],
      [
        { DOCUMENTS_S3_BUCKET: 'relatorios', DOCUMENTS_S3_ACCESS_KEY_ID: 'chave' },
        /DOCUMENTS_S3_SECRET_ACCESS_KEY: informe a chave de acesso e a secreta juntas/,
      ],
      [{ DOCUMENTS_S3_BUCKET: 'relatorios', DOCUMENTS_S3_ENDPOINT: 'minio:9000' }, /DOCUMENTS_S3_ENDPOINT: deve ser uma URL http ou https/],
      [{ DOCUMENTS_S3_BUCKET: 'relatorios', DOCUMENTS_S3_PREFIX: '../fora' }, /DOCUMENTS_S3_PREFIX: deve ser um caminho/],
      [{ DOCUMENTS_S3_BUCKET: 'relatorios', DOCUMENTS_S3_PATH_STYLE: 'sim' }, /DOCUMENTS_S3_PATH_STYLE: deve ser true ou false/],
    ];
    for (const [env, message] of refused) expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });

  it('reads SHUTDOWN_GRACE_MS (default 30 s, 1 s to 10 min)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).shutdownGraceMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: tmp(), SHUTDOWN_GRACE_MS: '120000' }).shutdownGraceMs).toBe(120_000);
    for (const bad of ['0', '999', '600001', 'meio minuto']) {
      expect(() => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_GRACE_MS: bad })).toThrow(
        /SHUTDOWN_GRACE_MS: deve ser um número de milissegundos/,
      );
    }
  });

  it('reads the import quota, storage bound and retention (MB in the environment, bytes in the config), with defaults', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).importLimits).toEqual(IMPORT_LIMIT_DEFAULTS);
    expect(IMPORT_LIMIT_DEFAULTS).toEqual({
      filesPerDay: 500,
      bytesPerDay: 1024 * 2 ** 20,
      storageBytes: 5120 * 2 ** 20,
      failedRetentionDays: 7,
    });
    const c = loadConfig({
      DATA_DIR: tmp(),
      IMPORT_QUOTA_FILES_PER_DAY: '50',
      IMPORT_QUOTA_MB_PER_DAY: '100',
      IMPORT_STORAGE_MAX_MB: '2048',
      IMPORT_FAILED_RETENTION_DAYS: '0',
    });
    expect(c.importLimits).toEqual({ filesPerDay: 50, bytesPerDay: 100 * 2 ** 20, storageBytes: 2048 * 2 ** 20, failedRetentionDays: 0 });
    expect(() => loadConfig({ DATA_DIR: tmp(), IMPORT_QUOTA_MB_PER_DAY: '0', IMPORT_FAILED_RETENTION_DAYS: '-1' })).toThrow(
      /IMPORT_QUOTA_MB_PER_DAY: deve ser um número inteiro positivo[\s\S]*IMPORT_FAILED_RETENTION_DAYS/,
    );
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ DATA_DIR: tmp(), PORT: '', DATABASE_URL: '' });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: tmp(), PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', JWT_SECRET: 'curto' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'JWT_SECRET']) expect(message).toContain(name);
  });

  it('leaves the JWT secret to the database when JWT_SECRET is unset (nothing written to DATA_DIR)', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBeUndefined();
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(false);
  });

  it('reads TRUST_PROXY as Fastify expects it, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    const oneHop = loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '1' }).trustProxy;
    expect(typeof oneHop === 'function' && [oneHop('10.0.0.1', 0), oneHop('10.0.0.1', 1)]).toEqual([true, false]);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'sim' })).toThrow(/TRUST_PROXY: deve ser true, false/);
  });

  it('prefers JWT_SECRET when given', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });
});

describe('loadDotEnv', () => {
  it('fills only what the environment does not set', () => {
    const file = join(tmp(), '.env');
    writeFileSync(file, 'PORT=4100\nLOG_LEVEL=debug\n# comentário\nDATABASE_URL=postgres://x/y\n');
    const env: Record<string, string | undefined> = { PORT: '5000', DATABASE_URL: '' };
    loadDotEnv(file, env);
    expect(env).toEqual({ PORT: '5000', LOG_LEVEL: 'debug', DATABASE_URL: '' });
  });

  it('does nothing without a file', () => {
    const env = {};
    loadDotEnv(join(tmp(), 'nada.env'), env);
    expect(env).toEqual({});
  });
});
