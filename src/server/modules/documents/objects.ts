/**
 * An object store for PDF bytes kept out of the database's rows (docs/deploy.md, "Documentos").
 * Objects are named by the SHA-256 of their bytes: the same report uploaded twice, or the demo's
 * shared reports referenced by a million trials, is one object. An object is written (and synced)
 * before the row that references it commits; one no row references is an orphan, removed by
 * collectOrphans() once older than a grace period (a write still in its transaction is younger).
 *
 * Two backends: a folder (FileObjectStore, the embedded default), which several servers share only
 * on a shared filesystem, and any S3-compatible service (s3-objects.ts), chosen by
 * DOCUMENTS_S3_BUCKET. openObjectStore() opens the configured one.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { type ObjectStore, type S3Settings, type StoredObject, checkObjectKey, isObjectKey } from './object-store.js';

/** Where the objects are (config.ts, DOCUMENTS_DIR or DOCUMENTS_S3_*). */
export type ObjectStoreSettings = { dir: string } | { s3: S3Settings };

/**
 * The configured store. The S3 client is loaded only when asked for, and its bucket is checked
 * first: a server whose documents could not be stored refuses to start, with the reason.
 */
export async function openObjectStore(settings: ObjectStoreSettings): Promise<ObjectStore> {
  if ('dir' in settings) return new FileObjectStore(settings.dir);
  const { S3ObjectStore } = await import('./s3-objects.js');
  const store = new S3ObjectStore(settings.s3);
  try {
    await store.check();
  } catch (err) {
    store.close();
    throw err;
  }
  return store;
}

export class FileObjectStore implements ObjectStore {
  constructor(private readonly dir: string) {}

  /** Two levels of 256 folders: a million objects are ~15 per folder. */
  private pathOf(key: string): string {
    checkObjectKey(key);
    return join(this.dir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    try {
      if ((await stat(path)).size === bytes.length) {
        // Already there (the same bytes under another document): made young again, so that the
        // collector, which spares recent objects, does not take it before this row commits.
        const now = new Date();
        await utimes(path, now, now);
        return;
      }
    } catch {
      // Not there yet.
    }
    await mkdir(join(path, '..'), { recursive: true });
    // Written beside and renamed: a crash leaves a .tmp file (removed by collectOrphans), never a
    // short object under its key.
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  }

  async *chunks(key: string, chunk: number): AsyncIterable<Buffer> {
    const stream = createReadStream(this.pathOf(key), { highWaterMark: chunk });
    for await (const piece of stream) yield piece as Buffer;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async modifiedAt(key: string): Promise<Date | null> {
    return (await stat(this.pathOf(key)).catch(() => null))?.mtime ?? null;
  }

  async *list(): AsyncIterable<StoredObject> {
    for (const { path, name } of await this.files()) {
      if (!isObjectKey(name)) continue;
      const modifiedAt = (await stat(path).catch(() => null))?.mtime;
      if (modifiedAt) yield { key: name, modifiedAt };
    }
  }

  /** Removes what crashed writes left (their .tmp files) older than `before`; how many. */
  async sweepPartials(before: Date): Promise<number> {
    let removed = 0;
    for (const { path, name } of await this.files()) {
      if (!name.endsWith('.tmp')) continue;
      const modifiedAt = (await stat(path).catch(() => null))?.mtime;
      if (modifiedAt && modifiedAt < before) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private async files(): Promise<{ path: string; name: string }[]> {
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    return entries.filter((e) => e.isFile()).map((e) => ({ path: join(e.parentPath, e.name), name: e.name }));
  }
}
