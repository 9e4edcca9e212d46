/**
 * `npm run seed:demo` while the server has the embedded database open: the tool says so in one
 * pt-BR sentence (what to do), with no stack trace, and exits non-zero; `DEBUG=1` adds the trace.
 * This test process holds the data directory as a running server does (the database open, its
 * lock naming this pid), and runs the tool's entry in a child process as the script does.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { packageRoot } from '../paths.js';
import { migratedDataDir, testEngine } from '../test/database.js';

function runSeed(dataDir: string, env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(packageRoot(), 'src/server/seed/seed-demo-cli.ts'), '--count', '1'], {
      cwd: packageRoot(),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEBUG: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

describe.skipIf(testEngine().kind !== 'pglite')('seed:demo while the server holds the embedded database', () => {
  let dataDir: string;
  let held: Database;
  beforeAll(async () => {
    dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'ga-seed-cli-')));
    held = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await held?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints only the message, and exits with 1', async () => {
    const res = await runSeed(dataDir);
    expect(res.code).toBe(1);
    expect(res.out).toBe('');
    const dir = join(dataDir, 'pglite');
    expect(res.err).toBe(
      `O banco embutido em ${dir} está aberto por outro processo (pid ${process.pid}). Pare-o antes (o servidor, por exemplo); ` +
        `se esse processo não existe mais, apague ${dir}.lock.\n`,
    );
    // Nothing was written meanwhile: the demo user does not exist.
    expect(await held.db.select().from(users)).toHaveLength(0);
  }, 60_000);

  it('with DEBUG=1, the stack trace too', async () => {
    const res = await runSeed(dataDir, { DEBUG: '1' });
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/Error: O banco embutido em .* está aberto por outro processo/);
    expect(res.err).toMatch(/\n\s+at /);
  }, 60_000);
});
