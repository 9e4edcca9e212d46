/**
 * `db:backup` / `db:restore` round trips on the engine of the run: experiments and PDFs come back
 * byte for byte, and what was changed after the backup is undone.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../test/app.js';
import { createPgDatabase, migratedDataDir, testEngine } from '../test/database.js';
import { startLocalS3 } from '../test/s3.js';
import { type ObjectStoreSettings, openObjectStore } from '../modules/documents/public.js';
import { type Account, createAccount, createExperiment, samplePdf } from '../test/factories.js';
import { BackupError, backupDatabase, backupFormatOf, restoreDatabase, type Target } from './backup.js';
import { DataDirLockedError, openDatabase } from './client.js';

const work = mkdtempSync(join(tmpdir(), 'ga-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Everything a user could read back: the experiments and every PDF's bytes. */
async function snapshot(target: Target, account: Account) {
  const database = await openDatabase(target);
  const app = await buildApp({ config: configOf(target), database, logger: false });
  try {
    const list = (await app.inject({ method: 'GET', url: '/api/experiments?limit=500', headers: account.auth })).json();
    const pdfs: string[] = [];
    for (const e of list.experiments as Array<{ id: number }>) {
      const docs = (await app.inject({ method: 'GET', url: `/api/uploads/documents?experimentId=${e.id}`, headers: account.auth })).json();
      for (const d of docs.documents as Array<{ id: number }>) {
        const res = await app.inject({ method: 'GET', url: `/api/uploads/documents/${d.id}/download`, headers: account.auth });
        pdfs.push(res.rawPayload.toString('base64'));
      }
    }
    return { list, pdfs };
  } finally {
    await app.close();
    await database.close();
  }
}

/** With an object store, every PDF goes there (minBytes 0). */
const configOf = (target: Target) =>
  testConfig({ dataDir: target.dataDir, ...(target.objects ? { documentObjects: { ...target.objects, minBytes: 0 } } : {}) });

/** A local S3-compatible service for the S3 backend's round trips (each in its own prefix). */
const s3 = await startLocalS3();
afterAll(() => s3.close());
const s3Objects = (prefix: string) => ({ s3: { ...s3.settings, prefix } });

/** The object store lost (a new machine, an emptied bucket). */
async function emptyStore(settings: ObjectStoreSettings): Promise<void> {
  const store = await openObjectStore(settings);
  try {
    const keys: string[] = [];
    for await (const object of store.list()) keys.push(object.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) await store.delete(key);
  } finally {
    store.close?.();
  }
}

async function withApp<T>(target: Target, fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  await database.migrate();
  const app = await buildApp({ config: configOf(target), database, logger: false });
  try {
    return await fn(app);
  } finally {
    await app.close();
    await database.close();
  }
}

async function roundTrip(target: Target) {
  const { account, doomed } = await withApp(target, async (app) => {
    const account = await createAccount(app);
    await createExperiment(app, account, { cultivar: 'Primeiro' }, { filename: 'um.pdf', content: samplePdf('primeiro') });
    const doomed = await createExperiment(app, account, { cultivar: 'Segundo' }, { filename: 'dois.pdf', content: samplePdf('segundo') });
    return { account, doomed };
  });
  const before = await snapshot(target, account);
  expect(before.list.total).toBe(2);
  expect(before.pdfs).toHaveLength(2);

  const file = join(work, `backup-${Date.now()}`);
  await backupDatabase(target, file);
  // It holds password hashes: readable by its owner only.
  expect(statSync(file).mode & 0o777).toBe(0o600);
  // Changed after the backup: one experiment deleted.
  await withApp(target, async (app) => {
    const res = await app.inject({ method: 'DELETE', url: `/api/experiments/${doomed.id}`, headers: account.auth });
    expect(res.statusCode).toBe(204);
  });
  expect((await snapshot(target, account)).list.total).toBe(1);

  // The object store lost too: the restore brings its PDFs back.
  if (target.objects) await emptyStore(target.objects);
  await restoreDatabase(target, file);
  const after = await snapshot(target, account);
  expect(after).toEqual(before);
  return file;
}

