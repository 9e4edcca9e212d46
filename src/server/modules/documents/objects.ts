/**
 * An object store for PDF bytes kept out of the database's rows (docs/deploy.md, "Documentos").
 * Objects are named by the SHA-256 of their bytes: the same report uploaded twice, or the demo's
 * shared reports referenced by a million trials, is one object. An object is written (and synced)
 * before the row that references it commits; one no row references is an orphan, removed by
 * collectOrphans() once older than a grace period (a write still in its transaction is younger).
 *
 * This is the filesystem backend: the embedded default and the tests'. Several servers share it
 * only on a shared filesystem; an S3-compatible service is the deployment's choice beside them.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export interface ObjectStore {
  /** Writes the bytes under `key` durably (a reader never sees a partial object). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object's bytes in pieces of at most `chunk` bytes; throws when there is none. */
  chunks(key: string, chunk: number): AsyncIterable<Buffer>;
  delete(key: string): Promise<void>;
  /** When the object was last written, or null when there is none. */
  modifiedAt(key: string): Promise<Date | null>;
  /** Every object, in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /** Removes partial writes a crash left, older than `before` (a backend whose writes are atomic has none). */
  sweepPartials?(before: Date): Promise<number>;
}

const KEY = /^[0-9a-f]{64}$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`chave de objeto inválida: ${key}`);
  return key;
}

export class FileObjectStore implements ObjectStore {
  constructor(private readonly dir: string) {}

  /** Two levels of 256 folders: a million objects are ~15 per folder. */
  private pathOf(key: string): string {
    checkKey(key);
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
      if (!KEY.test(name)) continue;
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
