import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'ga-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: dir, databaseUrl: undefined, logLevel: 'info' });
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

  it('generates the JWT secret once and keeps it in DATA_DIR, private', () => {
    const dir = join(tmp(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
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