describe.runIf(testEngine().kind === 'pglite')('backup of the embedded engine', () => {
  it('round-trips experiments and PDFs, keeping the replaced directory', async () => {
    const target = { dataDir: migratedDataDir(join(work, 'embedded')) };
    const file = await roundTrip(target);
    expect(backupFormatOf(new Uint8Array(readFileSync(file)))).toBe('pglite');
    // Several engine opens, a dump and a restore: 15 s measured idle, 70–107 s with the 2 cores
    // shared by a load of 13.
  }, 300_000);

  it('round-trips PDFs kept in the object store, which the restore brings back to an empty one', async () => {
    const target = { dataDir: migratedDataDir(join(work, 'embedded-objects')), objects: { dir: join(work, 'objetos-embutido') } };
    const file = await roundTrip(target);
    expect(backupFormatOf(new Uint8Array(readFileSync(file)))).toBe('pglite');
    // Several engine opens, a dump and a restore: 15 s measured idle, 70–107 s with the 2 cores
    // shared by a load of 13.
  }, 300_000);

  it('round-trips PDFs kept in an S3 bucket, which the restore fills again', async () => {
    const target = { dataDir: migratedDataDir(join(work, 'embedded-s3')), objects: s3Objects('embutido/') };
    const file = await roundTrip(target);
    expect(backupFormatOf(new Uint8Array(readFileSync(file)))).toBe('pglite');
    // As the folder's round trip above.
  }, 300_000);

  it('writes the backup with mode 0600 whatever the umask, over an old world-readable file too; a failed one leaves no file', async () => {
    const target = { dataDir: migratedDataDir(join(work, 'private')) };
    await withApp(target, async () => undefined);
    const file = join(work, 'private.tar.gz');
    writeFileSync(file, 'backup antigo');
    chmodSync(file, 0o666);
    const umask = process.umask(0);
    try {
      await backupDatabase(target, file);
    } finally {
      process.umask(umask);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(backupFormatOf(new Uint8Array(readFileSync(file)))).toBe('pglite');

    const failed = join(work, 'failed.dump');
    await expect(backupDatabase({ databaseUrl: 'postgres://ninguem:x@127.0.0.1:1/nada', dataDir: work }, failed)).rejects.toThrow(
      BackupError,
    );
    expect(existsSync(failed)).toBe(false);
    // Measured ~10 s on a busy machine (an engine open and a dump).
  }, 120_000);

  it('refuses a foreign file, a PostgreSQL dump, and a directory that a running server holds', async () => {
    const target = { dataDir: migratedDataDir(join(work, 'refusals')) };
    const junk = join(work, 'junk.bin');
    writeFileSync(junk, 'isto não é um backup');
    await expect(restoreDatabase(target, junk)).rejects.toThrow(BackupError);
    const fakeDump = join(work, 'fake.dump');
    writeFileSync(fakeDump, 'PGDMP\u0001\u000e');
    await expect(restoreDatabase(target, fakeDump)).rejects.toThrow(/PostgreSQL/);

    const file = join(work, 'held.tar.gz');
    await withApp(target, async () => undefined);
    await backupDatabase(target, file);
    const held = await openDatabase(target);
    try {
      // Same process: simulate another one by writing a live foreign pid into the lock.
      writeFileSync(join(target.dataDir, 'pglite.lock'), String(process.ppid));
      await expect(restoreDatabase(target, file)).rejects.toThrow(DataDirLockedError);
    } finally {
      writeFileSync(join(target.dataDir, 'pglite.lock'), String(process.pid));
      await held.close();
    }
    // Measured up to 19 s on a busy machine.
  }, 120_000);
});

describe.runIf(testEngine().kind === 'postgres')('backup of PostgreSQL', () => {
  it.each([
    ['a folder', { dir: join(work, 'objetos-pg') }],
    ['an S3 bucket', s3Objects('pg/')],
  ] as const)(
    'round-trips experiments and PDFs (in %s) with pg_dump and pg_restore',
    async (_, objects) => {
      const scratch = await createPgDatabase({ blank: true });
      try {
        const file = await roundTrip({ databaseUrl: scratch.url.toString(), dataDir: work, objects });
        expect(backupFormatOf(new Uint8Array(readFileSync(file)))).toBe('pg_dump');
      } finally {
        await scratch.drop();
      }
    },
    180_000,
  );
});
