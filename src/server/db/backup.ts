/**
 * Backups: a consistent copy of the whole database, experiments and PDFs included.
 * PostgreSQL: `pg_dump --format=custom` (one snapshot), restored with `pg_restore` in a single
 * transaction. Embedded engine: PGlite's dump of its data directory (gzipped tar) after a
 * checkpoint, restored into a fresh directory; the directory it replaces is kept beside it.
 */
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileObjectStore, type ObjectStore, type ObjectStoreSettings, openObjectStore } from '../modules/documents/public.js';
import { type Database, loadPgliteDump, openDatabase } from './client.js';

export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupFormat = 'pg_dump' | 'pglite';

/** Which kind of backup a file holds, by its first bytes. */
export function backupFormatOf(bytes: Uint8Array): BackupFormat | null {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return 'pglite';
  return null;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT' ? `${command} não encontrado: instale o cliente do PostgreSQL (pacote postgresql-client).` : err.message,
        ),
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} falhou (código ${code}): ${stderr.trim()}`))));
  });
}

export interface Target {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The documents' object store (a folder or an S3 bucket), when PDFs live there too. */
  objects?: ObjectStoreSettings | undefined;
}

/** Where a backup keeps the object store's PDFs: a folder beside its file. */
export const objectsBesideBackup = (file: string) => `${file}.documentos`;

/** Copies every object of `source` missing in `target`; how many it copied. Objects are named by their bytes, so present is the same. */
async function copyObjects(source: ObjectStore, target: ObjectStore): Promise<number> {
  let copied = 0;
  for await (const object of source.list()) {
    if (await target.modifiedAt(object.key)) continue;
    const pieces: Buffer[] = [];
    for await (const piece of source.chunks(object.key, 1 << 20)) pieces.push(piece);
    await target.put(object.key, Buffer.concat(pieces));
    copied++;
  }
  return copied;
}

async function withObjectStore<T>(settings: ObjectStoreSettings, use: (store: ObjectStore) => Promise<T>): Promise<T> {
  const store = await openObjectStore(settings);
  try {
    return await use(store);
  } finally {
    store.close?.();
  }
}

/** Backups hold password hashes and every trial: readable by their owner only. */
export const BACKUP_FILE_MODE = 0o600;

/**
 * Creates (or empties) `file` with mode 0600 before anything is written to it, whatever the umask:
 * pg_dump then writes into it and keeps the mode, and no reader can open it in the meantime.
 */
function createPrivateFile(file: string): void {
  closeSync(openSync(file, 'w', BACKUP_FILE_MODE));
  // `mode` applies only to a new file: an existing one keeps its own until told otherwise.
  chmodSync(file, BACKUP_FILE_MODE);
}

/**
 * Writes a backup of the configured database to `file` (mode 0600) and, after it, the object
 * store's PDFs to the folder beside it (objectsBesideBackup): every object the dump references was
 * written before its row committed, and the collector spares objects for an hour, so the folder
 * holds all of them (and perhaps a few newer ones, orphans to the restored database).
 */
export async function backupDatabase(target: Target, file: string): Promise<void> {
  createPrivateFile(file);
  try {
    if (target.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.databaseUrl}`]);
      chmodSync(file, BACKUP_FILE_MODE);
    } else {
      const database = await openDatabase({ dataDir: target.dataDir });
      try {
        writeFileSync(file, await dumpOf(database), { mode: BACKUP_FILE_MODE });
      } finally {
        await database.close();
      }
    }
    if (target.objects) {
      mkdirSync(objectsBesideBackup(file), { recursive: true, mode: 0o700 });
      await withObjectStore(target.objects, (store) => copyObjects(store, new FileObjectStore(objectsBesideBackup(file))));
    }
  } catch (err) {
    // No half-written backup left to be mistaken for a good one.
    rmSync(file, { force: true });
    throw err;
  }
}

async function dumpOf(database: Database): Promise<Uint8Array> {
  if (!database.dump) throw new BackupError('Este banco não oferece cópia do diretório de dados.');
  return database.dump();
}

/**
 * Restores `file` into the configured database. PostgreSQL: the database's objects are replaced
 * in one transaction. Embedded: the data directory is replaced, the former one kept as
 * `pglite.antes-da-restauracao-<data>`. Returns that folder, when there is one.
 */
export async function restoreDatabase(target: Target, file: string): Promise<string | null> {
  if (!existsSync(file)) throw new BackupError(`Arquivo não encontrado: ${file}`);
  // The PDFs first: once the rows are back, the objects they reference are there.
  if (target.objects && existsSync(objectsBesideBackup(file)))
    await withObjectStore(target.objects, (store) => copyObjects(new FileObjectStore(objectsBesideBackup(file)), store));
  const bytes = readFileSync(file);
  const format = backupFormatOf(bytes);
  if (!format) throw new BackupError('Este arquivo não é um backup do Gestão Agrícola (nem pg_dump nem cópia do banco embutido).');
  if (target.databaseUrl) {
    if (format !== 'pg_dump') throw new BackupError('Este backup é do banco embutido; o banco configurado é PostgreSQL (DATABASE_URL).');
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return null;
  }
  if (format !== 'pglite') throw new BackupError('Este backup é do PostgreSQL (pg_dump); o banco configurado é o embutido (DATA_DIR).');
  const dir = join(target.dataDir, 'pglite');
  const incoming = join(target.dataDir, `pglite.restaurando-${Date.now()}`);
  await loadPgliteDump(incoming, bytes);
  // The restored copy must open and hold the schema before it replaces anything.
  const check = await openDatabase({ pgliteDir: incoming });
  try {
    await check.migrate();
  } finally {
    await check.close();
  }
  let kept: string | null = null;
  if (existsSync(dir)) {
    kept = join(target.dataDir, `pglite.antes-da-restauracao-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    // Opening (and locking) the current directory first refuses while a server is using it.
    const current = await openDatabase({ pgliteDir: dir });
    await current.close();
    renameSync(dir, kept);
  }
  renameSync(incoming, dir);
  rmSync(`${incoming}.lock`, { force: true });
  return kept;
}
