/**
 * Where a bulk upload's files wait on disk while the request streams in (docs/decisions/012,
 * "Spool"): one folder per request under `DATA_DIR/import-spool/`, named
 * `<host>.<pid>.<random>` so that a server starting later can tell whose it is. At start, folders
 * left by a process of this host that no longer runs (killed mid-upload), and any folder older than
 * a day, are removed; a live server's folder on the same machine is left alone.
 */
import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Below DATA_DIR: the folder every server of the machine spools into. */
export const SPOOL_FOLDER = 'import-spool';
/** No request lasts this long: a folder older than this is a leftover whoever made it. */
export const SPOOL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Writes one spooled file; tests replace it to fail as a full disk does. */
export interface SpoolWriter {
  open(path: string): Promise<{ write(chunk: Buffer): Promise<void>; close(): Promise<void> }>;
}

export const fileSpoolWriter: SpoolWriter = {
  async open(path) {
    const handle: FileHandle = await open(path, 'w');
    return {
      async write(chunk) {
        await handle.write(chunk);
      },
      close: () => handle.close(),
    };
  },
};

const HOST = hostname().replace(/[^A-Za-z0-9-]/g, '_') || 'host';
const NAME = /^([A-Za-z0-9_-]+)\.(\d+)\.[0-9a-f]+$/;
/** Folders this process made (several apps may share one process in tests): never leftovers. */
const ours = new Set<string>();

export function spoolRoot(dataDir: string): string {
  return join(dataDir, SPOOL_FOLDER);
}

/** A new folder for one request. */
export async function createSpoolFolder(root: string): Promise<string> {
  await mkdir(root, { recursive: true });
  const dir = join(root, `${HOST}.${process.pid}.${randomBytes(6).toString('hex')}`);
  await mkdir(dir);
  ours.add(dir);
  return dir;
}

export async function removeSpoolFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  ours.delete(dir);
}

/** Is a process with this id running (on this machine)? */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what earlier processes left in `root`: folders named by this host whose process is gone
 * (or has this process's id, which a container restart reuses, but were not made by it), and any
 * of ours older than SPOOL_MAX_AGE_MS. Anything not named like a spool folder is left as it is.
 * Returns the names removed.
 */
export async function cleanSpoolLeftovers(
  root: string,
  opts: { now?: number; alive?: (pid: number) => boolean; host?: string } = {},
): Promise<string[]> {
  const now = opts.now ?? Date.now();
  const alive = opts.alive ?? processAlive;
  const host = opts.host ?? HOST;
  let names: string[];
  try {
    names = await readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    const dir = join(root, name);
    if (!match || ours.has(dir)) continue;
    const pid = Number(match[2]);
    let leftover = match[1] === host && (pid === process.pid || !alive(pid));
    if (!leftover) {
      const info = await stat(dir).catch(() => null);
      leftover = info !== null && now - info.mtimeMs > SPOOL_MAX_AGE_MS;
    }
    if (!leftover) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
